import { fc, test as fcTest } from '@fast-check/vitest';
import { describe, expect, test, vi } from 'vitest';
import { createActor, fromPromise, initialTransition, transition, waitFor } from 'xstate';
import { cardPaymentViolations, parseCardExpiry } from '../../src/domain/card';
import { amountInputToMinor } from '../../src/domain/amount';
import type { WalletOperation } from '../../src/contract/wallet';
import type { OperationQuery } from '../../src/machines/shared/follow-operation';
import type { CardFormField, TopUpCall } from '../../src/machines/top-up.form';
import { topUpMachine } from '../../src/machines/top-up.machine';
import { httpError, networkError, timeoutError } from '../support/machine-fixtures';
import { banks, operation, TODAY, topUpModels } from '../support/machine-models-wallet';
import { describeMachinePaths } from '../support/machine-paths';
import { proves } from '../support/requirements';

topUpModels.forEach(describeMachinePaths);

type Answer = (call: TopUpCall) => Promise<WalletOperation>;

const start = (answers: Answer[], statuses: WalletOperation[] = []) => {
  const walletChanged = vi.fn();
  const calls: TopUpCall[] = [];
  const queries: OperationQuery[] = [];
  const machine = topUpMachine.provide({
    actors: {
      loadBanks: fromPromise(async () => banks),
      topUp: fromPromise<WalletOperation, TopUpCall>(async ({ input }) => {
        calls.push(input);
        const answer = answers.shift();
        if (!answer) throw new Error('unexpected top-up call');
        return answer(input);
      }),
      getOperation: fromPromise<WalletOperation, OperationQuery>(async ({ input }) => {
        queries.push(input);
        return statuses.length > 1 ? statuses.shift()! : statuses[0]!;
      }),
    },
    actions: { walletChanged: (_, params) => walletChanged(params) },
    delays: { statusPollInterval: 5 },
  });
  const actor = createActor(machine, { input: { keySeed: 'seed', today: TODAY } });
  actor.start();
  return { actor, walletChanged, calls, queries };
};

type Actor = ReturnType<typeof start>['actor'];

const fillCard = (actor: Actor) => {
  actor.send({ type: 'GATEWAY_CHOSEN', gateway: 'card' });
  const values: [CardFormField, string][] = [
    ['firstName', 'Ama'],
    ['lastName', 'Mensah'],
    ['number', '4242 4242 4242 4242'],
    ['expiry', '12/30'],
    ['cvc', '123'],
    ['amount', '50'],
  ];
  for (const [field, value] of values) actor.send({ type: 'CHANGE', field, value });
};

const fillMomo = (actor: Actor, phone = '0241234567') => {
  actor.send({ type: 'GATEWAY_CHOSEN', gateway: 'momo' });
  actor.send({ type: 'CHANGE', field: 'amount', value: '20' });
  actor.send({ type: 'CHANGE', field: 'phone', value: phone });
};

const ok =
  (result: WalletOperation): Answer =>
  async () =>
    result;
const fail =
  (error: unknown): Answer =>
  async () =>
    Promise.reject(error);

/** Pay, then Confirm on the review (a form that breaks a rule stays on the form). */
const submitAndConfirm = (actor: Actor) => {
  actor.send({ type: 'SUBMIT' });
  if (actor.getSnapshot().matches('reviewing')) actor.send({ type: 'CONFIRM' });
};

describe('top-up', () => {
  test('card: the number shows in groups of four, the call carries the card and the key, the balance follows', async () => {
    const { actor, calls, walletChanged } = start([
      ok(operation('Successful', { amount: 5000, walletAmount: 15000 })),
    ]);
    fillCard(actor);
    expect(actor.getSnapshot().context.card.number).toBe('4242 4242 4242 4242');
    actor.send({ type: 'SUBMIT' });
    // The review first (the card's amount, fee, total and the balance after): nothing is sent before Confirm.
    expect(actor.getSnapshot().matches('reviewing')).toBe(true);
    expect(actor.getSnapshot().hasTag('reviewPage')).toBe(true);
    expect(calls).toEqual([]);
    actor.send({ type: 'CONFIRM' });
    expect(actor.getSnapshot().matches('processing')).toBe(true);
    await waitFor(actor, (s) => s.matches('recharged'));
    expect(calls).toEqual([
      {
        gateway: 'card',
        idempotencyKey: 'seed-1',
        request: {
          amount: 5000,
          firstName: 'Ama',
          lastName: 'Mensah',
          cardNumber: '4242424242424242',
          cvv: '123',
          expiryMonth: 12,
          expiryYear: 2030,
        },
      },
    ]);
    expect(walletChanged).toHaveBeenCalledWith({ walletAmount: 15000 });
    expect(actor.getSnapshot().context.operation?.referenceNumber).toBe('WOP-1');
    actor.send({ type: 'AGAIN' });
    expect(actor.getSnapshot().matches('choosingGateway')).toBe(true);
    expect(actor.getSnapshot().context.card.number).toBe('');
  });

  test(
    proves(
      'S9.withdrawal.2',
      'bank: the banks load once, the call carries the fixed routing number and account type',
    ),
    async () => {
      const { actor, calls, walletChanged } = start([
        ok(operation('Successful', { amount: 10050, walletAmount: 25050 })),
      ]);
      actor.send({ type: 'GATEWAY_CHOSEN', gateway: 'bank' });
      await waitFor(actor, (s) => s.matches('editing'));
      expect(actor.getSnapshot().context.banks).toEqual(banks);
      actor.send({ type: 'CHANGE', field: 'amount', value: '100.50' });
      actor.send({ type: 'CHANGE', field: 'bankId', value: '2' });
      actor.send({ type: 'CHANGE', field: 'bankAccountNumber', value: '0123456789' });
      submitAndConfirm(actor);
      await waitFor(actor, (s) => s.matches('recharged'));
      expect(calls[0]).toEqual({
        gateway: 'bank',
        idempotencyKey: 'seed-1',
        request: {
          amount: 10050,
          bankAccountNumber: '0123456789',
          bankId: 2,
          bankRoutingNumber: '1',
          accountTypeId: 1,
        },
      });
      expect(walletChanged).toHaveBeenCalledWith({ walletAmount: 25050 });
      actor.send({ type: 'DONE' });
      actor.send({ type: 'GATEWAY_CHOSEN', gateway: 'bank' });
      expect(actor.getSnapshot().matches('editing')).toBe(true);
    },
  );

  test('MoMo: pending, the status is followed until approved, then Wallet Recharged', async () => {
    const { actor, calls, queries, walletChanged } = start(
      [ok(operation('pending', { amount: 2000, walletAmount: 10000 }))],
      [
        operation('pending', { amount: 2000, walletAmount: 10000 }),
        operation('pending', { amount: 2000, walletAmount: 10000 }),
        operation('Successful', { amount: 2000, walletAmount: 12000 }),
      ],
    );
    fillMomo(actor, '024 123 4567');
    submitAndConfirm(actor);
    await waitFor(actor, (s) => s.matches('awaitingApproval'));
    expect(calls[0]).toEqual({
      gateway: 'momo',
      idempotencyKey: 'seed-1',
      request: { amount: 2000, phone: '0241234567', provider: 'MTN' },
    });
    expect(walletChanged).not.toHaveBeenCalled();
    await waitFor(actor, (s) => s.matches('recharged'), { timeout: 2000 });
    expect(queries).toEqual([
      { referenceNumber: 'WOP-1' },
      { referenceNumber: 'WOP-1' },
      { referenceNumber: 'WOP-1' },
    ]);
    expect(walletChanged).toHaveBeenCalledExactlyOnceWith({ walletAmount: 12000 });
  });

  test.each([
    ['topUp.momoRejected', 'topUp.momoRejected'],
    ['topUp.momoExpired', 'topUp.momoExpired'],
    // Answered 'Failed' without a reason of its own: 'Error adding funds' (spec 8).
    [null, 'topUp.error'],
  ])('MoMo: declined on the phone or expired (%s) shows why and moves nothing', async (reason, message) => {
    const { actor, walletChanged } = start(
      [ok(operation('pending', { amount: 2000, walletAmount: 10000 }))],
      [
        operation('pending'),
        operation('Failed', { amount: 2000, walletAmount: 10000, failureMessageId: reason }),
      ],
    );
    fillMomo(actor);
    submitAndConfirm(actor);
    await waitFor(actor, (s) => s.matches('failed'), { timeout: 2000 });
    expect(actor.getSnapshot().context.error).toBe(message);
    expect(walletChanged).not.toHaveBeenCalled();
  });

  test.each([
    ['card.declined', 'card.declined'],
    ['card.insufficientFunds', 'card.insufficientFunds'],
    [null, 'card.failed'],
  ])('card: a 402 (%s) shows its message and the next attempt takes a new key', async (id, message) => {
    const { actor, calls } = start([fail(httpError(402, id)), ok(operation('Successful'))]);
    fillCard(actor);
    submitAndConfirm(actor);
    await waitFor(actor, (s) => s.context.error !== null);
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(actor.getSnapshot().context.error).toBe(message);
    expect(actor.getSnapshot().can({ type: 'CONFIRM' })).toBe(false);
    submitAndConfirm(actor);
    await waitFor(actor, (s) => s.matches('recharged'));
    expect(calls.map((call) => call.idempotencyKey)).toEqual(['seed-1', 'seed-2']);
  });

  // Spec 8: 'Error adding funds' when the server answered without a message of its own, 'Failed to add funds'
  // when no answer came (as the withdrawal's 'Error processing withdrawal.' / 'Failed to process withdrawal.').
  const fillBank = async (actor: Actor) => {
    actor.send({ type: 'GATEWAY_CHOSEN', gateway: 'bank' });
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'CHANGE', field: 'amount', value: '100' });
    actor.send({ type: 'CHANGE', field: 'bankId', value: '2' });
    actor.send({ type: 'CHANGE', field: 'bankAccountNumber', value: '0123456789' });
  };
  const fills = { bank: fillBank, momo: async (actor: Actor) => fillMomo(actor) };

  test.each([
    ['bank', 500],
    ['bank', 409],
    ['momo', 500],
    ['momo', 502],
  ] as const)(
    '%s: an answer %s without its own message says Error adding funds, and the next attempt takes a new key',
    async (gateway, status) => {
      const { actor, calls } = start([fail(httpError(status)), ok(operation('Successful'))]);
      await fills[gateway](actor);
      submitAndConfirm(actor);
      await waitFor(actor, (s) => s.context.error !== null);
      expect(actor.getSnapshot().matches('editing')).toBe(true);
      expect(actor.getSnapshot().context.error).toBe('topUp.error');
      expect(actor.getSnapshot().can({ type: 'CONFIRM' })).toBe(false);
      submitAndConfirm(actor);
      await waitFor(actor, (s) => s.matches('recharged'));
      expect(calls.map((call) => call.idempotencyKey)).toEqual(['seed-1', 'seed-2']);
    },
  );

  test.each(['bank', 'momo'] as const)(
    '%s: the server’s own message wins over Error adding funds',
    async (gateway) => {
      const { actor } = start([fail(httpError(409, 'idempotency.conflict'))]);
      await fills[gateway](actor);
      submitAndConfirm(actor);
      await waitFor(actor, (s) => s.context.error !== null);
      expect(actor.getSnapshot().context.error).toBe('idempotency.conflict');
    },
  );

  test.each(['bank', 'momo'] as const)(
    '%s: no answer says Failed to add funds on the review, whose Confirm resends the same key',
    async (gateway) => {
      const { actor, calls } = start([fail(networkError()), ok(operation('Successful'))]);
      await fills[gateway](actor);
      submitAndConfirm(actor);
      await waitFor(actor, (s) => s.context.error !== null);
      expect(actor.getSnapshot().matches('reviewing')).toBe(true);
      expect(actor.getSnapshot().context.error).toBe('topUp.failed');
      actor.send({ type: 'CONFIRM' });
      await waitFor(actor, (s) => s.matches('recharged'));
      expect(calls.map((call) => call.idempotencyKey)).toEqual(['seed-1', 'seed-1']);
    },
  );

  test('403: identity required', async () => {
    const { actor } = start([fail(httpError(403, 'identity.required'))]);
    fillCard(actor);
    submitAndConfirm(actor);
    await waitFor(actor, (s) => s.context.error !== null);
    expect(actor.getSnapshot().context.error).toBe('identity.required');
  });

  test('a lost connection: Confirm on the review sends the same request with the same key; a changed form gets a new key', async () => {
    const { actor, calls } = start([
      fail(networkError()),
      fail(timeoutError()),
      fail(networkError()),
      ok(operation('Successful')),
    ]);
    fillCard(actor);
    submitAndConfirm(actor);
    await waitFor(actor, (s) => s.context.error !== null);
    expect(actor.getSnapshot().context.error).toBe('topUp.failed');
    expect(actor.getSnapshot().can({ type: 'CONFIRM' })).toBe(true);
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (s) => s.matches('reviewing') && s.context.error !== null);
    expect(calls.map((call) => call.idempotencyKey)).toEqual(['seed-1', 'seed-1']);
    expect(calls[1]).toEqual(calls[0]);
    // Editing makes it another request.
    actor.send({ type: 'BACK' });
    actor.send({ type: 'CHANGE', field: 'amount', value: '60' });
    expect(actor.getSnapshot().context.idempotencyKey).toBeNull();
    submitAndConfirm(actor);
    await waitFor(actor, (s) => s.matches('reviewing') && s.context.error !== null);
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (s) => s.matches('recharged'));
    expect(calls.map((call) => call.idempotencyKey)).toEqual(['seed-1', 'seed-1', 'seed-2', 'seed-2']);
    expect(calls[2]!.request.amount).toBe(6000);
  });

  test('without a key seed each wizard draws random keys', () => {
    const [first] = initialTransition(topUpMachine, {});
    const [second] = initialTransition(topUpMachine, {});
    expect(first.context.keySeed).not.toBe(second.context.keySeed);
    expect(first.context.keySeed).toMatch(/^[0-9a-f-]{36}$/);
  });

  const cardField = fc.constantFrom<CardFormField>(
    'firstName',
    'lastName',
    'number',
    'expiry',
    'cvc',
    'amount',
  );
  const typed = fc.oneof(
    fc.string({ maxLength: 20 }),
    fc.constantFrom(
      'Ama',
      'Ama1',
      'x'.repeat(31),
      '4242424242424242',
      '4000000000000002',
      '12/30',
      '13/30',
      '01/20',
    ),
    fc.constantFrom('123', '12', '0', '50', '100001', '1.5'),
  );

  fcTest.prop([fc.array(fc.tuple(cardField, typed), { maxLength: 12 })], { numRuns: 200 })(
    'for any card form, the violations shown are exactly the card rules’ and SUBMIT calls only when there are none',
    (changes) => {
      let [snapshot] = initialTransition(topUpMachine, { keySeed: 'seed', today: TODAY });
      [snapshot] = transition(topUpMachine, snapshot, { type: 'GATEWAY_CHOSEN', gateway: 'card' });
      for (const [field, value] of changes)
        [snapshot] = transition(topUpMachine, snapshot, { type: 'CHANGE', field, value });
      [snapshot] = transition(topUpMachine, snapshot, { type: 'SUBMIT' });
      const { card } = snapshot.context;
      const expected = cardPaymentViolations(
        {
          firstName: card.firstName,
          lastName: card.lastName,
          cardNumber: card.number.replace(/ /g, ''),
          expiry: parseCardExpiry(card.expiry),
          cvv: card.cvc,
          amountMinor: amountInputToMinor(card.amount),
        },
        new Date(`${TODAY}T00:00:00Z`),
      );
      expect(snapshot.context.violations.map((v) => v.messageId)).toEqual(expected.map((v) => v.messageId));
      expect(snapshot.matches('reviewing')).toBe(expected.length === 0);
      // What the inputs keep: names letters and spaces, the number in groups of four, digits elsewhere.
      expect(card.number).toMatch(/^(\d{4} ){0,3}\d{0,4}$/);
      expect(card.cvc).toMatch(/^\d{0,3}$/);
      expect(card.amount).toMatch(/^(|[1-9]\d*|0)$/);
    },
  );
});
