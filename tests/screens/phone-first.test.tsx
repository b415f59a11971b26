import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MonthSummary } from '../../src/contract/wallet';
import type { TransactionMovement } from '../../src/contract/transfer';
import type { PageRequest, ServerPage } from '../../src/machines/shared/paged-list';
import { transactionHistoryMachine } from '../../src/machines/transaction-history.machine';
import { transactionReceiptMachine } from '../../src/machines/transaction-receipt.machine';
import { walletHistoryMachine } from '../../src/machines/wallet-history.machine';
import { AccountScreen } from '../../src/screens/dashboard-layout';
import { BottomNav } from '../../src/screens/bottom-nav';
import { MonthChart, MonthPanel } from '../../src/screens/month-chart';
import PayScreen from '../../src/screens/pay-screen';
import { TransactionHistoryPanel } from '../../src/screens/transaction-history-panel';
import { WalletHistoryPanel } from '../../src/screens/wallet-history-panel';
import { Skeleton } from '../../src/screens/ui/skeleton';
import { WIDE_SCREEN_QUERY } from '../../src/screens/ui/viewport';
import { receiptOf, transferRow } from '../support/machine-models-transfer';
import { pagedServer } from '../support/paged-server';
import { answeringReceipts, historyActor } from './history-fixtures';
import { apiError, auth, fakeSession, renderApp, renderScreen } from './render';
import { fakeMonthSummary, quietMonth, row } from './wallet-fixtures';

/** Money as Intl writes it: a no-break space between the symbol and the figures. */
const withNbsp = (text: string) => text.replace(/GH₵ /g, 'GH₵\u00a0');

/** The window as wide as a phone (below the breakpoint) or a laptop. */
const viewport = (width: 'phone' | 'wide') =>
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === WIDE_SCREEN_QUERY ? width === 'wide' : false,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));

afterEach(() => {
  vi.unstubAllGlobals();
});

const transfers: TransactionMovement[] = [
  transferRow(2, { receiverName: 'Kofi Boateng', sendAmount: 3000, status: 'pending' }),
  transferRow(1, {
    direction: 'received',
    senderName: 'Akosua Mensah',
    receiverName: 'Ama Mensah',
    receiveAmount: 12000,
  }),
];

const showTransfers = () => {
  const server = pagedServer(transfers, () => true);
  const actor = historyActor(transactionHistoryMachine, (request: PageRequest) => server.load(request));
  const { receiptMachine, receipts } = answeringReceipts(transactionReceiptMachine, (referenceNumber) =>
    receiptOf({ referenceNumber }),
  );
  renderScreen(<TransactionHistoryPanel actorRef={actor} receiptMachine={receiptMachine} />, {
    route: '/Dashboard/transactionHistory',
  });
  return { receipts };
};

describe('histories by viewport', () => {
  it('on a phone: a list of cards (signed amount coloured by direction, counterparty, date, reference, status chip), no table', async () => {
    viewport('phone');
    showTransfers();
    const list = await screen.findByRole('list', { name: 'Your transfers, newest first' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(2);

    const sent = within(cards[0]!).getByRole('button');
    expect(sent).toHaveTextContent('Kofi Boateng');
    expect(sent).toHaveTextContent('−Money out: GH₵ 30.00');
    expect(sent.querySelector('.history-card-amount')).toHaveClass('amount-out');
    expect(within(sent).getByText('pending')).toHaveClass('status-pending');
    expect(sent.querySelector('time')).toHaveAttribute('dateTime', transfers[0]!.date);
    expect(sent.querySelector('time')).toHaveTextContent('3 Nov 2026, 10:00');
    expect(sent.querySelector('.history-card-reference')).toHaveTextContent(
      `Reference ${transfers[0]!.referenceNumber}`,
    );

    const received = within(cards[1]!).getByRole('button');
    expect(received).toHaveTextContent('Akosua Mensah');
    expect(received).toHaveTextContent('+Money in: GH₵ 120.00');
    expect(received.querySelector('.history-card-amount')).toHaveClass('amount-in');
    expect(within(received).getByText('Successful')).toHaveClass('status-success');
  });

  it('on a phone the whole card is the button that opens the receipt', async () => {
    viewport('phone');
    const { receipts } = showTransfers();
    const list = await screen.findByRole('list', { name: 'Your transfers, newest first' });
    await userEvent.click(within(list).getAllByRole('button')[1]!);
    const dialog = await screen.findByRole('dialog', { name: 'Transaction Details' });
    expect(await within(dialog).findByText('Reference number TRF-0001')).toBeInTheDocument();
    expect(receipts).toEqual(['TRF-0001']);
  });

  it('on a wide screen: the table, no cards', async () => {
    viewport('wide');
    showTransfers();
    expect(await screen.findByRole('table', { name: 'Your transfers, newest first' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Your transfers, newest first' })).not.toBeInTheDocument();
  });

  it('draws a skeleton while the first page loads, and wallet cards (no receipt) in the reader’s language', async () => {
    viewport('phone');
    let answer: (page: ServerPage<ReturnType<typeof row>>) => void = () => undefined;
    const actor = historyActor(
      walletHistoryMachine,
      () => new Promise<ServerPage<ReturnType<typeof row>>>((resolve) => (answer = resolve)),
    );
    renderScreen(<WalletHistoryPanel actorRef={actor} />, { route: '/Dashboard/walletHistory' });
    const status = screen.getByRole('status');
    expect(status).toHaveClass('skeleton');
    expect(status).toHaveTextContent('Loading your wallet history…');
    answer({
      rows: [
        row({
          id: 2,
          amount: 5000,
          actionType: 'Debit',
          kind: 'momo_withdrawal',
          counterparty: 'MTN •••• 4567',
        }),
        row({ id: 1, amount: 25000, actionType: 'Credit' }),
      ],
      total: 2,
      page: 0,
      pageSize: 5,
    });
    const list = await screen.findByRole('list', { name: 'Movements of your wallet, newest first' });
    const [debit, credit] = within(list).getAllByRole('listitem');
    expect(within(debit!).queryByRole('button')).not.toBeInTheDocument();
    expect(debit).toHaveTextContent('MTN •••• 4567');
    expect(debit).toHaveTextContent('−Money out: GH₵ 50.00');
    expect(credit).toHaveTextContent('+Money in: GH₵ 250.00');
    expect(debit!.querySelector('.history-card-reference')).toHaveTextContent(/^Reference \S+$/);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows what left the wallet, amount and fee, on the wallet and transaction histories (issue 23)', async () => {
    viewport('phone');
    const walletActor = historyActor(walletHistoryMachine, async () => ({
      rows: [row({ id: 3, amount: 20000, fee: 200, actionType: 'Debit', kind: 'momo_transfer' })],
      total: 1,
      page: 0,
      pageSize: 5,
    }));
    renderScreen(<WalletHistoryPanel actorRef={walletActor} />, { route: '/Dashboard/walletHistory' });
    const list = await screen.findByRole('list', { name: 'Movements of your wallet, newest first' });
    const [debit] = within(list).getAllByRole('listitem');
    expect(debit).toHaveTextContent('−Money out: GH₵ 202.00');
    expect(debit).toHaveTextContent('incl. fee GH₵ 2.00');
  });

  it('a transfer sent shows its amount with the fee that left with it', async () => {
    viewport('phone');
    const server = pagedServer([transferRow(5, { sendAmount: 20000, fee: 200 })], () => true);
    const actor = historyActor(transactionHistoryMachine, (request: PageRequest) => server.load(request));
    const { receiptMachine } = answeringReceipts(transactionReceiptMachine, (referenceNumber) =>
      receiptOf({ referenceNumber }),
    );
    renderScreen(<TransactionHistoryPanel actorRef={actor} receiptMachine={receiptMachine} />, {
      route: '/Dashboard/transactionHistory',
    });
    const list = await screen.findByRole('list', { name: 'Your transfers, newest first' });
    const [sent] = within(list).getAllByRole('listitem');
    expect(sent).toHaveTextContent('−Money out: GH₵ 202.00');
    expect(sent).toHaveTextContent('incl. fee GH₵ 2.00');
  });
});

/** A month with money in weeks 1 and 3 and out in weeks 2 and 5. */
const busyMonth: MonthSummary = {
  month: '2026-11',
  inMinor: 150_000,
  outMinor: 42_550,
  weeks: [
    { week: 1, from: '2026-11-01', to: '2026-11-07', inMinor: 100_000, outMinor: 0 },
    { week: 2, from: '2026-11-08', to: '2026-11-14', inMinor: 0, outMinor: 40_000 },
    { week: 3, from: '2026-11-15', to: '2026-11-21', inMinor: 50_000, outMinor: 0 },
    { week: 4, from: '2026-11-22', to: '2026-11-28', inMinor: 0, outMinor: 0 },
    { week: 5, from: '2026-11-29', to: '2026-11-30', inMinor: 0, outMinor: 2_550 },
  ],
};

describe('MonthChart', () => {
  it("names the picture by the month's totals and gives every week's figures as a table", () => {
    renderScreen(<MonthChart summary={busyMonth} />);
    expect(
      screen.getByRole('img', {
        name: withNbsp(
          'Money in and out by week, November 2026 In November 2026, GH₵ 1,500.00 came into your wallet and GH₵ 425.50 went out.',
        ),
      }),
    ).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Money in and out by week, November 2026' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((tr) => [...tr.children].map((cell) => cell.textContent));
    expect(rows.map((cells) => cells.map((cell) => cell?.replace(/\u00a0/g, ' ')))).toEqual([
      ['Week 1 (1 Nov – 7 Nov)', 'GH₵ 1,000.00', 'GH₵ 0.00'],
      ['Week 2 (8 Nov – 14 Nov)', 'GH₵ 0.00', 'GH₵ 400.00'],
      ['Week 3 (15 Nov – 21 Nov)', 'GH₵ 500.00', 'GH₵ 0.00'],
      ['Week 4 (22 Nov – 28 Nov)', 'GH₵ 0.00', 'GH₵ 0.00'],
      ['Week 5 (29 Nov – 30 Nov)', 'GH₵ 0.00', 'GH₵ 25.50'],
    ]);
    expect(screen.getByText('Money in: GH₵ 1,500.00')).toBeInTheDocument();
    expect(screen.getByText('Money out: GH₵ 425.50')).toBeInTheDocument();
  });

  it('draws each bar in proportion to the highest figure of the month', () => {
    const { container } = renderScreen(<MonthChart summary={busyMonth} />);
    const heights = (selector: string) =>
      [...container.querySelectorAll(selector)].map((bar) => Number(bar.getAttribute('height')));
    const full = heights('.chart-in')[0]!;
    expect(full).toBeGreaterThan(0);
    expect(heights('.chart-in')).toEqual([full, 0, full / 2, 0, 0]);
    expect(heights('.chart-out')).toEqual([0, full * 0.4, 0, 0, full * 0.0255]);
  });

  it('says so in words when no money moved this month, without a chart of zeros', async () => {
    renderScreen(<MonthPanel actorRef={fakeMonthSummary(async () => quietMonth('2026-11'))} />);
    expect(await screen.findByText('No money has moved this month yet.')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});

describe('MonthPanel', () => {
  it('shows a skeleton while loading, a retry when the load fails, then the chart', async () => {
    let attempt = 0;
    const actor = fakeMonthSummary(() =>
      ++attempt === 1 ? Promise.reject(apiError({ kind: 'network' })) : Promise.resolve(busyMonth),
    );
    renderScreen(<MonthPanel actorRef={actor} />);
    expect(screen.getByRole('status')).toHaveTextContent("Loading this month's figures…");
    expect(await screen.findByRole('alert')).toHaveTextContent("This month's figures could not be loaded.");
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('img', { name: /GH₵\s1,500.00 came into your wallet/ }),
    ).toBeInTheDocument();
  });
});

describe('BottomNav', () => {
  it.each([
    ['/Dashboard/transactionHistory', 'Home'],
    ['/SendMoney', 'Send'],
    ['/BillPayment', 'Pay'],
    ['/Pay', 'Pay'],
    ['/Dashboard/billHistory', 'History'],
    ['/Dashboard/account', 'Account'],
  ])('at %s marks %s as the current page', (route, current) => {
    renderScreen(<BottomNav />, { route });
    const nav = within(screen.getByRole('navigation', { name: 'App' }));
    expect(nav.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Home', '/Dashboard'],
      ['Send', '/SendMoney'],
      ['Pay', '/Pay'],
      ['History', '/Dashboard/walletHistory'],
      ['Account', '/Dashboard/account'],
    ]);
    const marked = nav.getAllByRole('link').filter((link) => link.getAttribute('aria-current') === 'page');
    expect(marked.map((link) => link.textContent)).toEqual([current]);
  });

  it('goes to its pages', async () => {
    renderScreen(<BottomNav />, { route: '/Dashboard/transactionHistory' });
    await userEvent.click(screen.getByRole('link', { name: 'Pay' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/Pay');
    expect(screen.getByRole('link', { name: 'Pay' })).toHaveAttribute('aria-current', 'page');
  });

  it('is part of every page for a signed-in user only', async () => {
    const signedIn = renderApp('/Pay', { session: fakeSession({ auth: auth() }).actor });
    expect(await screen.findByRole('heading', { level: 1, name: 'Pay' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'App' })).toBeInTheDocument();
    signedIn.unmount();
    renderApp('/TermsAndConditions');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('navigation', { name: 'App' })).not.toBeInTheDocument();
  });
});

describe('Pay and Account pages', () => {
  it('Pay lists bills, betting, cross-border and gems', () => {
    renderScreen(<PayScreen />, { route: '/Pay' });
    expect(screen.getByRole('heading', { level: 1, name: 'Pay' })).toHaveFocus();
    const links = screen.getAllByRole('link').map((link) => link.getAttribute('href'));
    expect(links).toEqual(['/BillPayment', '/deposit', '/CrossBorderPayment', '/treasure-shop']);
  });

  it("Account is the 'My Account' menu, Log Out included", async () => {
    const { actor } = fakeSession({ auth: auth() });
    renderScreen(<AccountScreen session={actor} />, { route: '/Dashboard/account' });
    const nav = within(screen.getByRole('navigation', { name: 'My Account' }));
    expect(nav.getByRole('heading', { level: 1, name: 'My Account' })).toHaveFocus();
    expect(nav.getByRole('link', { name: 'Beneficiaries' })).toHaveAttribute(
      'href',
      '/Dashboard/beneficiaries',
    );
    await userEvent.click(nav.getByRole('button', { name: 'Log Out' }));
    await waitFor(() => expect(actor.getSnapshot().matches('loggedOut')).toBe(true));
  });
});

describe('shared parts', () => {
  it('a skeleton is one status naming what loads, its shapes hidden from screen readers', () => {
    renderScreen(<Skeleton label="Loading your transactions..." shape="rows" count={4} />);
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Loading your transactions...');
    expect(status.querySelector('[aria-hidden="true"]')?.children).toHaveLength(4);
  });

  it('the stylesheet and the screens use the same breakpoint', () => {
    const css = readFileSync('src/app/styles.css', 'utf8');
    expect(css).toContain(`@custom-media --wide-screen ${WIDE_SCREEN_QUERY};`);
    expect(css).not.toMatch(/@media[^{]*48rem/);
  });
});
