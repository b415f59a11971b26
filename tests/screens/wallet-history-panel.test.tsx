import { beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createActor, fromPromise } from 'xstate';
import {
  walletHistoryMachine,
  type WalletHistoryPageRequest,
} from '../../src/machines/wallet-history.machine';
import { pageOf } from '../../src/domain/paging';
import { identificationsMachine } from '../../src/machines/identifications.machine';
import type { WalletMovementPage, WalletMovement } from '../../src/contract/wallet';
import type { Identification } from '../../src/contract/identification';
import { WalletHistoryPanel } from '../../src/screens/wallet-history-panel';
import { IdentificationsPanel } from '../../src/screens/identifications-panel';
import { DashboardHomeScreen } from '../../src/screens/dashboard-home-screen';
import { apiError, auth, fakeSession, renderScreen } from './render';
import { fakeMonthSummary, fakeWallet, identification, row, rows } from './wallet-fixtures';
import { stubCanvas } from './canvas-stub';
import { pagedServer } from '../support/paged-server';
import { fakePhoneVerification } from './phone-verification-fixtures';

beforeAll(stubCanvas);

/** The panel's machine on a fake server that answers the page asked for of the rows `load` gives. */
const historyActor = (load: () => Promise<WalletMovement[]>) =>
  createActor(
    walletHistoryMachine.provide({
      actors: {
        loadPage: fromPromise<WalletMovementPage, WalletHistoryPageRequest>(async ({ input }) => {
          const all = await load();
          const shown = pageOf(all, input.page, input.pageSize);
          return { rows: shown.rows, total: all.length, page: shown.window.page, pageSize: input.pageSize };
        }),
      },
    }),
  ).start();

const bodyRows = () => within(screen.getAllByRole('rowgroup')[1]!).getAllByRole('row');
const references = () => bodyRows().map((tr) => within(tr).getAllByRole('cell')[3]!.textContent);

describe('WalletHistoryPanel', () => {
  it('searches by reference from a labelled box: the first page of the matches, one request once typing pauses', async () => {
    const server = pagedServer(rows(12), (r, term) =>
      r.referenceNumber.toLowerCase().includes(term.toLowerCase()),
    );
    const { requests } = server;
    const actor = createActor(
      walletHistoryMachine.provide({
        delays: { searchDelay: 300 },
        actors: {
          loadPage: fromPromise<WalletMovementPage, WalletHistoryPageRequest>(({ input }) =>
            server.load(input),
          ),
        },
      }),
    ).start();
    renderScreen(<WalletHistoryPanel actorRef={actor} />);
    expect(await screen.findByText('Showing 1-5 of 12')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 6-10 of 12')).toBeInTheDocument();
    const box = screen.getByRole('searchbox', { name: 'Search by reference or counterparty' });
    await userEvent.type(box, 'wt-001');
    expect(await screen.findByText('Showing 1-3 of 3')).toBeInTheDocument();
    expect(references()).toEqual(['WT-0010', 'WT-0011', 'WT-0012']);
    expect(requests.slice(2)).toEqual([{ page: 0, pageSize: 5, search: 'wt-001' }]);
    await userEvent.type(box, 'x');
    expect(await screen.findByText('No movement matches your search')).toBeInTheDocument();
    await userEvent.clear(box);
    expect(await screen.findByText('Showing 1-5 of 12')).toBeInTheDocument();
    expect(requests.at(-1)).toEqual({ page: 0, pageSize: 5 });
  });

  it("shows 5 rows per page with 'Showing x-y of n' and Previous/Next", async () => {
    renderScreen(<WalletHistoryPanel actorRef={historyActor(async () => rows(12))} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Wallet History' })).toHaveFocus();
    expect(await screen.findByText('Showing 1-5 of 12')).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Amount',
      'Description',
      'Status',
      'Reference',
      'Date',
    ]);
    expect(references()).toEqual(['WT-0001', 'WT-0002', 'WT-0003', 'WT-0004', 'WT-0005']);
    const previous = screen.getByRole('button', { name: 'Previous' });
    const next = screen.getByRole('button', { name: 'Next' });
    expect(previous).toBeDisabled();
    await userEvent.click(next);
    expect(await screen.findByText('Showing 6-10 of 12')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 11-12 of 12')).toBeInTheDocument();
    expect(references()).toEqual(['WT-0011', 'WT-0012']);
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('Showing 6-10 of 12')).toBeInTheDocument();
  });

  it('keeps the current page shown while the next one loads', async () => {
    let release: () => void = () => undefined;
    let calls = 0;
    const load = async () => {
      calls += 1;
      if (calls === 2) await new Promise<void>((resolve) => (release = resolve));
      return rows(7);
    };
    renderScreen(<WalletHistoryPanel actorRef={historyActor(load)} />);
    expect(await screen.findByText('Showing 1-5 of 7')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(references()).toEqual(['WT-0001', 'WT-0002', 'WT-0003', 'WT-0004', 'WT-0005']);
    expect(screen.getByText('Showing 1-5 of 7')).toBeInTheDocument();
    release();
    expect(await screen.findByText('Showing 6-7 of 7')).toBeInTheDocument();
    expect(references()).toEqual(['WT-0006', 'WT-0007']);
  });

  it('shows Credit with a green up arrow, others with a red down arrow, and colours each status', async () => {
    renderScreen(
      <WalletHistoryPanel
        actorRef={historyActor(async () => [
          row({ id: 1, referenceNumber: 'A', status: 'Successful' }),
          row({
            id: 2,
            referenceNumber: 'B',
            actionType: 'Debit',
            kind: 'momo_withdrawal',
            status: 'pending',
          }),
          row({
            id: 3,
            referenceNumber: 'C',
            actionType: 'Debit',
            kind: 'bank_withdrawal',
            status: 'Failed',
          }),
        ])}
      />,
    );
    await screen.findByText('Showing 1-3 of 3');
    const [credit, pending, failed] = bodyRows();
    expect(within(credit!).getByText('Credit').parentElement).toHaveClass('direction-credit');
    expect(within(credit!).getByText('↑')).toHaveAttribute('aria-hidden', 'true');
    expect(within(credit!).getByText('Successful')).toHaveClass('status-success');
    expect(within(pending!).getByText('Debit').parentElement).toHaveClass('direction-debit');
    expect(within(pending!).getByText('↓')).toBeInTheDocument();
    expect(within(pending!).getByText('pending')).toHaveClass('status-pending');
    expect(within(failed!).getByText('Failed')).toHaveClass('status-failed');
    expect(within(credit!).getAllByRole('cell')[1]).toHaveTextContent('Top-up by card Visa •••• 4242');
    expect(within(credit!).getAllByRole('cell')[0]).toHaveTextContent('GH₵ 50.00');
  });

  it("says 'No history to show' when there is none", async () => {
    renderScreen(<WalletHistoryPanel actorRef={historyActor(async () => [])} />);
    expect(await screen.findByText('No history to show')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says when the history could not be loaded and tries again', async () => {
    const load = vi
      .fn<() => Promise<WalletMovement[]>>()
      .mockRejectedValueOnce(apiError({ kind: 'network' }))
      .mockResolvedValueOnce(rows(1));
    renderScreen(<WalletHistoryPanel actorRef={historyActor(load)} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load your wallet history.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Showing 1-1 of 1')).toBeInTheDocument();
  });
});

const identificationsActor = (load: () => Promise<Identification[]>) =>
  createActor(identificationsMachine.provide({ actors: { loadList: fromPromise(load) } })).start();

const noImage = () => Promise.reject(new Error('no image in this test'));

describe('IdentificationsPanel', () => {
  it("offers '+ Add Identification' only while the user has none", async () => {
    const onAdd = vi.fn();
    renderScreen(
      <IdentificationsPanel
        actorRef={identificationsActor(async () => [])}
        loadImage={noImage}
        onAdd={onAdd}
      />,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'My Identification' })).toHaveFocus();
    await userEvent.click(await screen.findByRole('button', { name: '+ Add Identification' }));
    expect(onAdd).toHaveBeenCalledTimes(1);
  });

  it('shows two Ghana Cards per page with Previous and Next, and no add button', async () => {
    const cards = [1, 2, 3].map((n) =>
      identification({ id: n, identificationNo: `000000000${n}`, identificationNumber: `000000000${n}` }),
    );
    renderScreen(
      <IdentificationsPanel
        actorRef={identificationsActor(async () => cards)}
        loadImage={noImage}
        onAdd={() => undefined}
      />,
    );
    expect(await screen.findByRole('article', { name: 'Ghana Card 0000000001' })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: '+ Add Identification' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getAllByRole('article').map((card) => card.getAttribute('aria-label'))).toEqual([
      'Ghana Card 0000000003',
    ]);
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(screen.getAllByRole('article')).toHaveLength(2);
  });

  it("says 'Failed to load identification data.' and tries again", async () => {
    const load = vi
      .fn<() => Promise<Identification[]>>()
      .mockRejectedValueOnce(apiError({ kind: 'timeout' }))
      .mockResolvedValueOnce([]);
    renderScreen(
      <IdentificationsPanel
        actorRef={identificationsActor(load)}
        loadImage={noImage}
        onAdd={() => undefined}
      />,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load identification data.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: '+ Add Identification' })).toBeInTheDocument();
  });
});

describe('DashboardHomeScreen recent activity', () => {
  it('lists the latest movements from the wallet machine and links to the wallet history', async () => {
    const { actor: session } = fakeSession({ auth: auth(15000) });
    const { actor: wallet, changes } = fakeWallet(async () => ({ walletAmount: 15000, recent: rows(7) }));
    renderScreen(
      <DashboardHomeScreen
        session={session}
        wallet={wallet}
        phoneVerification={fakePhoneVerification().actor}
        monthSummary={fakeMonthSummary()}
      />,
    );
    const activity = screen.getByRole('region', { name: 'Recent Activity' });
    expect(await within(activity).findAllByRole('listitem')).toHaveLength(5);
    expect(within(activity).getByRole('link', { name: 'View wallet history' })).toHaveAttribute(
      'href',
      '/Dashboard/walletHistory',
    );
    expect(changes).toEqual([15000]);
  });

  it('says when the activity could not be loaded and retries', async () => {
    const { actor: session } = fakeSession({ auth: auth() });
    let attempt = 0;
    const { actor: wallet } = fakeWallet(() =>
      ++attempt === 1
        ? Promise.reject(apiError({ kind: 'network' }))
        : Promise.resolve({ walletAmount: 0, recent: [] }),
    );
    renderScreen(
      <DashboardHomeScreen
        session={session}
        wallet={wallet}
        phoneVerification={fakePhoneVerification().actor}
        monthSummary={fakeMonthSummary()}
      />,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Recent activity could not be loaded.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No history to show')).toBeInTheDocument();
  });
});
