import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BettingMovement } from '../../src/contract/betting';
import { bettingHistoryMachine } from '../../src/machines/betting-history.machine';
import { bettingReceiptMachine } from '../../src/machines/betting-receipt.machine';
import type { PageRequest, ServerPage } from '../../src/machines/shared/paged-list';
import { BettingHistoryPanel } from '../../src/screens/betting-history-panel';
import { bettingReceiptOf, bettingRow, bettingRows } from '../support/machine-models-betting';
import { pagedServer } from '../support/paged-server';
import { httpError, renderScreen } from './render';
import { deferred } from './wallet-fixtures';
import { answeringReceipts, bodyRows, cells, historyActor } from './history-fixtures';
import { proves } from '../support/requirements';

/** Spec section 2: the betting history is searched by reference number. */
const keeps = (row: BettingMovement, term: string) =>
  row.referenceNumber.toLowerCase().includes(term.toLowerCase());

const show = (load: (request: PageRequest) => Promise<ServerPage<BettingMovement>>) => {
  const actor = historyActor(bettingHistoryMachine, load);
  const { receiptMachine, receipts } = answeringReceipts(bettingReceiptMachine, (referenceNumber) =>
    bettingReceiptOf({ referenceNumber }),
  );
  renderScreen(<BettingHistoryPanel actorRef={actor} receiptMachine={receiptMachine} />, {
    route: '/Dashboard/bettingHistory',
  });
  return { actor, receipts };
};

describe('BettingHistoryPanel', () => {
  it(
    proves(
      'S4.betting.2',
      'shows five bets a page with the columns of the spec, the status in its colour, and Previous / Next',
    ),
    async () => {
      const server = pagedServer(
        [bettingRow(13, { status: 'pending' }), bettingRow(12, { status: 'Failed' }), ...bettingRows(11)],
        keeps,
      );
      show(server.load);
      expect(screen.getByRole('heading', { level: 1, name: 'Betting History' })).toHaveFocus();
      expect(screen.getByRole('status')).toHaveTextContent('Loading betting history...');
      expect(await screen.findByText('Showing 1-5 of 13')).toBeInTheDocument();
      expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
        'Sender',
        'Payment method',
        'Reference number',
        'Amount',
        'Status',
      ]);
      expect(cells(bodyRows()[0]!)).toEqual(['Ama Mensah', 'Wallet', 'BET-0013', 'GH₵ 130.00', 'pending']);
      expect(within(bodyRows()[0]!).getByText('pending')).toHaveClass('status-pending');
      expect(within(bodyRows()[1]!).getByText('Failed')).toHaveClass('status-failed');
      expect(within(bodyRows()[2]!).getByText('Successful')).toHaveClass('status-success');
      await userEvent.click(screen.getByRole('button', { name: 'Next' }));
      expect(await screen.findByText('Showing 6-10 of 13')).toBeInTheDocument();
      expect(server.requests.at(-1)).toEqual({ page: 1, pageSize: 5 });
    },
  );

  it('searches by reference number, asking the server once typing pauses', async () => {
    const server = pagedServer(bettingRows(12), keeps);
    show(server.load);
    expect(await screen.findByText('Showing 1-5 of 12')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search By Reference Number' }), 'BET-0011');
    expect(await screen.findByText('Showing 1-1 of 1')).toBeInTheDocument();
    expect(cells(bodyRows()[0]!)[2]).toBe('BET-0011');
    expect(server.requests.at(-1)).toEqual({ page: 0, pageSize: 5, search: 'BET-0011' });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search By Reference Number' }), 'x');
    expect(await screen.findByText('No betting payment matches this reference')).toBeInTheDocument();
  });

  it("opens 'Betting Details' by a row's reference, from the keyboard too", async () => {
    const { receipts } = show(pagedServer(bettingRows(2), keeps).load);
    const reference = await screen.findByRole('button', { name: 'Open the betting details of BET-0002' });
    reference.focus();
    await userEvent.keyboard('{Enter}');
    const details = await screen.findByRole('dialog', { name: 'Betting Details' });
    expect(await within(details).findByText('Reference number BET-0002')).toBeInTheDocument();
    expect(within(details).getByText('Betway Ghana')).toBeInTheDocument();
    expect(receipts).toEqual(['BET-0002']);
  });

  it('says when there is nothing yet, and when the history could not be loaded (Try again)', async () => {
    const first = deferred<ServerPage<BettingMovement>>();
    const answers = [() => Promise.reject(httpError(500)), () => first.promise];
    show(() => answers.shift()!());
    expect(await screen.findByText('Failed to load your betting history.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    first.resolve({ rows: [], total: 0, page: 0, pageSize: 5 });
    expect(
      await screen.findByText(
        'No Betting History Found. Make your first payment to populate your Betting history',
      ),
    ).toBeInTheDocument();
  });
});
