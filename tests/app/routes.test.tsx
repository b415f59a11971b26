import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { auth, fakeCookieConsent, fakeSession, httpError, renderApp } from '../screens/render';
import { proves } from '../support/requirements';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

// The real route containers call the real services: answer them without a network.
beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url.startsWith('/api/health')) return json({ code: 200, message: 'OK', data: { database: 'up' } });
      if (url.startsWith('/api/User/GetWalletAmountByUserId'))
        return json({ code: 200, message: 'OK', data: { walletAmount: 0 } });
      if (url.startsWith('/api/Country/GetAllCountries'))
        return json({
          code: 200,
          message: 'OK',
          data: [{ id: 1, name: 'Ghana', isoCode: 'GH', dialCode: '+233' }],
        });
      return json({ code: 404, message: 'Not found.', data: { messageId: 'notFound' } }, 404);
    }),
  );
});

afterEach(() => vi.unstubAllGlobals());

const location = () => screen.getByTestId('location').textContent;
const signedIn = () => fakeSession({ auth: auth() }).actor;

describe('route table', () => {
  it('redirects any unknown path to /', async () => {
    renderApp('/no-such-page/at-all');
    await waitFor(() => expect(location()).toBe('/'));
    expect(
      screen.getByRole('heading', { level: 1, name: 'Send money across Ghana and Africa' }),
    ).toBeInTheDocument();
  });

  it.each(['/login', '/LogIn', '/LOGIN'])(
    'matches %s case-insensitively to the log-in screen',
    async (path) => {
      renderApp(path);
      expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
      expect(location()).toBe(path);
    },
  );

  it.each(['/signup', '/SignUp'])('matches %s to the lazily loaded sign-up screen', async (path) => {
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: 'Create your account' })).toBeInTheDocument();
  });

  it.each([
    '/Dashboard',
    '/dashboard',
    '/dashboard/transactionHistory',
    '/SendMoney',
    '/sendmoney',
    '/Withdrawal',
  ])('sends a visitor without a session from %s to /LogIn', async (path) => {
    renderApp(path);
    await waitFor(() => expect(location()).toBe('/LogIn'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
  });

  it.each(['/Dashboard', '/dashboard'])(
    'opens %s on transactionHistory with the balance card',
    async (path) => {
      renderApp(path, { session: signedIn() });
      await waitFor(() => expect(location()).toMatch(/^\/dashboard\/transactionHistory$/i));
      expect(await screen.findByText('Available Balance')).toBeInTheDocument();
      expect(screen.getByText('GH₵ 0.00')).toBeInTheDocument();
      expect(screen.getByRole('navigation', { name: 'My Account' })).toBeInTheDocument();
    },
  );

  it.each([
    ['/SendMoney', 'Send Money'],
    ['/sendmoney', 'Send Money'],
    ['/CrossBorderPayment', 'Cross Border Payment'],
  ])('shows %s behind the identity gate when signed in without an identification', async (path, name) => {
    renderApp(path, { session: signedIn() });
    expect(await screen.findByRole('heading', { level: 1, name })).toBeInTheDocument();
    expect(screen.getByText('Please add your identification to continue to this page')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Click here' })).toHaveAttribute(
      'href',
      '/Dashboard/myIdentifications',
    );
  });

  it.each(['/deposit', '/deposit/abc', '/Dashboard/bettingDeposit'])(
    'shows %s behind the identity gate when signed in without an identification',
    async (path) => {
      renderApp(path, { session: signedIn() });
      expect(await screen.findByRole('heading', { level: 1, name: 'Betting & Games' })).toBeInTheDocument();
      expect(screen.getByText('Please add your identification to continue to this page')).toBeInTheDocument();
    },
  );

  it('shows the public terms page without a session', async () => {
    renderApp('/TermsAndConditions');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Terms and Conditions' }),
    ).toBeInTheDocument();
    expect(location()).toBe('/TermsAndConditions');
  });

  it('shares one forgot-password flow between /otp and /createnewpassword', async () => {
    renderApp('/createnewpassword');
    expect(await screen.findByRole('link', { name: 'Start over' })).toHaveAttribute('href', '/otp');
    await userEvent.click(screen.getByRole('link', { name: 'Start over' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Forgot your password?' }),
    ).toBeInTheDocument();
  });
});

describe('layout', () => {
  it('logs out from the account menu and lands on / signed out', async () => {
    const session = fakeSession({ auth: auth() });
    renderApp('/Dashboard', { session: session.actor });
    await userEvent.click(await screen.findByRole('button', { name: 'Account menu' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Logout' }));
    await waitFor(() => expect(location()).toBe('/'));
    expect(screen.getByRole('link', { name: 'Sign Up' })).toBeInTheDocument();
    expect(session.persisted.at(-1)).toBeNull();
  });

  it('shows the session popup on an expired token, then goes to /LogIn', async () => {
    const session = fakeSession({
      auth: auth(),
      validationInterval: 5,
      logoutDelay: 50,
      validateToken: () => Promise.reject(httpError(401, 'auth.required')),
    });
    renderApp('/Dashboard', { session: session.actor });
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('Token expired. Logging you out...');
    await waitFor(() => expect(location()).toBe('/LogIn'));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it(proves('S4.cookie.1', 'shows the cookie banner until the visitor decides'), async () => {
    const consent = fakeCookieConsent(null);
    renderApp('/', { cookieConsent: consent.actor });
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }));
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).not.toBeInTheDocument();
    expect(consent.stored).toEqual([true]);
  });

  it('translates the whole page from the header language select', async () => {
    renderApp('/LogIn');
    await userEvent.selectOptions(await screen.findByLabelText('Language: English'), 'Français');
    expect(await screen.findByRole('heading', { level: 1, name: 'Connexion' })).toBeInTheDocument();
    expect(screen.getByLabelText('Mot de passe')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Se connecter' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Mot de passe oublié' })).toHaveAttribute('href', '/otp');
  });
});
