import { describe, expect, test } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { WalletHistoryRow } from '../../src/contract/wallet';
import { walletHistoryMachine, walletHistoryPage } from '../../src/machines/wallet-history.machine';
import { networkError } from '../support/machine-fixtures';
import { historyRows, walletHistoryModel } from '../support/machine-models-wallet';
import { describeMachinePaths } from '../support/machine-paths';

describeMachinePaths(walletHistoryModel);

const start = (answers: (() => Promise<WalletHistoryRow[]>)[]) => {
  let loads = 0;
  const actor = createActor(
    walletHistoryMachine.provide({
      actors: {
        loadHistory: fromPromise(async () => {
          loads += 1;
          return answers.shift()!();
        }),
      },
    }),
  );
  actor.start();
  return { actor, loads: () => loads };
};

describe('wallet history', () => {
  test('five a page, newest first, Previous and Next within the pages, Showing x-y of n', async () => {
    const { actor } = start([async () => historyRows(12)]);
    await waitFor(actor, (s) => s.matches('ready'));
    const shown = () => walletHistoryPage(actor.getSnapshot().context);
    expect(shown().rows.map((row) => row.id)).toEqual([12, 11, 10, 9, 8]);
    expect(shown().window).toMatchObject({ from: 1, to: 5, total: 12, hasPrevious: false, hasNext: true });
    actor.send({ type: 'PREVIOUS' });
    expect(actor.getSnapshot().context.page).toBe(0);
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'NEXT' });
    expect(shown().rows.map((row) => row.id)).toEqual([2, 1]);
    expect(shown().window).toMatchObject({ from: 11, to: 12, total: 12, hasNext: false });
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().context.page).toBe(2);
    actor.send({ type: 'PREVIOUS' });
    expect(shown().window).toMatchObject({ from: 6, to: 10 });
  });

  test('a failed load says so; RETRY loads again; REFRESH keeps the page while it exists', async () => {
    const { actor, loads } = start([
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
    actor.send({ type: 'REFRESH' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.rows).toHaveLength(13);
    expect(actor.getSnapshot().context.page).toBe(1);
    actor.send({ type: 'REFRESH' });
    await waitFor(actor, (s) => s.matches('ready') && s.context.rows.length === 4);
    expect(actor.getSnapshot().context.page).toBe(0);
    expect(loads()).toBe(4);
  });

  test('no movements: an empty first page', async () => {
    const { actor } = start([async () => []]);
    await waitFor(actor, (s) => s.matches('ready'));
    expect(walletHistoryPage(actor.getSnapshot().context).window).toMatchObject({ from: 0, to: 0, total: 0 });
  });
});
