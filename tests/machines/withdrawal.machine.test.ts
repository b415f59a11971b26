import { fc, test as fcTest } from '@fast-check/vitest';
import { describe, expect, test, vi } from 'vitest';
import { createActor, fromPromise, initialTransition, transition, waitFor } from 'xstate';
import { minorToApiAmount } from '../../src/domain/money';
import { MOMO_WITHDRAWAL_MIN_MINOR } from '../../src/domain/withdrawal';
import type { WalletOperation } from '../../src/contract/wallet';
import type { OperationQuery } from '../../src/machines/shared/follow-operation';
import type { WithdrawalCall } from '../../src/machines/withdrawal.form';
import { withdrawalMachine } from '../../src/machines/withdrawal.machine';
import { httpError, networkError } from '../support/machine-fixtures';
import { banks, operation, withdrawalModels } from '../support/machine-models-wallet';
import { describeMachinePaths } from '../support/machine-paths';

withdrawalModels.forEach(describeMachinePaths);

type Answer = () => Promise<WalletOperation>;

const start = (
  answers: Answer[],
  statuses: WalletOperation[] = [],
  delays = { followPollInterval: 5, followTimeout: 1000 },
) => {
  const walletChanged = vi.fn();
  const calls: WithdrawalCall[] = [];
  const queries: OperationQuery[] = [];
  const machine = withdrawalMachine.provide({
    actors: {
      loadBanks: fromPromise(async () => banks),
      withdraw: fromPromise<WalletOperation, WithdrawalCall>(async ({ input }) => {
        calls.push(input);
        const answer = answers.shift();
        if (!answer) throw new Error('unexpected withdrawal');
        return answer();
      }),
      getOperation: fromPromise<WalletOperation, OperationQuery>(async ({ input }) => {
        queries.push(input);
        return statuses.length > 1 ? statuses.shift()! : statuses[0]!;
      }),
    },
    actions: { walletChanged: (_, params) => walletChanged(params) },
    delays,
  });
  // GH₵ 100 available.
  const actor = createActor(machine, { input: { walletAmount: 10000, keySeed: 'seed' } });
  actor.start();
  return { actor, walletChanged, calls, queries };
};

type Actor = ReturnType<typeof start>['actor'];

const fillMomo = (actor: Actor, amount = '25.50') => {
  actor.send({ type: 'GATEWAY_CHOSEN', gateway: 'momo' });
  actor.send({ type: 'CHANGE', field: 'amount', value: amount });
  actor.send({ type: 'CHANGE', field: 'momoMobileNumber', value: '024-123-4567' });
};

const fillBank = async (actor: Actor, amount = '40') => {
  actor.send({ type: 'GATEWAY_CHOSEN', gateway: 'bank' });
  await waitFor(actor, (s) => s.matches('editing'));
  actor.send({ type: 'CHANGE', field: 'amount', value: amount });
  actor.send({ type: 'CHANGE', field: 'bankId', value: '3' });
  actor.send({ type: 'CHANGE', field: 'bankAccountNumber', value: '0123456789' });
};

const ok =
  (result: WalletOperation): Answer =>
  async () =>
    result;

describe('withdrawal', () => {
  test('more than the available balance: Insufficient funds, and nothing is sent', async () => {
    const { actor, calls } = start([]);
    await fillBank(actor, '100.01');
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(actor.getSnapshot().context.violations).toEqual([
      { field: 'amount', messageId: 'withdrawal.insufficientFunds' },
    ]);
    // The whole balance may go.
    actor.send({ type: 'CHANGE', field: 'amount', value: '100' });
    expect(actor.getSnapshot().context.violations).toEqual([]);
    expect(calls).toEqual([]);
  });

  test('MoMo: the money is held, the payout is followed until it succeeds, the form is cleared', async () => {
    const { actor, calls, queries, walletChanged } = start(
      [ok(operation('pending', { referenceNumber: 'WD-9', amount: 2550, walletAmount: 7450 }))],
      [
        operation('pending', { referenceNumber: 'WD-9', amount: 2550, walletAmount: 7450 }),
        operation('Successful', { referenceNumber: 'WD-9', amount: 2550, walletAmount: 7450 }),
      ],
    );
    fillMomo(actor);
    actor.send({ type: 'SUBMIT' });
    // The review first: nothing is sent until Confirm.
    expect(actor.getSnapshot().matches('reviewing')).toBe(true);
    expect(actor.getSnapshot().hasTag('reviewPage')).toBe(true);
    expect(calls).toEqual([]);
    actor.send({ type: 'CONFIRM' });
    expect(actor.getSnapshot().matches('submitting')).toBe(true);
    await waitFor(actor, (s) => s.matches('following'));
    expect(calls).toEqual([
      {
        idempotencyKey: 'seed-1',
        request: {
          amount: 2550,
          isMOMOWithdrawal: true,
          momoMobileNumber: '0241234567',
          bankRoutingNumber: '1',
          accountTypeId: 1,
          provider: 'MTN',
        },
      },
    ]);
    // The hold lowers the balance card at once.
    expect(walletChanged).toHaveBeenCalledWith({ walletAmount: 7450 });
    await waitFor(actor, (s) => s.matches('succeeded'), { timeout: 2000 });
    expect(queries.every((query) => query.referenceNumber === 'WD-9')).toBe(true);
    const { context } = actor.getSnapshot();
    expect(context.successDialog).toBe(true);
    expect(context.onItsWay).toBe(false);
    expect(context.momo).toEqual({ amount: '', momoMobileNumber: '' });
    expect(context.availableMinor).toBe(7450);
    actor.send({ type: 'CLOSE' });
    expect(actor.getSnapshot().matches('succeeded')).toBe(true);
    expect(actor.getSnapshot().context.successDialog).toBe(false);
    actor.send({ type: 'AGAIN' });
    expect(actor.getSnapshot().matches('selectingGateway')).toBe(true);
  });

  test('bank: a failed payout opens the Error dialog; Close goes back to the form as it was', async () => {
    const { actor, calls, walletChanged } = start(
      [ok(operation('pending', { amount: 4000, walletAmount: 6000 }))],
      [
        operation('Failed', {
          amount: 4000,
          walletAmount: 10000,
          failureMessageId: 'withdrawal.payoutFailed',
        }),
      ],
    );
    await fillBank(actor);
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (s) => s.matches('failed'), { timeout: 2000 });
    expect(calls[0]!.request).toMatchObject({
      isMOMOWithdrawal: false,
      bankAccountNumber: '0123456789',
      bankId: 3,
    });
    expect(actor.getSnapshot().context.error).toBe('withdrawal.payoutFailed');
    // The hold is released: the balance is back.
    expect(walletChanged.mock.calls).toEqual([[{ walletAmount: 6000 }], [{ walletAmount: 10000 }]]);
    actor.send({ type: 'CLOSE' });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(actor.getSnapshot().context.bank).toEqual({
      amount: '40',
      bankAccountNumber: '0123456789',
      bankId: 3,
    });
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  test('still pending at the end of the follow timeout: reported as on its way', async () => {
    const { actor, queries } = start(
      [ok(operation('pending', { amount: 4000, walletAmount: 6000 }))],
      [operation('pending', { amount: 4000, walletAmount: 6000 })],
      { followPollInterval: 5, followTimeout: 60 },
    );
    fillMomo(actor, '40');
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (s) => s.matches('succeeded'), { timeout: 2000 });
    expect(actor.getSnapshot().context.onItsWay).toBe(true);
    expect(queries.length).toBeGreaterThan(1);
  });

  test('the real delays: every second for at most 30 seconds', async () => {
    vi.useFakeTimers();
    try {
      const queries: string[] = [];
      const actor = createActor(
        withdrawalMachine.provide({
          actors: {
            withdraw: fromPromise(async () => operation('pending')),
            getOperation: fromPromise(async ({ input }) => {
              queries.push(input.referenceNumber);
              return operation('pending');
            }),
          },
          actions: { walletChanged: () => {} },
        }),
        { input: { walletAmount: 10000, keySeed: 'seed' } },
      );
      actor.start();
      fillMomo(actor, '10');
      actor.send({ type: 'SUBMIT' });
      actor.send({ type: 'CONFIRM' });
      await vi.advanceTimersByTimeAsync(0);
      expect(actor.getSnapshot().matches('following')).toBe(true);
      // The balance is now the answer's, the total held: the review's figures come from debitedPaymentCheck.
      expect(actor.getSnapshot().hasTag('debited')).toBe(true);
      await vi.advanceTimersByTimeAsync(999);
      expect(queries).toHaveLength(0);
      await vi.advanceTimersByTimeAsync(1);
      expect(queries).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(28_990);
      expect(actor.getSnapshot().matches('following')).toBe(true);
      await vi.advanceTimersByTimeAsync(20);
      expect(actor.getSnapshot().matches('succeeded')).toBe(true);
      expect(actor.getSnapshot().context.onItsWay).toBe(true);
      expect(queries.length).toBeGreaterThanOrEqual(28);
      actor.stop();
    } finally {
      vi.useRealTimers();
    }
  });

  test.each([
    [httpError(400, 'withdrawal.insufficientFunds'), 'withdrawal.insufficientFunds'],
    [httpError(403, 'identity.required'), 'identity.required'],
    [httpError(500), 'withdrawal.failed'],
  ])('a refused or failed request opens the Error dialog (%s)', async (error, message) => {
    const { actor, walletChanged } = start([() => Promise.reject(error)]);
    fillMomo(actor);
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error).toBe(message);
    expect(walletChanged).not.toHaveBeenCalled();
  });

  test('a lost connection: back on the review, Confirm sends the same key (also after Back with the form unchanged); after a change the key is new', async () => {
    const { actor, calls } = start([
      () => Promise.reject(networkError()),
      () => Promise.reject(networkError()),
      () => Promise.reject(networkError()),
      ok(operation('Successful', { walletAmount: 8000 })),
    ]);
    fillMomo(actor, '20');
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (s) => s.matches('reviewing') && calls.length === 1);
    expect(actor.getSnapshot().context.error).toBe('withdrawal.requestFailed');
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (s) => s.matches('reviewing') && calls.length === 2);
    expect(calls[1]).toEqual(calls[0]);
    actor.send({ type: 'BACK' });
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (s) => s.matches('reviewing') && calls.length === 3);
    expect(calls[2]).toEqual(calls[0]);
    actor.send({ type: 'BACK' });
    actor.send({ type: 'CHANGE', field: 'amount', value: '21' });
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (s) => s.matches('succeeded'));
    expect(calls.map((call) => call.idempotencyKey)).toEqual(['seed-1', 'seed-1', 'seed-1', 'seed-2']);
  });

  fcTest.prop(
    [
      fc.integer({ min: 0, max: 10_000_000 }),
      fc.oneof(
        fc.integer({ min: 1, max: 2 * MOMO_WITHDRAWAL_MIN_MINOR }),
        fc.integer({ min: 1, max: 10_000_000 }),
      ),
    ],
    { numRuns: 200 },
  )(
    'an amount is refused under the GH₵ 10 floor, else as Insufficient funds exactly when above the available balance',
    (available, amount) => {
      let [snapshot] = initialTransition(withdrawalMachine, {
        walletAmount: available,
        keySeed: 's',
      });
      for (const event of [
        { type: 'GATEWAY_CHOSEN', gateway: 'momo' },
        { type: 'CHANGE', field: 'amount', value: String(minorToApiAmount(amount)) },
        { type: 'CHANGE', field: 'momoMobileNumber', value: '0241234567' },
        { type: 'SUBMIT' },
        { type: 'CONFIRM' },
      ] as const)
        [snapshot] = transition(withdrawalMachine, snapshot, event);
      const has = (messageId: string) => snapshot.context.violations.some((v) => v.messageId === messageId);
      const belowFloor = amount < MOMO_WITHDRAWAL_MIN_MINOR;
      expect(has('withdrawal.momoBelowMinimum')).toBe(belowFloor);
      expect(has('withdrawal.insufficientFunds')).toBe(!belowFloor && amount > available);
      expect(snapshot.matches('submitting')).toBe(!belowFloor && amount <= available);
    },
  );
});
