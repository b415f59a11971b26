import { describe, expect, test } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { WalletHistoryPage, WalletHistoryRow } from '../../src/contract/wallet';
import {
  walletHistoryMachine,
  walletHistoryPage,
  type WalletHistoryPageRequest,
} from '../../src/machines/wallet-history.machine';
import { networkError } from '../support/machine-fixtures';
import {
  historyPageOf,
  historyRows,
  walletHistoryModel,
  walletHistorySearchModel,
} from '../support/machine-models-wallet';
import { describeMachinePaths } from '../support/machine-paths';

describeMachinePaths(walletHistoryModel);
describeMachinePaths(walletHistorySearchModel);

/** A fake server: each load answers the page asked for of the next history (or fails). */
const start = (answers: (() => Promise<WalletHistoryRow[]>)[]) => {
  const requests: WalletHistoryPageRequest[] = [];
  let held: (() => void) | null = null;
  let hold = false;
  const actor = createActor(
    walletHistoryMachine.provide({
      actors: {
        loadPage: fromPromise<WalletHistoryPage, WalletHistoryPageRequest>(async ({ input }) => {
          requests.push(input);
          if (hold) await new Promise<void>((resolve) => (held = resolve));
          const rows = await answers.shift()!();
          return historyPageOf(rows, input.page, input.pageSize);
        }),
      },
    }),
  );
  actor.start();
  return {
    actor,
    requests,
    holdNext: () => (hold = true),
    release: () => {
      hold = false;
      held?.();
    },
  };
};

const shown = (actor: ReturnType<typeof start>['actor']) => walletHistoryPage(actor.getSnapshot().context);

describe('wallet history', () => {
  test('loads one page of five at a time; Previous and Next ask the server for the neighbouring page', async () => {
    const all = historyRows(12);
    const { actor, requests } = start(Array.from({ length: 6 }, () => async () => all));
    await waitFor(actor, (s) => s.matches('ready'));
    expect(requests).toEqual([{ page: 0, pageSize: 5 }]);
    expect(shown(actor).rows.map((row) => row.id)).toEqual([12, 11, 10, 9, 8]);
    expect(shown(actor).window).toMatchObject({
      from: 1,
      to: 5,
      total: 12,
      hasPrevious: false,
      hasNext: true,
    });
    actor.send({ type: 'PREVIOUS' });
    expect(actor.getSnapshot().value).toBe('ready');
    actor.send({ type: 'NEXT' });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'NEXT' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(shown(actor).rows.map((row) => row.id)).toEqual([2, 1]);
    expect(shown(actor).window).toMatchObject({ from: 11, to: 12, total: 12, hasNext: false });
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.page).toBe(2);
    actor.send({ type: 'PREVIOUS' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(shown(actor).window).toMatchObject({ from: 6, to: 10 });
    expect(requests.map((request) => request.page)).toEqual([0, 1, 2, 1]);
  });

  test("'Showing x-y of n' counts every movement the server has, past any cap", async () => {
    const { actor } = start([async () => historyRows(1234)]);
    await waitFor(actor, (s) => s.matches('ready'));
    expect(shown(actor).window).toMatchObject({ from: 1, to: 5, total: 1234, pageCount: 247 });
  });

  test('the current rows stay shown while the next page loads', async () => {
    const all = historyRows(7);
    const { actor, holdNext, release } = start([async () => all, async () => all]);
    await waitFor(actor, (s) => s.matches('ready'));
    holdNext();
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().value).toBe('loadingPage');
    expect(shown(actor).rows.map((row) => row.id)).toEqual([7, 6, 5, 4, 3]);
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'REFRESH' });
    expect(actor.getSnapshot().value).toBe('loadingPage');
    release();
    await waitFor(actor, (s) => s.matches('ready'));
    expect(shown(actor).rows.map((row) => row.id)).toEqual([2, 1]);
    expect(shown(actor).window).toMatchObject({ from: 6, to: 7, total: 7 });
  });

  test('a failed load says so; RETRY asks again for the same page; REFRESH keeps the page while it exists', async () => {
    const { actor, requests } = start([
      () => Promise.reject(networkError()),
      async () => historyRows(12),
      () => Promise.reject(networkError()),
      async () => historyRows(12),
      async () => historyRows(13),
      async () => historyRows(4),
    ]);
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error).toBe('wallet.historyFailed');
    actor.send({ type: 'RETRY' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.error).toBeNull();
    actor.send({ type: 'NEXT' });
    await waitFor(actor, (s) => s.matches('failed'));
    actor.send({ type: 'RETRY' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.page).toBe(1);
    actor.send({ type: 'REFRESH' });
    await waitFor(actor, (s) => s.matches('ready') && s.context.total === 13);
    expect(actor.getSnapshot().context.page).toBe(1);
    actor.send({ type: 'REFRESH' });
    await waitFor(actor, (s) => s.matches('ready') && s.context.total === 4);
    // Page 1 is gone: the server answers the last page there is.
    expect(actor.getSnapshot().context.page).toBe(0);
    expect(requests.map((request) => request.page)).toEqual([0, 0, 1, 1, 1, 1]);
  });

  test('no movements: an empty first page', async () => {
    const { actor } = start([async () => []]);
    await waitFor(actor, (s) => s.matches('ready'));
    expect(shown(actor).window).toMatchObject({ from: 0, to: 0, total: 0, hasNext: false });
  });
});
