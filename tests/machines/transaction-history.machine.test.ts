import { describe, expect, test } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { PageRequest, ServerPage } from '../../src/machines/shared/paged-list';
import {
  transactionHistoryMachine,
  transactionHistoryPage,
} from '../../src/machines/transaction-history.machine';
import type { TransactionMovement } from '../../src/contract/transfer';
import { networkError } from '../support/machine-fixtures';
import {
  transactionHistoryModel,
  transactionHistorySearchModel,
  transferRow,
  transferRows,
} from '../support/machine-models-transfer';
import { describeMachinePaths } from '../support/machine-paths';
import { pagedServer } from '../support/paged-server';
import { proves } from '../support/requirements';

describeMachinePaths(transactionHistoryModel);
describeMachinePaths(transactionHistorySearchModel);

/** Spec section 2: sender name, receiver name or reference number, case-insensitive contains. */
const matches = (row: TransactionMovement, term: string) =>
  [row.senderName, row.receiverName, row.referenceNumber].some((text) =>
    text.toLowerCase().includes(term.toLowerCase()),
  );

const start = (rows: TransactionMovement[], fail = false) => {
  const server = pagedServer(rows, matches);
  const actor = createActor(
    transactionHistoryMachine.provide({
      delays: { searchDelay: 10 },
      actors: {
        loadPage: fromPromise<ServerPage<TransactionMovement>, PageRequest>(({ input }) =>
          fail ? Promise.reject(networkError()) : server.load(input),
        ),
      },
    }),
  ).start();
  return { actor, requests: server.requests };
};

describe('transaction history', () => {
  test(
    proves('S9.pageSize.1', 'five transfers a page, newest first, with Previous and Next asking the server'),
    async () => {
      const { actor, requests } = start(transferRows(12));
      await waitFor(actor, (s) => s.matches('ready'));
      const shown = () => transactionHistoryPage(actor.getSnapshot().context);
      expect(shown().rows.map((row) => row.id)).toEqual([12, 11, 10, 9, 8]);
      expect(shown().window).toMatchObject({ from: 1, to: 5, total: 12 });
      actor.send({ type: 'NEXT' });
      actor.send({ type: 'NEXT' });
      await waitFor(actor, (s) => s.matches('ready'));
      expect(shown().window).toMatchObject({ from: 6, to: 10, total: 12 });
      expect(requests).toEqual([
        { page: 0, pageSize: 5 },
        { page: 1, pageSize: 5 },
      ]);
    },
  );

  test('searches sender, receiver and reference once typing pauses, from the first page', async () => {
    const rows = [
      transferRow(3, { receiverName: 'Kofi Boateng' }),
      transferRow(2, { senderName: 'Akosua Kofi', direction: 'received' }),
      transferRow(1, { referenceNumber: 'TRF-KOF1' }),
      ...transferRows(9).map((row) => ({ ...row, id: row.id + 10 })),
    ];
    const { actor, requests } = start(rows);
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'SEARCH', text: 'k' });
    actor.send({ type: 'SEARCH', text: 'ko' });
    actor.send({ type: 'SEARCH', text: ' KOF ' });
    await waitFor(actor, (s) => s.matches('ready') && s.context.search === 'KOF');
    expect(actor.getSnapshot().context.rows.map((row) => row.id)).toEqual([3, 2, 1]);
    // One request for the term, not one a key.
    expect(requests).toEqual([
      { page: 0, pageSize: 5 },
      { page: 0, pageSize: 5, search: 'KOF' },
    ]);
  });

  test("a failed load says 'Failed to load your transaction history.'", async () => {
    const { actor } = start([], true);
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error).toBe('transfer.historyFailed');
  });
});
