import { describe, expect, test } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { GatewayUser, GemPacksInPesewas } from '../../src/contract/gems';
import type { WalletOperation } from '../../src/contract/wallet';
import { paymentGatewayMachine, type BuyGemPackInput } from '../../src/machines/payment-gateway.machine';
import { networkError } from '../support/machine-fixtures';
import {
  gatewayUser,
  gemBalanceModel,
  gemPurchasesModel,
  gemPurchasesSearchModel,
  paymentGatewayModel,
  shopPacks,
  treasureShopModel,
} from '../support/machine-models-shop';
import { describeMachinePaths } from '../support/machine-paths';

describeMachinePaths(treasureShopModel);
describeMachinePaths(paymentGatewayModel);
describeMachinePaths(gemBalanceModel);
describeMachinePaths(gemPurchasesModel);
describeMachinePaths(gemPurchasesSearchModel);

describe('the gateway with live actors', () => {
  test('pays the chosen pack at the price shown, and a retry after no answer sends the same key', async () => {
    const calls: BuyGemPackInput[] = [];
    let fail = true;
    const actor = createActor(
      paymentGatewayMachine.provide({
        actors: {
          loadUser: fromPromise<GatewayUser, void>(async () => gatewayUser(100_000)),
          loadPacks: fromPromise<GemPacksInPesewas, void>(async () => shopPacks),
          buyGemPack: fromPromise<WalletOperation, BuyGemPackInput>(async ({ input }) => {
            calls.push(input);
            if (fail) {
              fail = false;
              throw networkError();
            }
            return {
              referenceNumber: 'GEM-9',
              status: 'Successful',
              failureMessageId: null,
              amount: input.priceMinor,
              walletAmount: 100_000 - input.priceMinor,
            };
          }),
        },
        actions: { walletChanged: () => undefined, clearChoice: () => undefined },
      }),
      { input: { packId: 'gems-6500', keySeed: 'k' } },
    );
    actor.start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'PAY' });
    await waitFor(actor, (s) => s.matches('ready') && s.context.error !== null);
    expect(actor.getSnapshot().context.error).toBe('gateway.paymentFailed');
    actor.send({ type: 'PAY' });
    await waitFor(actor, (s) => s.matches('paid'));
    expect(calls).toEqual([
      { packId: 'gems-6500', priceMinor: 62_488, idempotencyKey: 'k-1' },
      { packId: 'gems-6500', priceMinor: 62_488, idempotencyKey: 'k-1' },
    ]);
    expect(actor.getSnapshot().context.walletAmount).toBe(37_512);
  });
});
