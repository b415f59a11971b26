import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PageRequest, ServerPage } from '../../src/machines/shared/paged-list';
import { transactionHistoryMachine } from '../../src/machines/transaction-history.machine';
import type { TransactionMovement } from '../../src/contract/transfer';
import { transactionReceiptMachine } from '../../src/machines/transaction-receipt.machine';
import { TransactionHistoryPanel } from '../../src/screens/transaction-history-panel';
import { receiptOf, transferRow, transferRows } from '../support/machine-models-transfer';
import { pagedServer } from '../support/paged-server';
import { httpError, renderScreen } from './render';
import { deferred } from './wallet-fixtures';
import { answeringReceipts, bodyRows, cells, historyActor } from './history-fixtures';

/** Spec section 2: sender name, receiver name or reference number, case-insensitive contains. */
const keeps = (row: TransactionMovement, term: string) =>
  [row.senderName, row.receiverName, row.referenceNumber].some((text) =>
    text.toLowerCase().includes(term.toLowerCase()),
  );

const show = (load: (request: PageRequest) => Promise<ServerPage<TransactionMovement>>) => {
  const actor = historyActor(transactionHistoryMachine, load);
  const { receiptMachine, receipts } = answeringReceipts(transactionReceiptMachine, (referenceNumber) =>
    receiptOf({ referenceNumber }),
  );
  renderScreen(<TransactionHistoryPanel actorRef={actor} receiptMachine={receiptMachine} />, {
    route: '/Dashboard/transactionHistory',
  });
  return { actor, receipts };
};

const references = () => bodyRows().map((row) => cells(row)[2]);

describe('TransactionHistoryPanel', () => {
  it("shows five transfers a page with 'Showing x-y of n', Previous and Next, and the Filter menu", async () => {
    const server = pagedServer(transferRows(12), keeps);
    show(server.load);
    expect(screen.getByRole('status')).toHaveTextContent('Loading your transactions...');
    expect(await screen.findByText('Showing 1-5 of 12')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Transaction History' })).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Sender',
      'Receiver',
      'Reference number',
      'Amount',
      'Status',
    ]);
    expect(cells(bodyRows()[0]!)).toEqual([
      'Ama Mensah',
      'Receiver 12',
      'TRF-0012',
      'GH₵ 120.00',
      'Successful',
    ]);
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 6-10 of 12')).toBeInTheDocument();
    expect(references()).toEqual(['TRF-0007', 'TRF-0006', 'TRF-0005', 'TRF-0004', 'TRF-0003']);
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 11-12 of 12')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(server.requests.map((request) => request.page)).toEqual([0, 1, 2]);

    await userEvent.click(screen.getByRole('button', { name: 'Show: Transactions' }));
    expect(screen.getByRole('link', { name: 'Wallet History' })).toHaveAttribute(
      'href',
      '/Dashboard/walletHistory',
    );
    expect(screen.getByRole('link', { name: 'Billing History' })).toHaveAttribute(
      'href',
      '/Dashboard/billHistory',
    );
  });

  it("colours each status ('pending' amber, 'Failed' red, else green) and marks the transfers received", async () => {
    const rows = [
      transferRow(3, { status: 'pending' }),
      transferRow(2, { status: 'Failed' }),
      transferRow(1, {
        direction: 'received',
        senderName: 'Kofi Boateng',
        receiverName: 'Ama Mensah',
        receiveAmount: 12000,
      }),
    ];
    show(pagedServer(rows, keeps).load);
    await screen.findByText('Showing 1-3 of 3');
    const status = (index: number) => within(bodyRows()[index]!).getAllByRole('cell')[4]!.firstElementChild;
    expect(status(0)).toHaveClass('status-pending');
    expect(status(1)).toHaveClass('status-failed');
    expect(status(2)).toHaveClass('status-success');
    expect(bodyRows()[2]).toHaveClass('history-row-received');
    expect(cells(bodyRows()[2]!)).toEqual([
      'Kofi Boateng',
      'Ama Mensah',
      'TRF-0001',
      '↑ GH₵ 120.00 Received',
      'Successful',
    ]);
    expect(within(bodyRows()[0]!).queryByText('Received')).not.toBeInTheDocument();
  });

  it('searches sender, receiver and reference from a labelled box, asking once typing pauses', async () => {
    const rows = [
      transferRow(13, { receiverName: 'Kofi Boateng' }),
      transferRow(12, { senderName: 'Akosua Kofi', direction: 'received' }),
      ...transferRows(11),
    ];
    const server = pagedServer(rows, keeps);
    show(server.load);
    expect(await screen.findByText('Showing 1-5 of 13')).toBeInTheDocument();
    await userEvent.type(
      screen.getByRole('searchbox', { name: 'Search by sender, receiver or reference' }),
      'KOFI',
    );
    expect(await screen.findByText('Showing 1-2 of 2')).toBeInTheDocument();
    expect(references()).toEqual(['TRF-0013', 'TRF-0012']);
    expect(server.requests.slice(1)).toEqual([{ page: 0, pageSize: 5, search: 'KOFI' }]);
    await userEvent.type(screen.getByRole('searchbox'), 'x');
    expect(await screen.findByText('No transaction matches your search')).toBeInTheDocument();
  });

  it("a row opens its receipt, 'Transaction Details' (by a click on the row, or its reference's button)", async () => {
    const { receipts } = show(pagedServer(transferRows(3), keeps).load);
    await screen.findByText('Showing 1-3 of 3');
    await userEvent.click(within(bodyRows()[1]!).getByText('Receiver 2'));
    const dialog = await screen.findByRole('dialog', { name: 'Transaction Details' });
    expect(await within(dialog).findByText('Reference number TRF-0002')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Open the receipt of TRF-0003' }));
    expect(
      await within(await screen.findByRole('dialog', { name: 'Transaction Details' })).findByText(
        'Reference number TRF-0003',
      ),
    ).toBeInTheDocument();
    expect(receipts).toEqual(['TRF-0002', 'TRF-0003']);
  });

  it('says when there is nothing yet, and when the history could not be loaded (Try again)', async () => {
    const first = deferred<ServerPage<TransactionMovement>>();
    const answers = [() => first.promise, async () => ({ rows: [], total: 0, page: 0, pageSize: 5 })];
    show(() => answers.shift()!());
    first.reject(httpError(500));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load your transaction history.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No transactions yet')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
