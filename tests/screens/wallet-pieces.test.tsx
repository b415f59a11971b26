import { beforeAll, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IdentityGate } from '../../src/screens/identity-gate';
import { WalletPaymentCard } from '../../src/screens/wallet-payment-card';
import GhanaCard from '../../src/screens/ghana-card';
import { HistoryFilterMenu } from '../../src/screens/history-filter-menu';
import { MovementList } from '../../src/screens/wallet-movements';
import type { Identification } from '../../src/contract/identification';
import type { WalletMovement } from '../../src/contract/wallet';
import { auth, fakeSession, renderScreen } from './render';
import { stubCanvas } from './canvas-stub';

beforeAll(stubCanvas);

const location = () => screen.getByTestId('location').textContent;

describe('IdentityGate', () => {
  it('shows the notice and a "Click here" link to /Dashboard/myIdentifications when the user has none', async () => {
    const { actor } = fakeSession({ auth: auth() });
    renderScreen(
      <IdentityGate session={actor} title="withdrawalScreen.title">
        <p>the money screen</p>
      </IdentityGate>,
      { route: '/Withdrawal' },
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Withdraw Funds' })).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent(
      'Please add your identification to continue to this page',
    );
    expect(screen.queryByText('the money screen')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Click here' }));
    expect(location()).toBe('/Dashboard/myIdentifications');
    // The page comes along, so the user is back on it once the identification is added (issue 23).
    expect(screen.getByTestId('location')).toHaveAttribute(
      'data-state',
      JSON.stringify({ from: '/Withdrawal' }),
    );
  });

  it('shows the screen once the session says an identification was added', async () => {
    const { actor } = fakeSession({ auth: auth() });
    renderScreen(
      <IdentityGate session={actor} title="withdrawalScreen.title">
        <p>the money screen</p>
      </IdentityGate>,
    );
    act(() => actor.send({ type: 'IDENTIFICATION_ADDED' }));
    expect(await screen.findByText('the money screen')).toBeInTheDocument();
    expect(screen.queryByText(/Please add your identification/)).not.toBeInTheDocument();
  });
});

describe('WalletPaymentCard', () => {
  it('shows the balance, the 1% fee, the total and the amount after transfer when the wallet covers it', () => {
    renderScreen(
      <WalletPaymentCard balanceMinor={50_000} amountMinor={10_050} mode="pay" onPay={() => undefined} />,
    );
    expect(screen.getByText('GH₵ 500.00')).toBeInTheDocument();
    expect(screen.getByText('Available Balance')).toBeInTheDocument();
    const text = (node: Node | null | undefined) => node?.textContent?.replace(/\s/g, ' ');
    const terms = screen.getAllByRole('term').map((term) => [text(term), text(term.nextSibling)]);
    expect(terms).toEqual([
      ['Amount', 'GH₵ 100.50'],
      ['Processing fee (1%)', 'GH₵ 1.01'],
      ['Total', 'GH₵ 101.51'],
      ['Amount after transfer', 'GH₵ 398.49'],
    ]);
    expect(screen.queryByText("You don't have enough funds!")).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Click to pay' })).toBeEnabled();
  });

  it('says "You don\'t have enough funds!" with a link to /WalletTopUp when amount plus fee exceeds the balance', async () => {
    const onPay = vi.fn();
    renderScreen(<WalletPaymentCard balanceMinor={10_000} amountMinor={10_000} mode="pay" onPay={onPay} />);
    expect(screen.getByRole('alert')).toHaveTextContent("You don't have enough funds!");
    expect(screen.queryByText('Amount after transfer')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Click to pay' })).toBeDisabled();
    await userEvent.click(screen.getByRole('link', { name: 'Top up your wallet' }));
    expect(location()).toBe('/WalletTopUp');
  });

  it('prompts to select the wallet in select mode and says Processing... while paying', () => {
    const { unmount } = renderScreen(
      <WalletPaymentCard balanceMinor={10_000} amountMinor={100} mode="select" />,
    );
    expect(screen.getByText('Please select a mobile wallet')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Click to pay' })).not.toBeInTheDocument();
    unmount();
    renderScreen(<WalletPaymentCard balanceMinor={10_000} amountMinor={100} mode="pay" processing />);
    expect(screen.getByRole('button', { name: 'Processing...' })).toHaveAttribute('aria-busy', 'true');
  });
});

const identification: Identification = {
  id: 1,
  identificationTypeId: 1,
  identificationType: 'Ghana Card',
  identificationNumber: '1234567890',
  identificationNo: '1234567890',
  issuedDate: '2021-03-04',
  expiryDate: '2031-03-03',
  fullName: 'Ama Mensah',
  imageId: 'img-1',
};

describe('GhanaCard', () => {
  it('shows number, name, dates, the photo from a blob: URL (revoked when it goes) and a drawn barcode', async () => {
    const created = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:photo-1');
    const revoked = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const loadImage = vi.fn(async () => new Blob([new Uint8Array([1])], { type: 'image/png' }));
    const { unmount } = renderScreen(<GhanaCard identification={identification} loadImage={loadImage} />);
    const card = screen.getByRole('article', { name: 'Ghana Card 1234567890' });
    expect(within(card).getByText('1234567890')).toBeInTheDocument();
    expect(within(card).getByText('Ama Mensah')).toBeInTheDocument();
    expect(within(card).getByText('4 Mar 2021')).toBeInTheDocument();
    expect(within(card).getByText('3 Mar 2031')).toBeInTheDocument();
    expect(await within(card).findByRole('img', { name: 'ID photo of Ama Mensah' })).toHaveAttribute(
      'src',
      'blob:photo-1',
    );
    expect(loadImage).toHaveBeenCalledWith(
      'img-1',
      expect.objectContaining({ signal: expect.any(AbortSignal) }),
    );
    const barcode = within(card).getByRole('img', { name: 'Barcode of ID number 1234567890' });
    expect(barcode.querySelectorAll('svg rect').length).toBeGreaterThan(10);
    unmount();
    expect(revoked).toHaveBeenCalledWith('blob:photo-1');
    created.mockRestore();
    revoked.mockRestore();
  });

  it('says so when the photo cannot be loaded', async () => {
    renderScreen(
      <GhanaCard identification={identification} loadImage={() => Promise.reject(new Error('404'))} />,
    );
    expect(await screen.findByText('The photo could not be loaded.')).toBeInTheDocument();
  });
});

describe('HistoryFilterMenu', () => {
  it("opens the four histories from the button named for the one shown ('Show: Wallet') and closes on Escape", async () => {
    renderScreen(<HistoryFilterMenu />, { route: '/Dashboard/walletHistory' });
    const filter = screen.getByRole('button', { name: 'Show: Wallet' });
    expect(filter).toHaveTextContent('Show: Wallet ▾');
    expect(filter).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(filter);
    expect(filter).toHaveAttribute('aria-expanded', 'true');
    const links = screen.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Transaction History', '/Dashboard/transactionHistory'],
      ['Betting History', '/Dashboard/bettingHistory'],
      ['Wallet History', '/Dashboard/walletHistory'],
      ['Billing History', '/Dashboard/billHistory'],
    ]);
    await userEvent.keyboard('{Escape}');
    expect(filter).toHaveAttribute('aria-expanded', 'false');
    expect(filter).toHaveFocus();
    await userEvent.click(filter);
    await userEvent.click(screen.getByRole('link', { name: 'Billing History' }));
    await waitFor(() => expect(location()).toBe('/Dashboard/billHistory'));
  });
});

describe('MovementList', () => {
  const row = (over: Partial<WalletMovement>): WalletMovement => ({
    id: 1,
    amount: 5000,
    fee: 0,
    actionType: 'Credit',
    description: 'x',
    kind: 'card_top_up',
    counterparty: 'Visa •••• 4242',
    status: 'Successful',
    failureMessageId: null,
    referenceNumber: 'WT-1',
    date: '2026-11-20T10:00:00Z',
    ...over,
  });

  it('names credits and debits in words beside their arrows, and colours statuses', () => {
    renderScreen(
      <MovementList
        rows={[
          row({ id: 1 }),
          row({
            id: 2,
            actionType: 'Debit',
            kind: 'momo_withdrawal',
            counterparty: 'MTN •••• 4567',
            status: 'pending',
            amount: 2050,
          }),
          row({
            id: 3,
            actionType: 'Debit',
            kind: 'bank_withdrawal',
            counterparty: 'GCB •••• 7890',
            status: 'Failed',
          }),
        ]}
      />,
    );
    const items = screen.getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Top-up by card Visa •••• 4242');
    expect(items[0]).toHaveTextContent('↑Credit GH₵ 50.00');
    expect(within(items[0]!).getByText('↑')).toHaveAttribute('aria-hidden', 'true');
    expect(within(items[0]!).getByText('↑').parentElement).toHaveClass('direction-credit');
    expect(within(items[0]!).getByText('Successful')).toHaveClass('status-success');
    expect(items[1]).toHaveTextContent('↓Debit GH₵ 20.50');
    expect(within(items[1]!).getByText('↓').parentElement).toHaveClass('direction-debit');
    expect(within(items[1]!).getByText('pending')).toHaveClass('status-pending');
    expect(within(items[2]!).getByText('Failed')).toHaveClass('status-failed');
  });
});
