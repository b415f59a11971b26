/**
 * Path-test models (see machine-paths.ts) of the issue-10 browser machines: the betting wizard (/deposit and a
 * partner's link /deposit/{token}, with and without an amount), the betting history and 'Betting Details'. The
 * expectations come from the spec (sections 2, 4, 5, 8, 9) and the contract, with the domain rules as the oracle
 * for violations and figures.
 */
import { expect } from 'vitest';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { amountInput } from '../../src/domain/amount';
import {
  bettingAmountViolation,
  bettingSubmitViolations,
  bettingTotals,
  BETTING_NUMBER_MAX_LENGTH,
} from '../../src/domain/betting';
import { domainMessages } from '../../src/domain/messages';
import { parseDecimalAmount } from '../../src/domain/money';
import { failureStatus, isApiError } from '../../src/contract/failure';
import type {
  BettingMovement,
  BettingOperator,
  BettingPaymentRequestInPesewas,
  BettingReceipt,
} from '../../src/contract/betting';
import type { WalletOperation } from '../../src/contract/wallet';
import { bettingHistoryMachine } from '../../src/machines/betting-history.machine';
import { bettingReceiptMachine } from '../../src/machines/betting-receipt.machine';
import { bettingMachine, type BettingContext } from '../../src/machines/betting.machine';
import {
  doneEvent,
  errorEvent,
  httpError,
  LIMIT_VALUES,
  limitRefusal,
  networkError,
  timeoutError,
} from './machine-fixtures';
import type { MachineModel, ModelStep } from './machine-paths';
import { pagedHistoryModels, receiptModel } from './machine-model-paged-history';

/* ----------------------------------------------------------------------------------------------- fixtures */

export const operators: BettingOperator[] = [
  { id: 1, code: 'sportybet', name: 'SportyBet Ghana' },
  { id: 2, code: 'betway', name: 'Betway Ghana' },
];

export const paymentRequest = (
  sendAmount: number | null,
  over: Partial<BettingPaymentRequestInPesewas> = {},
): BettingPaymentRequestInPesewas => {
  const totals = sendAmount === null ? null : bettingTotals(sendAmount);
  return {
    operatorId: 2,
    operatorName: 'Betway Ghana',
    bettingNo: '5550001234',
    receiverPhoneNo: '0241234567',
    sendAmount,
    processingFee: totals?.feeMinor ?? null,
    totalPay: totals?.totalMinor ?? null,
    firstName: 'Ama',
    lastName: 'Mensah',
    expiresAt: '2026-11-23T15:00:00.000Z',
    ...over,
  };
};

export const bettingOperation = (
  status: WalletOperation['status'],
  over: Partial<WalletOperation> = {},
): WalletOperation & { referenceNo: string } => ({
  referenceNumber: 'BET-1001',
  referenceNo: 'BET-1001',
  status,
  failureMessageId: null,
  amount: 5000,
  walletAmount: 94950,
  ...over,
});

export const bettingRow = (id: number, over: Partial<BettingMovement> = {}): BettingMovement => ({
  id,
  senderName: 'Ama Mensah',
  paymentMethod: 'Wallet',
  referenceNumber: `BET-${String(id).padStart(4, '0')}`,
  sendAmount: id * 1000,
  status: 'Successful',
  operatorName: 'Betway Ghana',
  bettingNo: '5550001234',
  date: `2026-11-${String((id % 28) + 1).padStart(2, '0')}T10:00:00.000Z`,
  ...over,
});

/** n bets, newest first. */
export const bettingRows = (count: number): BettingMovement[] =>
  Array.from({ length: count }, (_, index) => bettingRow(count - index));

export const bettingReceiptOf = (over: Partial<BettingReceipt> = {}): BettingReceipt => ({
  referenceNumber: 'BET-1001',
  senderName: 'Ama Mensah',
  sendAmount: 5000,
  processingFee: 50,
  totalPay: 5050,
  paymentMethod: 'Wallet',
  status: 'Successful',
  failureMessageId: null,
  operatorName: 'Betway Ghana',
  bettingNo: '5550001234',
  receiverPhoneNo: '0241234567',
  date: '2026-11-23T10:00:00.000Z',
  ...over,
});

/* ----------------------------------------------------------------------------------------------- betting */

/** GH₵ 1,000 in the wallet. */
const WALLET = 100_000;

const outputOf = <T>(event: AnyEventObject): T => (event as unknown as { output: T }).output;
const errorOf = (event: AnyEventObject): unknown => (event as { error?: unknown }).error;
const payload = <T>(event: AnyEventObject): T => event as unknown as T;

const expectUnchanged = (step: ModelStep) => {
  expect(step.snapshot.value).toEqual(step.previous?.value);
  expect(step.snapshot.context).toEqual(step.previous?.context);
  expect(step.actions).toEqual([]);
};

const messageIdOf = (error: unknown): string | null => {
  const id = isApiError(error) && error.failure.kind === 'http' ? error.failure.data?.messageId : null;
  return id && id in domainMessages ? id : null;
};

const knownFields = ['operatorId', 'bettingNo', 'receiverPhoneNo', 'sendAmount', 'identification'];
const serverViolationsOf = (error: unknown) =>
  isApiError(error) && error.failure.kind === 'http'
    ? (error.failure.data?.violations ?? [])
        // A tier limit's refusal names `amount`: the form's amount typed, with the figures its message names.
        .map((v) => (v.field === 'amount' ? { ...v, field: 'sendAmount' } : v))
        .filter((v) => knownFields.includes(v.field) && v.messageId in domainMessages)
        .map(({ field, messageId, values }) => ({ field, messageId, ...(values ? { values } : {}) }))
    : [];

const secondFlow = (context: BettingContext) => context.link !== null && context.link.sendAmount === null;

/** The amount paid: the link's, else what was typed (0 while it is not an amount). */
const amountOf = (context: BettingContext) => {
  if (context.link?.sendAmount != null) return context.link.sendAmount;
  const typed = parseDecimalAmount(context.form.sendAmount);
  return typed !== null && typed > 0 ? typed : 0;
};

/** The rules restated from the domain: all of them on /deposit; the amount (if the link leaves it) and the ID on a link. */
const expectedViolations = (context: BettingContext) => {
  const typed = context.form.sendAmount.trim() === '' ? null : parseDecimalAmount(context.form.sendAmount);
  if (context.link === null)
    return bettingSubmitViolations({
      operatorId: context.form.operatorId,
      bettingNo: context.form.bettingNo,
      receiverPhoneNo: context.form.receiverPhoneNo,
      sendAmountMinor: typed,
      hasIdentification: context.hasIdentification,
    });
  const violations: { field: string; messageId: string }[] = [];
  const amount = context.link.sendAmount === null ? bettingAmountViolation(typed) : null;
  if (amount) violations.push(amount);
  if (!context.hasIdentification)
    violations.push({ field: 'identification', messageId: 'identity.required' });
  return violations;
};

const expectedForm = (context: BettingContext, field: string, value: string): BettingContext['form'] => {
  const { form } = context;
  switch (field) {
    case 'operatorId': {
      const id = Number(value);
      return { ...form, operatorId: context.operators.some((o) => o.id === id) ? id : 0 };
    }
    case 'bettingNo':
      return { ...form, bettingNo: value.replace(/\D/g, '').slice(0, BETTING_NUMBER_MAX_LENGTH) };
    case 'receiverPhoneNo':
      return { ...form, receiverPhoneNo: value.replace(/\D/g, '').slice(0, 12) };
    default:
      return { ...form, sendAmount: amountInput(value) };
  }
};

const LINK_CLOSED: Record<number, string> = {
  404: 'bettingLink.invalid',
  410: 'bettingLink.expired',
  409: 'bettingLink.alreadyPaid',
  403: 'bettingLink.otherUser',
};
const linkClosedOf = (error: unknown): string | null => {
  const id = messageIdOf(error);
  if (id !== null && Object.values(LINK_CLOSED).includes(id)) return id;
  const status = failureStatus(error);
  return status === null ? null : (LINK_CLOSED[status] ?? null);
};

const emptyForm = { operatorId: 0, bettingNo: '', receiverPhoneNo: '', sendAmount: '' };

const onPaymentPages = (snapshot: AnyMachineSnapshot) =>
  ['payment', 'paying', 'following', 'refused', 'done'].some((state) => snapshot.matches(state));

const bettingCheck = (step: ModelStep): void => {
  const { previous, event, snapshot, actions } = step;
  const context = snapshot.context as BettingContext;
  if (context.idempotencyKey !== null) expect(context.idempotencyKey).toBe(`seed-${context.keyCount}`);
  if (snapshot.matches('paying')) expect(context.idempotencyKey).not.toBeNull();
  if (!context.showViolations) expect(context.violations).toEqual([]);
  if (snapshot.matches('done')) {
    expect(context.operation).not.toBeNull();
    expect(context.error).toBeNull();
  }
  if (snapshot.matches('refused') || snapshot.matches('loadFailed') || snapshot.matches('linkFailed'))
    expect(context.error).not.toBeNull();
  if (snapshot.matches('linkClosed')) expect(String(context.error)).toMatch(/^bettingLink\./);
  // A payment page shows only what can be paid: a valid form, or a link's request.
  if (onPaymentPages(snapshot) && !snapshot.matches('done') && context.link === null)
    expect(context.operators.length).toBeGreaterThan(0);
  expect(actions.every((action) => action.type === 'walletChanged')).toBe(true);

  if (previous === null) {
    expect(snapshot.value).toBe(context.token === null ? 'loadingOperators' : 'linkLoading');
    expect(context.form).toEqual(emptyForm);
    expect(context.walletAmount).toBe(WALLET);
    expect(context.keyCount).toBe(0);
    expect(context.link).toBeNull();
    expect(actions).toEqual([]);
    return;
  }
  const before = previous.context as BettingContext;

  switch (event.type) {
    case 'xstate.done.actor.loadOperators':
      expect(snapshot.value).toBe('editing');
      expect(context.operators).toEqual(outputOf(event));
      expect(context.error).toBeNull();
      return;
    case 'xstate.error.actor.loadOperators':
      expect(snapshot.value).toBe('loadFailed');
      expect(context.error).toBe('betting.operatorsFailed');
      return;
    case 'xstate.done.actor.loadPaymentRequest': {
      const link = outputOf<BettingPaymentRequestInPesewas>(event);
      expect(context.link).toEqual(link);
      // A link that names the amount: the user only confirms on the Payment page.
      expect(snapshot.value).toBe(link.sendAmount === null ? 'linkAmount' : 'payment');
      return;
    }
    case 'xstate.error.actor.loadPaymentRequest': {
      const error = errorOf(event);
      const closed = linkClosedOf(error) ?? (failureStatus(error) === 400 ? 'bettingLink.invalid' : null);
      expect(snapshot.value).toBe(closed ? 'linkClosed' : 'linkFailed');
      expect(context.error).toBe(closed ?? 'bettingLink.loadFailed');
      expect(context.link).toBeNull();
      return;
    }
    case 'RETRY':
      if (previous.matches('loadFailed')) expect(snapshot.value).toBe('loadingOperators');
      else if (previous.matches('linkFailed')) expect(snapshot.value).toBe('linkLoading');
      else return expectUnchanged(step);
      expect(context.error).toBeNull();
      return;
    case 'CHANGE': {
      const { field, value } = payload<{ field: string; value: string }>(event);
      const editable =
        previous.matches('editing') || (previous.matches('linkAmount') && field === 'sendAmount');
      if (!editable) return expectUnchanged(step);
      expect(snapshot.value).toEqual(previous.value);
      expect(context.form).toEqual(expectedForm(before, field, value));
      expect(context.violations).toEqual(before.showViolations ? expectedViolations(context) : []);
      expect(context.error).toBeNull();
      return;
    }
    case 'SUBMIT': {
      if (!previous.matches('editing') && !previous.matches('linkAmount')) return expectUnchanged(step);
      const violations = expectedViolations(before);
      expect(context.showViolations).toBe(true);
      expect(context.violations).toEqual(violations);
      const next = previous.matches('editing') ? 'payment' : 'linkPayment';
      expect(snapshot.value).toEqual(violations.length === 0 ? next : previous.value);
      return;
    }
    case 'SELECT_WALLET':
      if (!previous.matches('linkPayment')) return expectUnchanged(step);
      expect(snapshot.value).toBe('linkPurpose');
      expect(context).toEqual(before);
      return;
    case 'NEXT':
      if (!previous.matches('linkPurpose')) return expectUnchanged(step);
      expect(snapshot.value).toBe('payment');
      expect(context).toEqual(before);
      return;
    case 'BACK': {
      if (previous.matches('linkPayment')) return expect(snapshot.value).toBe('linkAmount');
      if (previous.matches('linkPurpose')) return expect(snapshot.value).toBe('linkPayment');
      const canGoBack =
        (previous.matches('payment') && (before.link === null || secondFlow(before))) ||
        (previous.matches('refused') && before.link === null);
      if (!canGoBack) return expectUnchanged(step);
      expect(snapshot.value).toBe(before.link === null ? 'editing' : 'linkPurpose');
      expect(context.form).toEqual(before.form);
      expect(context.error).toBeNull();
      expect(context.idempotencyKey).toBeNull();
      return;
    }
    case 'PAY': {
      if (!previous.matches('payment')) return expectUnchanged(step);
      const total = bettingTotals(amountOf(before)).totalMinor;
      if (before.walletAmount >= total) {
        expect(snapshot.value).toBe('paying');
        // The key of an unanswered attempt is sent again; else a new one.
        expect(context.idempotencyKey).toBe(before.idempotencyKey ?? `seed-${before.keyCount + 1}`);
        expect(context.error).toBeNull();
      } else {
        expect(snapshot.value).toBe('payment');
        expect(context.error).toBe('walletPayment.notEnough');
      }
      return;
    }
    case 'xstate.done.actor.initiateBetting':
    case 'xstate.done.actor.getOperation': {
      const result = outputOf<WalletOperation>(event);
      expect(context.operation).toEqual(result);
      expect(context.walletAmount).toBe(result.walletAmount);
      if (result.status === 'pending') {
        expect(snapshot.matches('following')).toBe(true);
        return;
      }
      expect(actions).toEqual([{ type: 'walletChanged', params: { walletAmount: result.walletAmount } }]);
      expect(context.idempotencyKey).toBeNull();
      if (result.status === 'Successful') {
        expect(snapshot.value).toBe('done');
        expect(context.onItsWay).toBe(false);
      } else {
        // The operator refused the betting account: the money is back.
        expect(snapshot.value).toBe('refused');
        expect(context.error).toBe(result.failureMessageId ?? 'betting.refused');
      }
      return;
    }
    case 'xstate.error.actor.initiateBetting': {
      const error = errorOf(event);
      if (failureStatus(error) === null) {
        expect(snapshot.value).toBe('payment');
        expect(context.error).toBe('betting.initiateError');
        expect(context.idempotencyKey).toBe(before.idempotencyKey);
        return;
      }
      expect(context.idempotencyKey).toBeNull();
      const closed = before.link !== null ? linkClosedOf(error) : null;
      if (closed) {
        expect(snapshot.value).toBe('linkClosed');
        expect(context.error).toBe(closed);
      } else if (failureStatus(error) === 402) {
        expect(snapshot.value).toBe('refused');
        expect(context.error).toBe(messageIdOf(error) ?? 'betting.refused');
      } else if (
        failureStatus(error) === 400 &&
        serverViolationsOf(error).length > 0 &&
        before.link === null
      ) {
        expect(snapshot.value).toBe('editing');
        expect(context.violations).toEqual(serverViolationsOf(error));
      } else {
        expect(snapshot.value).toBe('payment');
        expect(context.error).toBe(messageIdOf(error) ?? 'betting.initiateFailed');
        // The figures a tier limit's message names stay with it (issue 24).
        expect(context.failure).toEqual(
          context.error === 'limit.daily'
            ? { messageId: 'limit.daily', values: LIMIT_VALUES }
            : { messageId: context.error },
        );
      }
      return;
    }
    case 'xstate.error.actor.getOperation':
      expect(snapshot.matches({ following: 'waiting' })).toBe(true);
      expect(context).toEqual(before);
      return;
    case 'xstate.after.followPollInterval.betting.following.waiting':
      expect(snapshot.matches({ following: 'checking' })).toBe(true);
      expect(context).toEqual(before);
      return;
    case 'xstate.after.followTimeout.betting.following':
      expect(snapshot.value).toBe('done');
      expect(context.onItsWay).toBe(true);
      expect(context.idempotencyKey).toBeNull();
      return;
    case 'AGAIN': {
      if (!['done', 'refused', 'linkClosed'].some((state) => previous.matches(state)))
        return expectUnchanged(step);
      expect(snapshot.value).toBe(
        before.operators.length > 0 && !previous.matches('linkClosed') ? 'editing' : 'loadingOperators',
      );
      expect(context.form).toEqual(emptyForm);
      expect(context.link).toBeNull();
      expect(context.token).toBeNull();
      expect(context.operation).toBeNull();
      expect(context.error).toBeNull();
      return;
    }
    default:
      throw new Error(`betting model: unexpected event ${event.type}`);
  }
};

/** The facts its guards read: the form, the link's amount, the balance, the message, a key held, onItsWay. */
const bettingKey = (snapshot: AnyMachineSnapshot): string => {
  const context = snapshot.context as BettingContext;
  return JSON.stringify({
    form: context.form,
    operators: context.operators.length,
    token: context.token,
    link: context.link === null ? null : context.link.sendAmount,
    walletAmount: context.walletAmount,
    error: context.error,
    violations: context.violations.length,
    holdsKey: context.idempotencyKey !== null,
    onItsWay: context.onItsWay,
  });
};

/** The next repair of the /deposit form, in the rules' order (an operator, a number, the phone, the amount). */
const bettingRepair = (context: BettingContext): AnyEventObject | null => {
  if (context.walletAmount !== WALLET || context.link !== null) return null;
  const { form } = context;
  if (form.operatorId === 0) return { type: 'CHANGE', field: 'operatorId', value: '2' };
  if (form.bettingNo === '') return { type: 'CHANGE', field: 'bettingNo', value: '123' };
  if (form.bettingNo === '123') return { type: 'CHANGE', field: 'bettingNo', value: 'No. 555-0001-234' };
  if (form.receiverPhoneNo === '') return { type: 'CHANGE', field: 'receiverPhoneNo', value: '024 123 4567' };
  if (form.sendAmount === '') return { type: 'CHANGE', field: 'sendAmount', value: '0' };
  if (form.sendAmount === '0') return { type: 'CHANGE', field: 'sendAmount', value: '50' };
  return null;
};

/**
 * Every answer of InitiateBettingTransaction and of the deposit's status that can follow. A credit refused at once
 * (Failed when answered, or 402) is offered on a link only: on /deposit the first path into `refused` is then the
 * host's own (pending, then refused by the operator), which the browser can take on to BACK and AGAIN.
 */
const payingAnswers = (
  snapshot: AnyMachineSnapshot,
  thorough: boolean,
  refusedAtOnce = true,
): AnyEventObject[] => {
  const context = snapshot.context as BettingContext;
  const held = WALLET - bettingTotals(amountOf(context)).totalMinor;
  const events: AnyEventObject[] = [];
  if (snapshot.matches('paying')) {
    events.push(
      doneEvent('initiateBetting', bettingOperation('Successful', { walletAmount: held })),
      doneEvent('initiateBetting', bettingOperation('pending', { walletAmount: held })),
      errorEvent('initiateBetting', networkError()),
    );
    if (thorough && refusedAtOnce)
      events.push(
        doneEvent(
          'initiateBetting',
          bettingOperation('Failed', { walletAmount: WALLET, failureMessageId: 'betting.refused' }),
        ),
        errorEvent('initiateBetting', httpError(402, 'betting.refused')),
        errorEvent('initiateBetting', httpError(402)),
      );
    if (thorough)
      events.push(
        errorEvent('initiateBetting', timeoutError()),
        // The tier limit's 400 before the betting rules' one: the first path to a server violation is then
        // one the host gives (the browser checks the betting rules before sending).
        errorEvent('initiateBetting', limitRefusal()),
        errorEvent(
          'initiateBetting',
          httpError(400, 'request.invalid', [{ field: 'bettingNo', messageId: 'betting.numberInvalid' }]),
        ),
        errorEvent('initiateBetting', httpError(400, 'request.invalid')),
        errorEvent('initiateBetting', httpError(410, 'bettingLink.expired')),
        errorEvent('initiateBetting', httpError(409, 'bettingLink.alreadyPaid')),
        errorEvent('initiateBetting', httpError(403, 'bettingLink.otherUser')),
        errorEvent('initiateBetting', httpError(404)),
        errorEvent('initiateBetting', httpError(500)),
      );
  }
  if (snapshot.matches({ following: 'checking' }))
    events.push(
      doneEvent('getOperation', bettingOperation('Successful', { walletAmount: context.walletAmount })),
      doneEvent('getOperation', bettingOperation('pending', { walletAmount: context.walletAmount })),
      doneEvent('getOperation', bettingOperation('Failed', { walletAmount: WALLET })),
      errorEvent('getOperation', networkError()),
    );
  return events;
};

/** What every model offers: the page events, in every state (a state that ignores one is left unchanged). */
const pageEvents: AnyEventObject[] = [
  { type: 'SUBMIT' },
  { type: 'RETRY' },
  { type: 'SELECT_WALLET' },
  { type: 'NEXT' },
  { type: 'PAY' },
  { type: 'BACK' },
  { type: 'AGAIN' },
];

/** /deposit: the operators' load, the form repaired one rule at a time (refused payloads on the way), paying. */
const depositEvents = (snapshot: AnyMachineSnapshot): AnyEventObject[] => {
  const context = snapshot.context as BettingContext;
  const repair = bettingRepair(context);
  const events: AnyEventObject[] = [
    ...pageEvents,
    ...(repair ? [repair] : []),
    // The phone as the repair leaves it: a change the form has already (no new state).
    { type: 'CHANGE', field: 'receiverPhoneNo', value: '0241234567' },
  ];
  if (snapshot.matches('loadingOperators'))
    events.push(
      doneEvent('loadOperators', operators),
      errorEvent('loadOperators', networkError()),
      errorEvent('loadOperators', httpError(500)),
    );
  if (context.form.operatorId === 0) events.push({ type: 'CHANGE', field: 'operatorId', value: '999' });
  // GH₵ 2,000 + 1%: more than the GH₵ 1,000 in the wallet.
  if (context.form.sendAmount === '50' && context.walletAmount === WALLET)
    events.push({ type: 'CHANGE', field: 'sendAmount', value: '2000' });
  events.push(...payingAnswers(snapshot, true, false));
  return events;
};

/** A link: its request read (with an amount, without one, every refusal), confirmed and paid. */
const linkEvents = (snapshot: AnyMachineSnapshot): AnyEventObject[] => {
  const context = snapshot.context as BettingContext;
  const events: AnyEventObject[] = [...pageEvents, { type: 'CHANGE', field: 'sendAmount', value: '20' }];
  if (snapshot.matches('linkLoading'))
    events.push(
      doneEvent('loadPaymentRequest', paymentRequest(5000)),
      doneEvent('loadPaymentRequest', paymentRequest(null)),
      errorEvent('loadPaymentRequest', httpError(404, 'bettingLink.invalid')),
      errorEvent('loadPaymentRequest', httpError(410, 'bettingLink.expired')),
      errorEvent('loadPaymentRequest', httpError(409, 'bettingLink.alreadyPaid')),
      errorEvent('loadPaymentRequest', httpError(403, 'bettingLink.otherUser')),
      errorEvent('loadPaymentRequest', httpError(400, 'request.invalid')),
      errorEvent('loadPaymentRequest', networkError()),
      errorEvent('loadPaymentRequest', httpError(500)),
    );
  if (snapshot.matches('loadingOperators'))
    events.push(doneEvent('loadOperators', operators), errorEvent('loadOperators', networkError()));
  if (context.link !== null && context.link.sendAmount === null && context.walletAmount === WALLET) {
    // Fields a link fixes are not the user's; the amount is, when the link leaves it.
    events.push({ type: 'CHANGE', field: 'bettingNo', value: '999999' });
    if (context.form.sendAmount === '') events.push({ type: 'CHANGE', field: 'sendAmount', value: 'abc' });
  }
  events.push(...payingAnswers(snapshot, true));
  return events;
};

const bettingModel = (
  name: string,
  events: (snapshot: AnyMachineSnapshot) => AnyEventObject[],
  inputs: MachineModel<typeof bettingMachine>['inputs'],
): MachineModel<typeof bettingMachine> => ({
  name: `betting (${name})`,
  machine: bettingMachine,
  inputs,
  events,
  key: bettingKey,
  simpleKey: (snapshot) => {
    const context = snapshot.context as BettingContext;
    return [context.link === null ? 'none' : context.link.sendAmount, context.walletAmount === WALLET];
  },
  check: bettingCheck,
  maxSimplePaths: 10,
});

const depositInput = { walletAmount: WALLET, hasIdentification: true, keySeed: 'seed' };

export const bettingModels = [
  bettingModel('/deposit', depositEvents, [
    { label: 'GH₵ 1,000 in the wallet', input: depositInput },
    { label: 'no identification', input: { ...depositInput, hasIdentification: false } },
  ]),
  bettingModel('/deposit/{token}', linkEvents, [
    { label: 'a partner link', input: { ...depositInput, token: 'link-token' } },
  ]),
];

/* ----------------------------------------------------------------------------------------------- history */

export const [bettingHistoryModel, bettingHistorySearchModel] = pagedHistoryModels({
  name: 'betting-history',
  machine: bettingHistoryMachine,
  machineId: 'bettingHistory',
  failedMessage: 'betting.historyFailed',
  histories: [bettingRows(12), bettingRows(3), []],
  searchText: ' bet-000 ',
});

export const bettingReceiptModel = receiptModel({
  name: 'betting-receipt',
  machine: bettingReceiptMachine,
  referenceNumber: 'BET-1001',
  receipt: bettingReceiptOf(),
});

/** Every issue-10 browser machine's models, by machine file name (src/machines/<name>.machine.ts). */
export const bettingMachineModels: { file: string; models: MachineModel[] }[] = [
  { file: 'betting', models: bettingModels as MachineModel[] },
  { file: 'betting-history', models: [bettingHistoryModel, bettingHistorySearchModel] as MachineModel[] },
  { file: 'betting-receipt', models: [bettingReceiptModel as MachineModel] },
];
