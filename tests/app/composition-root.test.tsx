import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { I18nProvider } from '../../src/i18n/i18n';
import { CompositionRoot } from '../../src/app/composition-root';
import { AppRoutes } from '../../src/app/routes';
import { authStore, resetAuth, saveSession } from '../../src/app/stores/auth-store';
import { setAuthSource } from '../../src/services/http';
import { LocationDisplay, auth } from '../screens/render';
import { proves } from '../support/requirements';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const ok = (data: unknown) => json({ code: 200, message: 'OK', data });

const calls: { url: string; method: string; authorization: string | null; body: unknown }[] = [];

/** A tiny fake of the API host, enough for the composition root's real services. */
const fakeApi = vi.fn(async (url: string, init: RequestInit = {}) => {
  const headers = new Headers(init.headers);
  calls.push({
    url,
    method: init.method ?? 'GET',
    authorization: headers.get('Authorization'),
    body: init.body ? JSON.parse(String(init.body)) : undefined,
  });
  if (url === '/api/health') return ok({ database: 'up' });
  if (url === '/api/User/UserLogin')
    return ok({ token: 'fresh-token', userDetails: { ...auth().user, walletAmount: 5 } });
  if (url === '/api/User/ValidateToken') return ok({ valid: true });
  if (url.startsWith('/api/User/GetWalletAmountByUserId')) return ok({ walletAmount: 12.5 });
  if (url.startsWith('/api/User/GetWalletHistoryPage'))
    return ok({ rows: [], total: 0, page: 0, pageSize: 5 });
  if (url === '/api/User/Logout') return ok(null);
  return json({ code: 404, message: 'Not found.', data: { messageId: 'notFound' } }, 404);
});

const renderRoot = (path: string, { live = true } = {}) =>
  render(
    <I18nProvider>
      <MemoryRouter initialEntries={[path]}>
        <CompositionRoot live={live}>
          <AppRoutes />
        </CompositionRoot>
        <LocationDisplay />
      </MemoryRouter>
    </I18nProvider>,
  );

const location = () => screen.getByTestId('location').textContent;

beforeEach(() => {
  calls.length = 0;
  vi.stubGlobal('fetch', fakeApi);
  // The composition root installs the session as the auth source.
  document.cookie = 'userConsent=true; path=/';
});

afterEach(() => {
  vi.unstubAllGlobals();
  resetAuth();
  setAuthSource(null);
});

describe('composition root with the real services', () => {
  it('logs in, stores the session, opens the dashboard and refreshes the balance with the bearer token', async () => {
    renderRoot('/LogIn');
    await userEvent.type(await screen.findByLabelText('Email'), 'ama@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'Secret123');
    await userEvent.click(screen.getByRole('button', { name: 'Log In' }));

    await waitFor(() => expect(location()).toMatch(/^\/dashboard\/transactionHistory$/i));
    expect(await screen.findByText('GH₵ 12.50')).toBeInTheDocument();

    const logIn = calls.find((call) => call.url === '/api/User/UserLogin')!;
    expect(logIn).toMatchObject({
      method: 'POST',
      authorization: null,
      body: { email: 'ama@example.com', password: 'Secret123' },
    });
    const wallet = calls.find((call) => call.url.startsWith('/api/User/GetWalletAmountByUserId'))!;
    expect(wallet).toMatchObject({
      url: '/api/User/GetWalletAmountByUserId?userId=7',
      authorization: 'Bearer fresh-token',
    });

    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(JSON.parse(localStorage.getItem('auth')!)).toMatchObject({
      token: 'fresh-token',
      userId: 7,
      firstName: 'Ama',
      walletAmount: 1250,
    });
  });

  it('keeps a stored session across a reload and logs out to /, revoking the token', async () => {
    saveSession(auth(300));
    renderRoot('/Dashboard');
    expect(await screen.findByText('Available Balance')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Account menu' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Logout' }));
    await waitFor(() => expect(location()).toBe('/'));
    expect(calls.find((call) => call.url === '/api/User/Logout')).toMatchObject({
      method: 'POST',
      authorization: 'Bearer token-1',
    });
    expect(authStore.token).toBeNull();
  });

  it('validates the token every second while signed in, without an Authorization header', async () => {
    saveSession(auth());
    renderRoot('/Dashboard');
    await waitFor(
      () =>
        expect(calls.filter((call) => call.url === '/api/User/ValidateToken').length).toBeGreaterThanOrEqual(
          1,
        ),
      { timeout: 2500 },
    );
    const validation = calls.find((call) => call.url === '/api/User/ValidateToken')!;
    expect(validation).toMatchObject({ method: 'POST', authorization: null, body: { token: 'token-1' } });
  });

  it(
    proves('S9.consent.1', 'writes the userConsent cookie for a year when the visitor accepts'),
    async () => {
      document.cookie = 'userConsent=; max-age=0; path=/';
      const write = vi.spyOn(document, 'cookie', 'set');
      renderRoot('/');
      await userEvent.click(screen.getByRole('button', { name: 'Accept' }));
      expect(write).toHaveBeenCalledWith('userConsent=true; path=/; max-age=31536000; SameSite=Lax');
      expect(document.cookie).toContain('userConsent=true');
      write.mockRestore();
    },
  );

  describe('a prerendered public page, hydrated before the actors exist (live = false)', () => {
    it("draws the visitor's page at once, and creates the actors at the first interaction", async () => {
      document.cookie = 'userConsent=; max-age=0; path=/';
      renderRoot('/', { live: false });
      // Drawn without waiting for anything: the visitor's header and the banner the cookie asks for.
      expect(screen.getByRole('link', { name: 'Sign Up' })).toBeInTheDocument();
      expect(screen.getByRole('region', { name: 'Cookie consent' })).toBeInTheDocument();
      const write = vi.spyOn(document, 'cookie', 'set');
      // The click is the first interaction: the answer waits for the consent actor, which stores it.
      await userEvent.click(screen.getByRole('button', { name: 'Decline' }));
      await waitFor(() =>
        expect(write).toHaveBeenCalledWith('userConsent=false; path=/; max-age=31536000; SameSite=Lax'),
      );
      await waitFor(() =>
        expect(screen.queryByRole('region', { name: 'Cookie consent' })).not.toBeInTheDocument(),
      );
      write.mockRestore();
    });

    it('a protected page reached from it asks for the session and sends a visitor to /LogIn', async () => {
      renderRoot('/Dashboard', { live: false });
      // The actors' chunk and then the log-in page's are loaded on the way (transformed on first use by the test run).
      await waitFor(() => expect(location()).toBe('/LogIn'), { timeout: 4_000 });
      expect(await screen.findByLabelText('Email', {}, { timeout: 4_000 })).toBeInTheDocument();
    }, 10_000);

    it('logs in from the hydrated log-in page: the session gets the user', async () => {
      renderRoot('/LogIn', { live: false });
      await userEvent.type(await screen.findByLabelText('Email'), 'ama@example.com');
      await userEvent.type(screen.getByLabelText('Password'), 'Secret123');
      await userEvent.click(screen.getByRole('button', { name: 'Log In' }));
      await waitFor(() => expect(location()).toMatch(/^\/dashboard/i));
      expect(await screen.findByText('GH₵ 12.50')).toBeInTheDocument();
      expect(authStore.token).toBe('fresh-token');
    });
  });
});
