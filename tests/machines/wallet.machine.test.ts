import { describe, expect, test, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { walletMachine, type WalletSummary } from '../../src/machines/wallet.machine';
import { networkError } from '../support/machine-fixtures';
import { historyRows, walletModel } from '../support/machine-models-wallet';
import { describeMachinePaths } from '../support/machine-paths';

describeMachinePaths(walletModel);

describe('wallet', () => {
  test('the balance and the latest five movements; REFRESH reads them again and tells the session', async () => {
    const answers: (() => Promise<WalletSummary>)[] = [
      async () => ({ walletAmount: 5000, recent: historyRows(2) }),
      () => Promise.reject(networkError()),
      async () => ({ walletAmount: 7525, recent: historyRows(9) }),
    ];
    const walletChanged = vi.fn();
    const actor = createActor(
      walletMachine.provide({
        actors: { loadWallet: fromPromise(async () => answers.shift()!()) },
        actions: { walletChanged: (_, params) => walletChanged(params) },
      }),
    );
    actor.start();
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context).toEqual({ walletAmount: 5000, recent: historyRows(2), error: null });
    actor.send({ type: 'REFRESH' });
    await waitFor(actor, (s) => s.matches('failed'));
    // The last balance stays shown with the failure.
    expect(actor.getSnapshot().context).toMatchObject({ walletAmount: 5000, error: 'wallet.historyFailed' });
    actor.send({ type: 'REFRESH' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.walletAmount).toBe(7525);
    expect(actor.getSnapshot().context.recent.map((row) => row.id)).toEqual([9, 8, 7, 6, 5]);
    expect(walletChanged.mock.calls).toEqual([[{ walletAmount: 5000 }], [{ walletAmount: 7525 }]]);
  });
});
