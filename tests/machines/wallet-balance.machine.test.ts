import { expect, test } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { walletBalanceMachine } from '../../src/machines/wallet-balance.machine';
import { walletBalanceModel } from '../support/machine-models-wallet';
import { describeMachinePaths } from '../support/machine-paths';

describeMachinePaths(walletBalanceModel);

const balanceRead = async (load: () => Promise<{ walletAmount: number }>) => {
  const changed: number[] = [];
  const actor = createActor(
    walletBalanceMachine.provide({
      actors: { loadBalance: fromPromise(load) },
      actions: { walletChanged: (_, params) => changed.push(params.walletAmount) },
    }),
    { input: { walletAmount: 1250 } },
  ).start();
  const end = await waitFor(actor, (s) => s.status === 'done');
  return { walletAmount: end.context.walletAmount, changed };
};

test("the server's balance, handed to the session; the session's copy when it cannot be read", async () => {
  expect(await balanceRead(async () => ({ walletAmount: 4000 }))).toEqual({
    walletAmount: 4000,
    changed: [4000],
  });
  expect(await balanceRead(() => Promise.reject(new Error('offline')))).toEqual({
    walletAmount: 1250,
    changed: [],
  });
});
