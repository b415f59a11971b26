import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DashboardHomeScreen } from '../../src/screens/dashboard-home-screen';
import { DashboardLayout } from '../../src/screens/dashboard-layout';
import { Header } from '../../src/screens/header';
import { auth, fakeSession, renderScreen } from './render';
import { fakeWallet } from './wallet-fixtures';
import { fakePhoneVerification } from './phone-verification-fixtures';

describe('DashboardHomeScreen', () => {
  it('shows the available balance in GH₵ and hides or shows it on demand', async () => {
    const { actor } = fakeSession({ auth: auth(123450) });
    renderScreen(
      <DashboardHomeScreen
        session={actor}
        wallet={fakeWallet().actor}
        phoneVerification={fakePhoneVerification().actor}
      />,
      {
        route: '/Dashboard/transactionHistory',
      },
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome, Ama' })).toHaveFocus();
    const card = screen.getByRole('region', { name: 'Available Balance' });
    expect(within(card).getByText('GH₵ 1,234.50')).toBeInTheDocument();

    await userEvent.click(within(card).getByRole('button', { name: 'Hide balance' }));
    expect(within(card).queryByText('GH₵ 1,234.50')).not.toBeInTheDocument();
    expect(within(card).getByText('Balance hidden')).toBeInTheDocument();
    const show = within(card).getByRole('button', { name: 'Show balance' });
    expect(show).toHaveAttribute('aria-pressed', 'true');

    await userEvent.click(show);
    expect(within(card).getByText('GH₵ 1,234.50')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Add Cash' })).toHaveAttribute('href', '/WalletTopUp');
  });

  it('follows the wallet amount of the session', async () => {
    const { actor } = fakeSession({ auth: auth(0) });
    renderScreen(
      <DashboardHomeScreen
        session={actor}
        wallet={fakeWallet().actor}
        phoneVerification={fakePhoneVerification().actor}
      />,
    );
    expect(screen.getByText('GH₵ 0.00')).toBeInTheDocument();
    act(() => actor.send({ type: 'WALLET_AMOUNT_CHANGED', walletAmount: 2005 }));
    expect(await screen.findByText('GH₵ 20.05')).toBeInTheDocument();
  });

  it('shows an empty recent activity and the quick links', async () => {
    const { actor } = fakeSession({ auth: auth() });
    renderScreen(
      <DashboardHomeScreen
        session={actor}
        wallet={fakeWallet().actor}
        phoneVerification={fakePhoneVerification().actor}
      />,
    );
    const activity = screen.getByRole('region', { name: 'Recent Activity' });
    await waitFor(() => expect(activity).toHaveTextContent('No history to show'));
    const links = within(screen.getByRole('navigation', { name: 'Quick links' }));
    expect(links.getByRole('link', { name: 'Send money' })).toHaveAttribute('href', '/SendMoney');
    expect(links.getByRole('link', { name: 'Bill Payment' })).toHaveAttribute('href', '/BillPayment');
    expect(links.getByRole('link', { name: 'Cross Border Payment' })).toHaveAttribute(
      'href',
      '/CrossBorderPayment',
    );
  });

  it('renders in French with French money formatting', async () => {
    const { actor } = fakeSession({ auth: auth(123450) });
    renderScreen(
      <>
        <Header session={actor} />
        <DashboardHomeScreen
          session={actor}
          wallet={fakeWallet().actor}
          phoneVerification={fakePhoneVerification().actor}
        />
      </>,
      { route: '/Dashboard/transactionHistory' },
    );
    await userEvent.selectOptions(screen.getByLabelText('Language: English'), 'Français');
    expect(await screen.findByRole('heading', { level: 1, name: 'Bienvenue, Ama' })).toBeInTheDocument();
    expect(screen.getByText('Solde disponible')).toBeInTheDocument();
    expect(screen.getByText('1 234,50 GH₵')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Masquer le solde' })).toBeInTheDocument();
    expect(screen.getByText('Aucun historique à afficher')).toBeInTheDocument();
  });
});

describe('DashboardLayout', () => {
  it("lists the 'My Account' menu and logs out from it", async () => {
    const { actor } = fakeSession({ auth: auth(), logOut: () => new Promise(() => undefined) });
    renderScreen(
      <DashboardLayout session={actor}>
        <p>panel</p>
      </DashboardLayout>,
      { route: '/Dashboard/transactionHistory' },
    );
    const menu = within(screen.getByRole('navigation', { name: 'My Account' }));
    const expected: [string, string][] = [
      ['Transaction History', '/Dashboard/transactionHistory'],
      ['Beneficiaries', '/Dashboard/beneficiaries'],
      ['Send Money', '/sendmoney'],
      ['Betting & Games', '/deposit'],
      ['Withdraw Funds', '/Withdrawal'],
      ['Wallet Top Up', '/WalletTopUp'],
      ['My Identification', '/Dashboard/myIdentifications'],
    ];
    for (const [name, href] of expected)
      expect(menu.getByRole('link', { name })).toHaveAttribute('href', href);
    expect(menu.getByRole('link', { name: 'Transaction History' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByText('panel')).toBeInTheDocument();

    await userEvent.click(menu.getByRole('button', { name: 'Log Out' }));
    expect(actor.getSnapshot().matches('loggingOut')).toBe(true);
  });
});

describe('Header', () => {
  it('signed out: Sign Up and Login links', () => {
    const { actor } = fakeSession();
    renderScreen(<Header session={actor} />);
    expect(screen.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/SignUp');
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/LogIn');
    expect(screen.queryByRole('button', { name: 'Account menu' })).not.toBeInTheDocument();
  });

  it('signed in: the avatar shows the first letter of the first name and its menu logs out', async () => {
    const { actor } = fakeSession({ auth: auth(), logOut: () => new Promise(() => undefined) });
    renderScreen(<Header session={actor} />, { route: '/' });
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/Dashboard');
    expect(screen.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
    const avatar = screen.getByRole('button', { name: 'Account menu' });
    expect(avatar).toHaveTextContent('A');
    expect(avatar).toHaveAttribute('aria-expanded', 'false');

    await userEvent.click(avatar);
    expect(avatar).toHaveAttribute('aria-expanded', 'true');
    const logout = screen.getByRole('menuitem', { name: 'Logout' });
    await waitFor(() => expect(logout).toHaveFocus());
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(avatar).toHaveFocus();

    await userEvent.click(avatar);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Logout' }));
    expect(actor.getSnapshot().matches('loggingOut')).toBe(true);
  });

  it('has no Dashboard link on dashboard paths', () => {
    const { actor } = fakeSession({ auth: auth() });
    renderScreen(<Header session={actor} />, { route: '/dashboard/walletHistory' });
    expect(screen.queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
  });
});
