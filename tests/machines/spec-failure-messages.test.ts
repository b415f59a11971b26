import { describe, expect, test } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { BettingOperation, BettingOperator } from '../../src/contract/betting';
import type { Beneficiary } from '../../src/contract/beneficiary';
import type { TransactionPurpose } from '../../src/contract/reference';
import type { ExchangeRate } from '../../src/contract/transfer';
import { domainMessages } from '../../src/domain/messages';
import { bettingMachine, type BettingCall } from '../../src/machines/betting.machine';
import { transferMachine } from '../../src/machines/transfer.machine';
import { httpError, networkError } from '../support/machine-fixtures';
import { bettingOperation, operators } from '../support/machine-models-betting';
import { beneficiaries, rates } from '../support/machine-models-transfer';

/*
 * Failure messages of spec section 8 that no other test triggered by name (tests/fixtures/spec-messages.json): each
 * test makes the flow meet the condition and checks the id the machine keeps and its English text.
 */

describe('betting: an answer other than 200 or 201 (spec section 8)', () => {
  const start = (failure: unknown) => {
    const calls: BettingCall[] = [];
    const answers: (() => Promise<BettingOperation>)[] = [
      () => Promise.reject(failure),
      async () => bettingOperation('Successful', { walletAmount: 94_950 }),
    ];
    const actor = createActor(
      bettingMachine.provide({
        actors: {
          loadOperators: fromPromise<BettingOperator[], void>(async () => operators),
          initiateBetting: fromPromise<BettingOperation, BettingCall>(({ input }) => {
            calls.push(input);
            return answers.shift()!();
          }),
        },
        actions: { walletChanged: () => undefined },
      }),
      { input: { walletAmount: 100_000, hasIdentification: true, keySeed: 'seed' } },
    ).start();
    return { actor, calls };
  };

  test.each([500, 502, 409])(
    "a %s without a message of its own says 'Failed to initiate betting transaction. Please try again.'",
    async (status) => {
      const { actor, calls } = start(httpError(status));
      await waitFor(actor, (s) => s.matches('editing'));
      for (const [field, value] of [
        ['operatorId', '2'],
        ['bettingNo', '5550001234'],
        ['receiverPhoneNo', '0241234567'],
        ['sendAmount', '50'],
      ] as const)
        actor.send({ type: 'CHANGE', field, value });
      actor.send({ type: 'SUBMIT' });
      actor.send({ type: 'PAY' });
      await waitFor(actor, (s) => s.matches('payment') && s.context.error !== null);
      const { error } = actor.getSnapshot().context;
      expect(error).toBe('betting.initiateFailed');
      expect(domainMessages[error!]).toBe('Failed to initiate betting transaction. Please try again.');
      // An answer came: the next Pay is a new attempt, with a new key.
      actor.send({ type: 'PAY' });
      await waitFor(actor, (s) => s.matches('done'));
      expect(calls.map((call) => call.idempotencyKey)).toEqual(['seed-1', 'seed-2']);
    },
  );
});

describe('transfer: the purposes fail to load (spec section 8)', () => {
  const start = (failure: unknown) =>
    createActor(
      transferMachine.provide({
        actors: {
          loadBeneficiaries: fromPromise<Beneficiary[], void>(async () => beneficiaries),
          loadPurposes: fromPromise<TransactionPurpose[], void>(() => Promise.reject(failure)),
          loadRates: fromPromise<ExchangeRate[], void>(async () => rates),
        },
      }),
      { input: { walletAmount: 100_000, hasIdentification: true, keySeed: 'seed' } },
    ).start();

  test.each([
    [
      'an answer that is not ok',
      httpError(500),
      'transfer.purposesFailed',
      'Failed to fetch transaction purposes.',
    ],
    [
      'a thrown error (no answer)',
      networkError(),
      'transfer.purposesError',
      'An error occurred while fetching transaction purposes.',
    ],
  ] as const)('%s says %s', async (_, failure, id, text) => {
    const actor = start(failure);
    await waitFor(actor, (s) => s.matches('loadFailed'));
    expect(actor.getSnapshot().context.error).toBe(id);
    expect(domainMessages[id]).toBe(text);
  });
});
