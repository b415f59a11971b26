import { describe, expect, test } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { BettingMovement } from '../../src/contract/betting';
import { bettingHistoryMachine } from '../../src/machines/betting-history.machine';
import { bettingReceiptMachine } from '../../src/machines/betting-receipt.machine';
import type { PageRequest, ServerPage } from '../../src/machines/shared/paged-list';
import { serverPageShown } from '../../src/machines/shared/paged-list';
import { HISTORY_PAGE_SIZE } from '../../src/domain/paging';
import { httpError } from '../support/machine-fixtures';
import {
  bettingHistoryModel,
  bettingHistorySearchModel,
  bettingReceiptModel,
  bettingReceiptOf,
  bettingRows,
} from '../support/machine-models-betting';
import { describeMachinePaths } from '../support/machine-paths';
import { pagedServer } from '../support/paged-server';
import { proves } from '../support/requirements';

describeMachinePaths(bettingHistoryModel);
describeMachinePaths(bettingHistorySearchModel);
describeMachinePaths(bettingReceiptModel);

/** Spec section 2: the betting history is searched by reference number. */
const matches = (row: BettingMovement, term: string) =>
  row.referenceNumber.toLowerCase().includes(term.toLowerCase());

describe('betting history', () => {
  test(
    proves('S9.pageSize.1', 'five bets a page from the server, searched by reference once typing pauses'),
    async () => {
      const server = pagedServer(bettingRows(12), matches);
      const actor = createActor(
        bettingHistoryMachine.provide({
          delays: { searchDelay: 10 },
          actors: {
            loadPage: fromPromise<ServerPage<BettingMovement>, PageRequest>(({ input }) =>
              server.load(input),
            ),
          },
        }),
      ).start();
      await waitFor(actor, (s) => s.matches('ready'));
      const shown = () => serverPageShown(actor.getSnapshot().context, HISTORY_PAGE_SIZE);
      expect(shown().rows.map((row) => row.referenceNumber)).toEqual([
        'BET-0012',
        'BET-0011',
        'BET-0010',
        'BET-0009',
        'BET-0008',
      ]);
      expect(shown().window).toMatchObject({ from: 1, to: 5, total: 12 });
      actor.send({ type: 'SEARCH', text: ' bet-001 ' });
      await waitFor(actor, (s) => s.matches('ready') && s.context.search === 'bet-001');
      expect(shown().rows.map((row) => row.referenceNumber)).toEqual(['BET-0012', 'BET-0011', 'BET-0010']);
      expect(server.requests.at(-1)).toEqual({ page: 0, pageSize: 5, search: 'bet-001' });
    },
  );

  test("'Betting Details' by reference; a reference of no bet of the user's is not found", async () => {
    const answers = [
      () => Promise.reject(httpError(404, 'operation.notFound')),
      async () => bettingReceiptOf(),
    ];
    const asked: string[] = [];
    const actor = createActor(
      bettingReceiptMachine.provide({
        actors: {
          loadReceipt: fromPromise(({ input }: { input: { referenceNumber: string } }) => {
            asked.push(input.referenceNumber);
            return answers.shift()!();
          }),
        },
      }),
      { input: { referenceNumber: 'BET-1001' } },
    ).start();
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error).toBe('operation.notFound');
    actor.send({ type: 'RETRY' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.receipt).toEqual(bettingReceiptOf());
    expect(asked).toEqual(['BET-1001', 'BET-1001']);
  });
});
