import { describe, expect, test } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type {
  BettingOperation,
  BettingOperator,
  BettingPaymentRequestInPesewas,
} from '../../src/contract/betting';
import type { WalletOperation } from '../../src/contract/wallet';
import { bettingMachine, type BettingCall } from '../../src/machines/betting.machine';
import { httpError, networkError } from '../support/machine-fixtures';
import {
  bettingModels,
  bettingOperation,
  operators,
  paymentRequest,
} from '../support/machine-models-betting';
import { describeMachinePaths } from '../support/machine-paths';

for (const model of bettingModels) describeMachinePaths(model);

/** The machine with fake services: what each InitiateBettingTransaction was asked, and the balances reported. */
const start = (options: {
  token?: string;
  walletAmount?: number;
  link?: () => Promise<BettingPaymentRequestInPesewas>;
  pay: (() => Promise<BettingOperation>)[];
  status?: (() => Promise<WalletOperation>)[];
}) => {
  const calls: BettingCall[] = [];
  const balances: number[] = [];
  const actor = createActor(
    bettingMachine.provide({
      delays: { followPollInterval: 5, followTimeout: 2_000 },
      actors: {
        loadOperators: fromPromise<BettingOperator[], void>(async () => operators),
        loadPaymentRequest: fromPromise(async () => (options.link ?? (async () => paymentRequest(5000)))()),
        initiateBetting: fromPromise<BettingOperation, BettingCall>(({ input }) => {
          calls.push(input);
          return options.pay.shift()!();
        }),
        getOperation: fromPromise<WalletOperation, { referenceNumber: string }>(() =>
          options.status!.shift()!(),
        ),
      },
      actions: { walletChanged: (_, params) => balances.push(params.walletAmount) },
    }),
    {
      input: {
        walletAmount: options.walletAmount ?? 100_000,
        hasIdentification: true,
        keySeed: 'seed',
        ...(options.token ? { token: options.token } : {}),
      },
    },
  ).start();
  return { actor, calls, balances };
};

const fill = (actor: ReturnType<typeof start>['actor'], amount = '50') => {
  for (const [field, value] of [
    ['operatorId', '2'],
    ['bettingNo', '5550001234'],
    ['receiverPhoneNo', '0241234567'],
    ['sendAmount', amount],
  ] as const)
    actor.send({ type: 'CHANGE', field, value });
};

describe('betting', () => {
  test('pays GH₵ 50 + 1% from the wallet once, following the operator until it confirms', async () => {
    const { actor, calls, balances } = start({
      pay: [async () => bettingOperation('pending', { walletAmount: 94_950 })],
      status: [
        async () => bettingOperation('pending', { walletAmount: 94_950 }),
        async () => bettingOperation('Successful', { walletAmount: 94_950 }),
      ],
    });
    await waitFor(actor, (s) => s.matches('editing'));
    fill(actor);
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().value).toBe('payment');
    actor.send({ type: 'PAY' });
    actor.send({ type: 'PAY' });
    await waitFor(actor, (s) => s.matches('done'));
    expect(calls).toEqual([
      {
        idempotencyKey: 'seed-1',
        request: {
          operatorId: 2,
          bettingNo: '5550001234',
          receiverPhoneNo: '0241234567',
          sendAmount: 5000,
          processingFee: 50,
          totalPay: 5050,
          paymentMethodId: 1,
        },
      },
    ]);
    expect(balances.at(-1)).toBe(94_950);
    expect(actor.getSnapshot().context.operation?.referenceNumber).toBe('BET-1001');
  });

  test('an unanswered payment is sent again with the same key; a refused betting number says the money is back', async () => {
    const { actor, calls } = start({
      pay: [
        () => Promise.reject(networkError()),
        async () =>
          bettingOperation('Failed', { walletAmount: 100_000, failureMessageId: 'betting.refused' }),
      ],
    });
    await waitFor(actor, (s) => s.matches('editing'));
    fill(actor);
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'PAY' });
    await waitFor(actor, (s) => s.matches('payment') && s.context.error !== null);
    expect(actor.getSnapshot().context.error).toBe('betting.initiateError');
    actor.send({ type: 'PAY' });
    await waitFor(actor, (s) => s.matches('refused'));
    expect(actor.getSnapshot().context.error).toBe('betting.refused');
    expect(calls.map((call) => call.idempotencyKey)).toEqual(['seed-1', 'seed-1']);
    actor.send({ type: 'BACK' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.form.bettingNo).toBe('5550001234');
  });

  test("a partner's link with an amount is only confirmed: the request names the token, not the account", async () => {
    const { actor, calls } = start({
      token: 'tok-1',
      pay: [async () => bettingOperation('Successful', { walletAmount: 94_950 })],
    });
    await waitFor(actor, (s) => s.matches('payment'));
    actor.send({ type: 'BACK' });
    expect(actor.getSnapshot().value).toBe('payment');
    actor.send({ type: 'PAY' });
    await waitFor(actor, (s) => s.matches('done'));
    expect(calls[0]!.request).toEqual({
      paymentToken: 'tok-1',
      sendAmount: 5000,
      processingFee: 50,
      totalPay: 5050,
      paymentMethodId: 1,
    });
  });

  test('a link without an amount: Amount, Payment, Purpose, Review', async () => {
    const { actor, calls } = start({
      token: 'tok-2',
      link: async () => paymentRequest(null),
      pay: [async () => bettingOperation('Successful', { walletAmount: 97_980 })],
    });
    await waitFor(actor, (s) => s.matches('linkAmount'));
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.violations).toEqual([
      { field: 'sendAmount', messageId: 'betting.amountInvalid' },
    ]);
    actor.send({ type: 'CHANGE', field: 'sendAmount', value: '20' });
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'SELECT_WALLET' });
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().value).toBe('payment');
    actor.send({ type: 'PAY' });
    await waitFor(actor, (s) => s.matches('done'));
    expect(calls[0]!.request).toMatchObject({ paymentToken: 'tok-2', sendAmount: 2000, totalPay: 2020 });
  });

  test.each([
    [httpError(410, 'bettingLink.expired'), 'bettingLink.expired'],
    [httpError(404, 'bettingLink.invalid'), 'bettingLink.invalid'],
    [httpError(409, 'bettingLink.alreadyPaid'), 'bettingLink.alreadyPaid'],
    [httpError(403, 'bettingLink.otherUser'), 'bettingLink.otherUser'],
  ])('a link that cannot be paid says why (%s)', async (error, message) => {
    const { actor } = start({ token: 'tok-3', link: () => Promise.reject(error), pay: [] });
    await waitFor(actor, (s) => s.matches('linkClosed'));
    expect(actor.getSnapshot().context.error).toBe(message);
    actor.send({ type: 'AGAIN' });
    await waitFor(actor, (s) => s.matches('editing'));
    expect(actor.getSnapshot().context.token).toBeNull();
  });
});
