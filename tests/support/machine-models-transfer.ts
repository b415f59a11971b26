/**
 * Path-test models (see machine-paths.ts) of the issue-8 browser machines: the transfer (/SendMoney), the
 * transaction history and a transaction's receipt. The expectations come from the spec (sections 2, 4, 5, 8) with
 * the domain rules as the oracle; the sample events repair the transfer form one field at a time in the rules'
 * order and offer each answer of the API (valid and refused), so the reachable contexts stay few.
 */
import { expect } from 'vitest';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { amountInput } from '../../src/domain/amount';
import { processingFee } from '../../src/domain/fees';
import { convertMinor, crossRate } from '../../src/domain/fx';
import { domainMessages } from '../../src/domain/messages';
import { parseDecimalAmount } from '../../src/domain/money';
import { HISTORY_PAGE_SIZE, pageOf, pageWindow, searchTerm } from '../../src/domain/paging';
import { OTHER_PURPOSE_ID, transferSubmitViolations } from '../../src/domain/transfer';
import { failureStatus, isApiError } from '../../src/contract/failure';
import type { Beneficiary } from '../../src/contract/beneficiary';
import type { TransactionPurpose } from '../../src/contract/reference';
import type { ExchangeRate, TransferQuoteInPesewas } from '../../src/contract/transfer';
import type { WalletOperation } from '../../src/contract/wallet';
import type { TransactionMovement } from '../../src/contract/transfer';
import { transactionHistoryMachine } from '../../src/machines/transaction-history.machine';
import { transactionReceiptMachine } from '../../src/machines/transaction-receipt.machine';
import type { TransactionReceipt } from '../../src/contract/transfer';
import type { TransferContext } from '../../src/machines/transfer.machine';
import { transferMachine } from '../../src/machines/transfer.machine';
import {
  doneEvent,
  errorEvent,
  errorOf,
  expectUnchanged,
  httpError,
  named,
  networkError,
  outputOf,
  timeoutError,
} from './machine-fixtures';
import type { MachineModel, ModelStep } from './machine-paths';

/* ----------------------------------------------------------------------------------------------- fixtures */

export const beneficiary = (
  id: number,
  type: Beneficiary['type'],
  over: Partial<Beneficiary> = {},
): Beneficiary => ({
  id,
  type,
  firstName: 'Ama',
  middleName: '',
  lastName: `Mensah${id}`,
  fullName: `Ama Mensah${id}`,
  motherMaidenName: '',
  phoneCode: '+233',
  phoneNumber: type === 'mobile' ? '241234567' : '',
  phone: type === 'mobile' ? '+233241234567' : '',
  relationship: '',
  countryId: 1,
  bankId: type === 'bank' ? 13 : null,
  bankName: type === 'bank' ? 'GCB Bank' : null,
  accountNo: type === 'bank' ? '0123456789' : null,
  network: type === 'mobile' ? 'MTN' : null,
  accountName: `Ama Mensah${id}`,
  ...over,
});

export const beneficiaries: Beneficiary[] = [beneficiary(11, 'mobile'), beneficiary(12, 'bank')];
/** The one the add-beneficiary dialog saves. */
export const addedBeneficiary = beneficiary(30, 'mobile', { phone: '+233209876543', network: 'Telecel' });

export const purposes: TransactionPurpose[] = [
  { id: 1, purpose: 'Family support' },
  { id: OTHER_PURPOSE_ID, purpose: 'Other' },
];

export const rates: ExchangeRate[] = [
  { code: 'GHS', name: 'Ghana cedi', rate: '1', asOf: '2026-11-20T08:00:00.000Z' },
  { code: 'USD', name: 'US dollar', rate: '0.0812', asOf: '2026-11-20T08:00:00.000Z' },
  { code: 'EUR', name: 'Euro', rate: '0.0745', asOf: '2026-11-20T08:00:00.000Z' },
];

const CART_ID = '6f1c1a52-3b7e-4c1e-9a57-0d3c2f7b1a11';

/** What the server quotes for a send amount (pesewas) to a currency of the table, as InitiateTransfer answers. */
export const quoteOf = (sendMinor: number, currency = 'GHS', beneficiaryId = 11): TransferQuoteInPesewas => {
  const rate = rates.find((r) => r.code === currency)?.rate ?? '1';
  const fee = processingFee(sendMinor);
  return {
    guidId: CART_ID,
    sendAmount: sendMinor,
    processingFee: fee,
    totalPay: sendMinor + fee,
    sendCurrency: 'GHS',
    currency,
    receiveAmount: convertMinor(sendMinor, '1', rate),
    rate: crossRate('1', rate),
    expiresAt: '2026-11-20T10:15:00.000Z',
    beneficiaryId,
    paymentMethodId: 1,
    deliveryMethodId: 1,
    couponCode: null,
    couponDiscount: 0,
  };
};

export const transferOperation = (
  status: WalletOperation['status'],
  over: Partial<WalletOperation> = {},
): WalletOperation => ({
  referenceNumber: 'TRF-1001',
  status,
  failureMessageId: null,
  amount: 25000,
  walletAmount: 74750,
  ...over,
});

/* ----------------------------------------------------------------------------------------------- transfer */

const WALLET = 100_000;
const payload = <T>(event: AnyEventObject): T => event as unknown as T;

/** Loading alone: what has loaded and the currency the table decided, or the message of a failed load. */
const transferLoadingKey = (snapshot: AnyMachineSnapshot): string => {
  const context = snapshot.context as TransferContext;
  return JSON.stringify(
    snapshot.matches('loadFailed')
      ? [context.error]
      : [context.loaded, context.ratesFailed, context.form.currency],
  );
};

/**
 * The facts that tell two transfer states apart for the graph (the checks assert the whole context at every step):
 * the state, what has loaded, the form, the quote and whether the wallet covers it, the Pay page's message and
 * blocking, whether a key is held. What no guard reads (whether the rules show, the form's message, the lists, the
 * answers kept) is left out, or each would copy the states above.
 */
const transferKey = (snapshot: AnyMachineSnapshot): string => {
  if (snapshot.matches('loading') || snapshot.matches('loadFailed')) return transferLoadingKey(snapshot);
  const context = snapshot.context as TransferContext;
  return JSON.stringify({
    loaded: context.loaded,
    ratesFailed: context.ratesFailed,
    form: context.form,
    quote: context.quote?.totalPay ?? null,
    walletAmount: context.walletAmount,
    error: snapshot.matches('payment') ? context.error : null,
    payBlock: context.payBlock,
    holdsKey: context.idempotencyKey !== null,
    onItsWay: context.onItsWay,
  });
};

/**
 * The coarse graph of the simple paths: what has loaded (the loads in every order, and every failure on the way).
 * The form's own journeys are the shortest and transition paths: with the form in this key the simple paths of a
 * flow with this many ways back (Back, Send Another, a new quote) run into the millions.
 */
const transferSimpleKey = (snapshot: AnyMachineSnapshot) => (snapshot.context as TransferContext).loaded;

/** Spec section 5, send amount input, restated: empty clears, below 1 becomes 1, anything still being typed stays. */
const expectedSendAmount = (typed: string): string => {
  const kept = amountInput(typed);
  if (kept === '') return '';
  const minor = parseDecimalAmount(kept);
  if (minor === null) return kept;
  return minor < 100 ? '1' : kept;
};

const offeredCurrencies = (context: TransferContext) => ['GHS', ...context.rates.map((rate) => rate.code)];

const idOf = (value: string, known: readonly { id: number }[]) => {
  const id = Number(value);
  return Number.isInteger(id) && known.some((item) => item.id === id) ? id : 0;
};

const expectedForm = (context: TransferContext, field: string, value: string): TransferContext['form'] => {
  const { form } = context;
  switch (field) {
    case 'sendAmount':
      return { ...form, sendAmount: expectedSendAmount(value) };
    case 'currency':
      return offeredCurrencies(context).includes(value) ? { ...form, currency: value } : form;
    case 'beneficiaryId':
      return { ...form, beneficiaryId: idOf(value, context.beneficiaries) };
    case 'transactionPurposeId':
      return { ...form, transactionPurposeId: idOf(value, context.purposes) };
    default:
      return { ...form, payeeNote: value.slice(0, 500) };
  }
};

/** The seven rules of spec section 5 on the form (GHS is local; a MoMo beneficiary is delivery 1, a bank one 2). */
const expectedViolations = (context: TransferContext) => {
  const chosen = context.beneficiaries.find((b) => b.id === context.form.beneficiaryId);
  const typed = context.form.sendAmount.trim();
  return transferSubmitViolations({
    transactionPurposeId: context.form.transactionPurposeId,
    beneficiaryId: context.form.beneficiaryId,
    sendAmountMinor: typed === '' ? null : parseDecimalAmount(typed),
    receiveCurrency: context.form.currency,
    paymentMethodId: context.paymentMethodId,
    deliveryMethodId: chosen ? (chosen.type === 'mobile' ? 1 : 2) : 0,
    hasIdentification: context.hasIdentification,
  });
};

const knownViolationFields = [
  'transactionPurposeId',
  'beneficiaryId',
  'sendAmount',
  'paymentMethodId',
  'deliveryMethodId',
  'identification',
  'currency',
];

const serverViolationsOf = (error: unknown) =>
  isApiError(error) && error.failure.kind === 'http'
    ? (error.failure.data?.violations ?? [])
        .filter((v) => knownViolationFields.includes(v.field) && v.messageId in domainMessages)
        .map(({ field, messageId }) => ({ field, messageId }))
    : [];

const messageIdOf = (error: unknown): string | null => {
  const id = isApiError(error) && error.failure.kind === 'http' ? error.failure.data?.messageId : null;
  return id && id in domainMessages ? id : null;
};

/** Spec section 8 and the contract: what a refused PayNow says, and whether the quote can still be paid. */
const expectedPayFailure = (error: unknown): { error: string; block: TransferContext['payBlock'] } => {
  const status = failureStatus(error);
  if (status === null) return { error: 'transfer.payFailed', block: null };
  if (status === 410) return { error: 'transfer.quoteExpired', block: 'newQuote' };
  if (status === 404) return { error: 'transfer.cartNotFound', block: 'newQuote' };
  if (status === 409)
    return messageIdOf(error) === 'idempotency.conflict'
      ? { error: 'idempotency.conflict', block: null }
      : { error: 'transfer.alreadyPaid', block: 'paid' };
  if (status === 403) return { error: 'identity.required', block: null };
  return { error: messageIdOf(error) ?? 'transfer.payFailed', block: null };
};

const onPayPage = (snapshot: AnyMachineSnapshot) =>
  snapshot.matches('payment') || snapshot.matches('paying') || snapshot.matches('following');

const expectPaid = (step: ModelStep, onItsWay: boolean) => {
  const context = step.snapshot.context as TransferContext;
  const before = step.previous!.context as TransferContext;
  expect(step.snapshot.value).toBe('done');
  // Spec section 4: once paid, the beneficiary (so the delivery method) is back to 0.
  expect(context.form).toEqual({ ...before.form, beneficiaryId: 0 });
  expect(context.onItsWay).toBe(onItsWay);
  expect(context.idempotencyKey).toBeNull();
};

const expectPayoutFailed = (step: ModelStep, result: WalletOperation) => {
  const context = step.snapshot.context as TransferContext;
  expect(step.snapshot.value).toBe('payment');
  expect(context.error).toBe(result.failureMessageId ?? 'transfer.payoutFailed');
  expect(context.payBlock).toBe('newQuote');
  expect(context.idempotencyKey).toBeNull();
};

const transferCheck = (step: ModelStep): void => {
  const { previous, event, snapshot, actions } = step;
  const context = snapshot.context as TransferContext;
  if (context.idempotencyKey !== null) expect(context.idempotencyKey).toBe(`seed-${context.keyCount}`);
  if (snapshot.matches('paying')) expect(context.idempotencyKey).not.toBeNull();
  if (!context.showViolations) expect(context.violations).toEqual([]);
  // A quote exactly while its pages show.
  expect(context.quote !== null).toBe(onPayPage(snapshot) || snapshot.matches('done'));
  if (snapshot.matches('done')) {
    expect(context.operation).not.toBeNull();
    expect(context.form.beneficiaryId).toBe(0);
    expect(context.error).toBeNull();
  }
  if (snapshot.matches('loadFailed')) expect(context.error).not.toBeNull();
  if (context.payBlock !== null) expect(snapshot.matches('payment')).toBe(true);
  expect(actions.every((action) => ['walletChanged', 'saveDraft'].includes(action.type))).toBe(true);
  if (context.loaded.rates) expect(offeredCurrencies(context)).toContain(context.form.currency);

  if (previous === null) {
    expect(snapshot.value).toBe('loading');
    expect(context.form).toEqual({
      sendAmount: '',
      currency: context.form.currency,
      beneficiaryId: 0,
      transactionPurposeId: 0,
      payeeNote: '',
    });
    expect(context.walletAmount).toBe(WALLET);
    expect(context.paymentMethodId).toBe(1);
    expect(context.keyCount).toBe(0);
    expect(actions).toEqual([]);
    return;
  }
  const before = previous.context as TransferContext;
  const loadedNow = (which: keyof TransferContext['loaded']) => {
    if (!previous.matches('loading')) return expectUnchanged(step);
    expect(context.loaded).toEqual({ ...before.loaded, [which]: true });
    expect(snapshot.value).toBe(Object.values(context.loaded).every(Boolean) ? 'editing' : 'loading');
    expect(actions).toEqual([]);
  };
  const loadFailed = (message: string) => {
    if (!previous.matches('loading')) return expectUnchanged(step);
    expect(snapshot.value).toBe('loadFailed');
    expect(context.error).toBe(message);
    expect(context.loaded).toEqual(before.loaded);
  };
  const unansweredOrHttp = (error: unknown, thrown: string, http: string) =>
    failureStatus(error) === null ? thrown : http;

  switch (event.type) {
    case 'xstate.done.actor.loadBeneficiaries':
      loadedNow('beneficiaries');
      if (previous.matches('loading')) expect(context.beneficiaries).toEqual(outputOf(event));
      return;
    case 'xstate.done.actor.loadPurposes':
      loadedNow('purposes');
      if (previous.matches('loading')) expect(context.purposes).toEqual(outputOf(event));
      return;
    case 'xstate.done.actor.loadRates': {
      loadedNow('rates');
      if (!previous.matches('loading')) return;
      const table = outputOf<ExchangeRate[]>(event);
      expect(context.rates).toEqual(table);
      expect(context.ratesFailed).toBe(false);
      // The currency asked for, when the table has it; else GHS.
      const wanted = before.form.currency;
      expect(context.form.currency).toBe(table.some((rate) => rate.code === wanted) ? wanted : 'GHS');
      return;
    }
    case 'xstate.error.actor.loadRates':
      loadedNow('rates');
      if (!previous.matches('loading')) return;
      // A local transfer needs no rate: GHS alone.
      expect(context.rates).toEqual([]);
      expect(context.ratesFailed).toBe(true);
      expect(context.form.currency).toBe('GHS');
      return;
    case 'xstate.error.actor.loadBeneficiaries': {
      const error = errorOf(event);
      return loadFailed(
        unansweredOrHttp(error, 'beneficiary.loadError', messageIdOf(error) ?? 'beneficiary.loadFailed'),
      );
    }
    case 'xstate.error.actor.loadPurposes':
      return loadFailed(
        unansweredOrHttp(errorOf(event), 'transfer.purposesError', 'transfer.purposesFailed'),
      );
    case 'RETRY':
      if (!previous.matches('loadFailed')) return expectUnchanged(step);
      expect(snapshot.value).toBe('loading');
      expect(context.loaded).toEqual({ beneficiaries: false, purposes: false, rates: false });
      expect(context.error).toBeNull();
      return;
    case 'CHANGE': {
      const { field, value } = payload<{ field: string; value: string }>(event);
      const shown = field !== 'payeeNote' || before.form.transactionPurposeId === OTHER_PURPOSE_ID;
      if (!previous.matches('editing') || !shown) return expectUnchanged(step);
      expect(snapshot.value).toBe('editing');
      expect(context.form).toEqual(expectedForm(before, field, value));
      expect(context.violations).toEqual(before.showViolations ? expectedViolations(context) : []);
      expect(context.error).toBeNull();
      expect(actions).toEqual([]);
      return;
    }
    case 'SUBMIT': {
      if (!previous.matches('editing')) return expectUnchanged(step);
      const violations = expectedViolations(before);
      expect(context.violations).toEqual(violations);
      expect(context.showViolations).toBe(true);
      expect(context.form).toEqual(before.form);
      expect(snapshot.value).toBe(violations.length ? 'editing' : 'initiating');
      return;
    }
    case 'BENEFICIARY_ADDED': {
      if (!previous.matches('editing')) return expectUnchanged(step);
      const added = payload<{ beneficiary: Beneficiary }>(event).beneficiary;
      // It joins the list and is selected.
      expect(context.beneficiaries).toEqual([
        ...before.beneficiaries.filter((b) => b.id !== added.id),
        added,
      ]);
      expect(context.form).toEqual({ ...before.form, beneficiaryId: added.id });
      expect(context.violations).toEqual(before.showViolations ? expectedViolations(context) : []);
      return;
    }
    case 'xstate.done.actor.initiateTransfer': {
      if (!previous.matches('initiating')) return expectUnchanged(step);
      const quote = outputOf<TransferQuoteInPesewas>(event);
      expect(snapshot.value).toBe('payment');
      expect(context.quote).toEqual(quote);
      expect(context.payBlock).toBeNull();
      expect(context.error).toBeNull();
      expect(context.form).toEqual(before.form);
      // Spec section 3: the draft keeps the amount, the currency and the receive amount.
      expect(named(actions)).toEqual([
        [
          'saveDraft',
          { sendAmount: quote.sendAmount, currency: quote.currency, receiveAmount: quote.receiveAmount },
        ],
      ]);
      return;
    }
    case 'xstate.error.actor.initiateTransfer': {
      if (!previous.matches('initiating')) return expectUnchanged(step);
      const error = errorOf(event);
      expect(snapshot.value).toBe('editing');
      expect(context.quote).toBeNull();
      const violations = serverViolationsOf(error);
      if (failureStatus(error) === 400 && violations.length) {
        expect(context.violations).toEqual(violations);
        expect(context.error).toBeNull();
        expect(context.form).toEqual(before.form);
      } else if (failureStatus(error) === null) {
        expect(context.error).toBe('transfer.initiateError');
        expect(context.form).toEqual(before.form);
      } else {
        // Spec section 4: any other answer resets the amount to 0.
        expect(context.error).toBe('transfer.initiateFailed');
        expect(context.form).toEqual({ ...before.form, sendAmount: '0' });
      }
      return;
    }
    case 'PAY': {
      if (!previous.matches('payment') || before.payBlock !== null) return expectUnchanged(step);
      const quote = before.quote!;
      if (before.walletAmount - quote.totalPay >= 0) {
        expect(snapshot.value).toBe('paying');
        // One key per attempt; the key of an unanswered attempt is sent again.
        expect(context.idempotencyKey).toBe(before.idempotencyKey ?? `seed-${before.keyCount + 1}`);
        expect(context.error).toBeNull();
      } else {
        // Spec section 5, wallet payment.
        expect(snapshot.value).toBe('payment');
        expect(context.error).toBe('walletPayment.notEnough');
      }
      expect(actions).toEqual([]);
      return;
    }
    case 'BACK':
      if (!previous.matches('payment')) return expectUnchanged(step);
      expect(snapshot.value).toBe('editing');
      expect(context.form).toEqual(before.form);
      expect(context.error).toBeNull();
      expect(context.idempotencyKey).toBeNull();
      return;
    case 'REQUOTE':
      if (!previous.matches('payment') || before.payBlock !== 'newQuote') return expectUnchanged(step);
      // The same form, quoted again.
      expect(snapshot.value).toBe('initiating');
      expect(context.form).toEqual(before.form);
      expect(context.error).toBeNull();
      return;
    case 'AGAIN':
      if (!previous.matches('done') && !(previous.matches('payment') && before.payBlock === 'paid'))
        return expectUnchanged(step);
      // Send Another: page 1, the beneficiary back to 0, nothing of the last transfer left.
      expect(snapshot.value).toBe('editing');
      expect(context.form).toEqual({ ...before.form, beneficiaryId: 0 });
      expect(context.operation).toBeNull();
      expect(context.onItsWay).toBe(false);
      expect(context.showViolations).toBe(false);
      expect(context.error).toBeNull();
      expect(context.beneficiaries).toEqual(before.beneficiaries);
      return;
    case 'xstate.done.actor.payNow': {
      if (!previous.matches('paying')) return expectUnchanged(step);
      const result = outputOf<WalletOperation>(event);
      expect(context.operation).toEqual(result);
      expect(context.walletAmount).toBe(result.walletAmount);
      // Every answer's balance goes to the session's balance card.
      expect(named(actions)).toEqual([['walletChanged', { walletAmount: result.walletAmount }]]);
      if (result.status === 'Successful') return expectPaid(step, false);
      if (result.status === 'pending') {
        expect(snapshot.value).toEqual({ following: 'waiting' });
        return;
      }
      return expectPayoutFailed(step, result);
    }
    case 'xstate.error.actor.payNow': {
      if (!previous.matches('paying')) return expectUnchanged(step);
      const error = errorOf(event);
      const failure = expectedPayFailure(error);
      expect(snapshot.value).toBe('payment');
      expect(context.error).toBe(failure.error);
      expect(context.payBlock).toBe(failure.block);
      // No answer: the money may have moved, so the next attempt sends the same key.
      expect(context.idempotencyKey).toBe(failureStatus(error) === null ? before.idempotencyKey : null);
      expect(actions).toEqual([]);
      return;
    }
    case 'xstate.after.followPollInterval.transfer.following.waiting':
      expect(snapshot.value).toEqual({ following: 'checking' });
      return;
    case 'xstate.after.followTimeout.transfer.following':
      // Still pending after the deadline: done, on its way.
      expectPaid(step, true);
      expect(context.operation).toEqual(before.operation);
      expect(actions).toEqual([]);
      return;
    case 'xstate.done.actor.getOperation': {
      if (!previous.matches({ following: 'checking' })) return expectUnchanged(step);
      const result = outputOf<WalletOperation>(event);
      expect(context.operation).toEqual(result);
      if (result.status === 'pending') {
        expect(snapshot.value).toEqual({ following: 'waiting' });
        expect(actions).toEqual([]);
        return;
      }
      expect(named(actions)).toEqual([['walletChanged', { walletAmount: result.walletAmount }]]);
      if (result.status === 'Successful') return expectPaid(step, false);
      return expectPayoutFailed(step, result);
    }
    case 'xstate.error.actor.getOperation':
      if (!previous.matches({ following: 'checking' })) return expectUnchanged(step);
      expect(snapshot.value).toEqual({ following: 'waiting' });
      expect(context).toEqual(before);
      return;
    default:
      throw new Error(`transfer model: unexpected event ${event.type}`);
  }
};

/**
 * The next repair of the form, in the rules' order: purpose (Other, so its notes too), beneficiary, amount (below
 * 1 first). `short`: a purpose without notes and the amount at once, for the models that only need a quote.
 */
const transferRepair = (
  context: TransferContext,
  short = false,
): { type: 'CHANGE'; field: string; value: string } | null => {
  const { form } = context;
  // Once one transfer is paid (Send Another), or without the rate table, the form is left as it is: the states
  // from there on would repeat those above.
  if (context.walletAmount !== WALLET || context.ratesFailed) return null;
  if (form.transactionPurposeId === 0)
    return { type: 'CHANGE', field: 'transactionPurposeId', value: short ? '1' : '4' };
  if (!short && form.payeeNote === '') return { type: 'CHANGE', field: 'payeeNote', value: 'School fees' };
  if (form.beneficiaryId === 0) return { type: 'CHANGE', field: 'beneficiaryId', value: '11' };
  if (form.sendAmount === '') return { type: 'CHANGE', field: 'sendAmount', value: short ? '250' : '0.5' };
  if (form.sendAmount === '1' || form.sendAmount === '0')
    return { type: 'CHANGE', field: 'sendAmount', value: '250' };
  return null;
};

/** Loading: each list's answer, and a failure of each (the form from there on is the loading model's). */
const loadingAnswers = (snapshot: AnyMachineSnapshot): AnyEventObject[] =>
  snapshot.matches('loading')
    ? [
        doneEvent('loadBeneficiaries', beneficiaries),
        doneEvent('loadPurposes', purposes),
        doneEvent('loadRates', rates),
        errorEvent('loadBeneficiaries', networkError()),
        errorEvent('loadPurposes', networkError()),
        errorEvent('loadRates', networkError()),
      ]
    : [];

/**
 * Loading: the three lists in any order, each failure with its message (a rate table that fails leaves GHS
 * alone), RETRY after a failed load. On the form only what the loads decide (the currency offered), the
 * beneficiary the dialog adds, and an empty Next.
 */
const transferLoadingEvents = (snapshot: AnyMachineSnapshot): AnyEventObject[] => [
  { type: 'RETRY' },
  { type: 'SUBMIT' },
  { type: 'CHANGE', field: 'currency', value: 'EUR' },
  { type: 'BENEFICIARY_ADDED', beneficiary: addedBeneficiary },
  ...(snapshot.matches('loading')
    ? [
        doneEvent('loadBeneficiaries', beneficiaries),
        doneEvent('loadPurposes', purposes),
        doneEvent('loadRates', rates),
        errorEvent('loadBeneficiaries', networkError()),
        errorEvent('loadBeneficiaries', httpError(500)),
        errorEvent('loadBeneficiaries', httpError(403, 'auth.forbidden')),
        errorEvent('loadPurposes', timeoutError()),
        errorEvent('loadPurposes', httpError(500, 'server.error')),
        errorEvent('loadRates', networkError()),
      ]
    : []),
];

/** The quote the server answers for the form as it stands. */
const quoteFor = (context: TransferContext) =>
  quoteOf(
    parseDecimalAmount(context.form.sendAmount) ?? 0,
    context.form.currency,
    context.form.beneficiaryId,
  );

/**
 * What every model offers on the form: its next repair, Next, a beneficiary saved by the dialog (the one the
 * repair picks, so it adds no state), the notes as they are, and the Pay page's and the done page's events.
 */
const commonEvents = (snapshot: AnyMachineSnapshot, short = false): AnyEventObject[] => {
  const context = snapshot.context as TransferContext;
  const repair = transferRepair(context, short);
  return [
    ...(repair ? [repair] : []),
    { type: 'SUBMIT' },
    { type: 'RETRY' },
    { type: 'BENEFICIARY_ADDED', beneficiary: beneficiaries[0]! },
    { type: 'CHANGE', field: 'payeeNote', value: 'School fees' },
    { type: 'PAY' },
    { type: 'BACK' },
    { type: 'REQUOTE' },
    { type: 'AGAIN' },
    ...loadingAnswers(snapshot),
    ...(snapshot.matches('initiating') ? [doneEvent('initiateTransfer', quoteFor(context))] : []),
  ];
};

/**
 * The form: refused payloads on the way (a beneficiary no one has, a currency not in the table), the rules'
 * limit, a currency abroad and a total above the wallet, then the initiation's refusals: the server's
 * violations, another answer (the amount back to 0) and no answer. One payment that goes unanswered, one that pays.
 */
const transferFormEvents = (snapshot: AnyMachineSnapshot): AnyEventObject[] => {
  const context = snapshot.context as TransferContext;
  const { form } = context;
  const events = commonEvents(snapshot);
  events.push({ type: 'CHANGE', field: 'currency', value: 'XOF' });
  if (form.sendAmount === '') events.push({ type: 'CHANGE', field: 'beneficiaryId', value: '999' });
  if (form.sendAmount === '250' && form.currency === 'GHS' && context.walletAmount === WALLET)
    events.push(
      { type: 'CHANGE', field: 'currency', value: 'USD' },
      // GH₵ 2,000 + 1%: more than the GH₵ 1,000 in the wallet; GH₵ 100,000: the local limit.
      { type: 'CHANGE', field: 'sendAmount', value: '2000' },
      { type: 'CHANGE', field: 'sendAmount', value: '100000' },
    );
  if (snapshot.matches('initiating'))
    events.push(
      errorEvent(
        'initiateTransfer',
        httpError(400, 'request.invalid', [{ field: 'identification', messageId: 'identity.required' }]),
      ),
      errorEvent('initiateTransfer', httpError(500)),
      errorEvent('initiateTransfer', networkError()),
    );
  if (snapshot.matches('paying'))
    events.push(
      errorEvent('payNow', networkError()),
      doneEvent(
        'payNow',
        transferOperation('Successful', { walletAmount: WALLET - context.quote!.totalPay }),
      ),
    );
  return events;
};

/** From a quote of GH₵ 250 on: every answer of PayNow and of the payout's status, the deadline, Send Another. */
const transferPayEvents = (snapshot: AnyMachineSnapshot): AnyEventObject[] => {
  const context = snapshot.context as TransferContext;
  const events = commonEvents(snapshot, true);
  const quote = context.quote;
  // Balances from the GH₵ 1,000 start (not from the last answer), so repeated transfers add no new states.
  const held = quote ? WALLET - quote.totalPay : WALLET;
  if (snapshot.matches('initiating')) events.push(errorEvent('initiateTransfer', networkError()));
  if (snapshot.matches('paying'))
    events.push(
      doneEvent('payNow', transferOperation('Successful', { walletAmount: held })),
      doneEvent('payNow', transferOperation('pending', { walletAmount: held })),
      doneEvent(
        'payNow',
        transferOperation('Failed', { walletAmount: WALLET, failureMessageId: 'transfer.payoutFailed' }),
      ),
      errorEvent('payNow', networkError()),
      errorEvent('payNow', httpError(410, 'transfer.quoteExpired')),
      errorEvent('payNow', httpError(404, 'transfer.cartNotFound')),
      errorEvent('payNow', httpError(409, 'transfer.alreadyPaid')),
      errorEvent('payNow', httpError(409, 'idempotency.conflict')),
      errorEvent('payNow', httpError(403, 'identity.required')),
      errorEvent('payNow', httpError(402, 'walletPayment.notEnough')),
      errorEvent('payNow', httpError(500)),
    );
  if (snapshot.matches({ following: 'checking' }))
    events.push(
      doneEvent('getOperation', transferOperation('Successful', { walletAmount: context.walletAmount })),
      doneEvent('getOperation', transferOperation('pending', { walletAmount: context.walletAmount })),
      doneEvent(
        'getOperation',
        transferOperation('Failed', { walletAmount: WALLET, failureMessageId: null }),
      ),
      errorEvent('getOperation', networkError()),
    );
  return events;
};

const transferModel = (
  name: string,
  events: (snapshot: AnyMachineSnapshot) => AnyEventObject[],
  inputs: MachineModel<typeof transferMachine>['inputs'],
  maxSimplePaths: number,
  key = transferKey,
): MachineModel<typeof transferMachine> => ({
  name: `transfer (${name})`,
  machine: transferMachine,
  inputs,
  events,
  key,
  simpleKey: transferSimpleKey,
  check: transferCheck,
  maxSimplePaths,
});

const sendMoneyInput = { walletAmount: WALLET, hasIdentification: true, keySeed: 'seed' };

export const transferModels = [
  transferModel(
    'loading',
    transferLoadingEvents,
    [
      { label: '/SendMoney: GHS', input: sendMoneyInput },
      {
        label: 'USD first, no identification',
        input: { ...sendMoneyInput, currency: 'USD', hasIdentification: false },
      },
    ],
    10,
    transferLoadingKey,
  ),
  transferModel(
    'form',
    transferFormEvents,
    [{ label: 'GH₵ 1,000 in the wallet', input: sendMoneyInput }],
    15,
  ),
  transferModel('pay', transferPayEvents, [{ label: 'GH₵ 1,000 in the wallet', input: sendMoneyInput }], 15),
];

/* ----------------------------------------------------------------------------------------------- history */

export const transferRow = (id: number, over: Partial<TransactionMovement> = {}): TransactionMovement => ({
  id,
  senderName: 'Ama Mensah',
  receiverName: `Receiver ${id}`,
  referenceNumber: `TRF-${String(id).padStart(4, '0')}`,
  sendAmount: id * 1000,
  status: 'Successful',
  direction: 'sent',
  receiveAmount: id * 1000,
  currency: 'GHS',
  date: `2026-11-${String((id % 28) + 1).padStart(2, '0')}T10:00:00.000Z`,
  ...over,
});

/** n transfers, newest first. */
export const transferRows = (count: number): TransactionMovement[] =>
  Array.from({ length: count }, (_, index) => transferRow(count - index));

const historyPage = (rows: readonly TransactionMovement[], page: number) => {
  const shown = pageOf(rows, page, HISTORY_PAGE_SIZE);
  return { rows: shown.rows, total: rows.length, page: shown.window.page, pageSize: HISTORY_PAGE_SIZE };
};

type HistoryContext = {
  rows: TransactionMovement[];
  total: number;
  page: number;
  wanted: number;
  search?: string;
  error: string | null;
};

/**
 * Transaction history, five a page from the server: loading -> ready | failed ('transfer.historyFailed', RETRY);
 * PREVIOUS / NEXT within the pages the total makes load the neighbouring page (the rows stay shown); REFRESH
 * reloads the page shown; SEARCH with a new term waits in searching, then loads its first page.
 */
const historyCheck = (step: ModelStep): void => {
  const { previous, event, snapshot, actions } = step;
  const context = snapshot.context as HistoryContext;
  expect(actions).toEqual([]);
  expect(context.rows.length).toBeLessThanOrEqual(HISTORY_PAGE_SIZE);
  if (snapshot.matches('failed')) expect(context.error).toBe('transfer.historyFailed');
  else expect(context.error).toBeNull();
  if (snapshot.matches('ready')) expect(context.wanted).toBe(context.page);
  if (previous === null) {
    expect(snapshot.value).toBe('loading');
    expect(context).toEqual({ rows: [], total: 0, page: 0, wanted: 0, error: null });
    return;
  }
  const before = previous.context as HistoryContext;
  const loaded = (state: string) => {
    if (!previous.matches(state)) return expectUnchanged(step);
    const answer = outputOf<ReturnType<typeof historyPage>>(event);
    expect(snapshot.value).toBe('ready');
    expect(context).toEqual({
      rows: answer.rows,
      total: answer.total,
      page: answer.page,
      wanted: answer.page,
      error: null,
      search: before.search,
    });
  };
  const failedIn = (state: string) => {
    if (!previous.matches(state)) return expectUnchanged(step);
    expect(snapshot.value).toBe('failed');
    expect({ ...context, error: null }).toEqual(before);
  };
  switch (event.type) {
    case 'xstate.done.actor.loadHistory':
      return loaded('loading');
    case 'xstate.done.actor.loadPage':
      return loaded('loadingPage');
    case 'xstate.error.actor.loadHistory':
      return failedIn('loading');
    case 'xstate.error.actor.loadPage':
      return failedIn('loadingPage');
    case 'NEXT':
    case 'PREVIOUS': {
      const wanted = before.page + (event.type === 'NEXT' ? 1 : -1);
      const exists = wanted >= 0 && wanted * HISTORY_PAGE_SIZE < before.total;
      if (!previous.matches('ready') || !exists) return expectUnchanged(step);
      expect(snapshot.value).toBe('loadingPage');
      expect(context).toEqual({ ...before, wanted });
      return;
    }
    case 'REFRESH':
      if (!previous.matches('ready')) return expectUnchanged(step);
      expect(snapshot.value).toBe('loading');
      expect(context).toEqual({ ...before, wanted: before.page });
      return;
    case 'RETRY':
      if (!previous.matches('failed')) return expectUnchanged(step);
      expect(snapshot.value).toBe('loading');
      expect(context).toEqual({ ...before, error: null });
      return;
    case 'SEARCH': {
      const term = searchTerm(payload<{ text: string }>(event).text) || undefined;
      if (term === before.search) return expectUnchanged(step);
      expect(snapshot.value).toBe('searching');
      expect(context).toEqual({ ...before, search: term, wanted: 0, error: null });
      return;
    }
    case 'xstate.after.searchDelay.transactionHistory.searching':
      if (!previous.matches('searching')) return expectUnchanged(step);
      expect(snapshot.value).toBe('loading');
      expect(context).toEqual(before);
      return;
    default:
      throw new Error(`transaction-history model: unexpected event ${event.type}`);
  }
};

const contextKey = (snapshot: AnyMachineSnapshot): string => JSON.stringify(snapshot.context);

const histories = [transferRows(12), transferRows(3), []];

export const transactionHistoryModel: MachineModel<typeof transactionHistoryMachine> = {
  name: 'transaction-history',
  machine: transactionHistoryMachine,
  inputs: [{ label: 'start', input: undefined as never }],
  events: (snapshot) => {
    const { wanted } = snapshot.context as HistoryContext;
    const answers = (id: string) => [
      ...histories.map((rows) => doneEvent(id, historyPage(rows, wanted))),
      errorEvent(id, networkError()),
      errorEvent(id, httpError(500, 'server.error')),
    ];
    return [
      { type: 'PREVIOUS' },
      { type: 'NEXT' },
      { type: 'REFRESH' },
      { type: 'RETRY' },
      { type: 'SEARCH', text: ' ' },
      ...(snapshot.matches('loading') ? answers('loadHistory') : []),
      ...(snapshot.matches('loadingPage') ? answers('loadPage') : []),
    ];
  },
  key: contextKey,
  simpleKey: (snapshot) => {
    const { page, total } = snapshot.context as HistoryContext;
    const window = pageWindow(page, HISTORY_PAGE_SIZE, total);
    return [window.hasPrevious, window.hasNext];
  },
  check: historyCheck,
};

/** The search, apart (its terms on top of the paging samples would multiply the simple paths). */
export const transactionHistorySearchModel: MachineModel<typeof transactionHistoryMachine> = {
  name: 'transaction-history search',
  machine: transactionHistoryMachine,
  inputs: [{ label: 'start', input: undefined as never }],
  events: (snapshot) => {
    const answers = (id: string) => [doneEvent(id, historyPage([], 0)), errorEvent(id, networkError())];
    return [
      { type: 'SEARCH', text: ' kofi ' },
      { type: 'SEARCH', text: '' },
      { type: 'NEXT' },
      { type: 'PREVIOUS' },
      { type: 'REFRESH' },
      { type: 'RETRY' },
      ...(snapshot.matches('loading') ? answers('loadHistory') : []),
      ...(snapshot.matches('loadingPage') ? answers('loadPage') : []),
    ];
  },
  key: contextKey,
  simpleKey: (snapshot) => [(snapshot.context as HistoryContext).search ?? null],
  check: historyCheck,
};

/* ----------------------------------------------------------------------------------------------- receipt */

export const receiptOf = (over: Partial<TransactionReceipt> = {}): TransactionReceipt => ({
  referenceNumber: 'TRF-1001',
  direction: 'sent',
  status: 'Successful',
  failureMessageId: null,
  sendDateTime: '2026-11-20T12:00:00.000Z',
  senderName: 'Ama Mensah',
  senderPhone: '+233241112222',
  receiverName: 'Kofi Boateng',
  receiverPhone: '+233209876543',
  receiverAccount: '',
  receiverCountry: 'Ghana',
  transferAmount: 25000,
  processingFee: 250,
  payAmount: 25250,
  receiveAmount: 25000,
  currency: 'GHS',
  rate: '1',
  purpose: 'Family support',
  deliveryMethod: 'Mobile Money',
  paymentType: 'Wallet',
  collectionCode: null,
  couponDiscount: 0,
  ...over,
});

type ReceiptContext = { referenceNumber: string; receipt: TransactionReceipt | null; error: string | null };

/** The receipt: loading -> ready | failed (404: not found; else the generic message), RETRY loads it again. */
export const transactionReceiptModel: MachineModel<typeof transactionReceiptMachine> = {
  name: 'transaction-receipt',
  machine: transactionReceiptMachine,
  inputs: [{ label: 'TRF-1001', input: { referenceNumber: 'TRF-1001' } }],
  events: (snapshot) => [
    { type: 'RETRY' },
    ...(snapshot.matches('loading')
      ? [
          doneEvent('loadReceipt', receiptOf()),
          errorEvent('loadReceipt', httpError(404, 'operation.notFound')),
          errorEvent('loadReceipt', networkError()),
          errorEvent('loadReceipt', httpError(500)),
        ]
      : []),
  ],
  key: contextKey,
  check: ({ previous, event, snapshot, actions }) => {
    const context = snapshot.context as ReceiptContext;
    expect(actions).toEqual([]);
    expect(context.referenceNumber).toBe('TRF-1001');
    if (previous === null) {
      expect(snapshot.value).toBe('loading');
      expect(context).toEqual({ referenceNumber: 'TRF-1001', receipt: null, error: null });
      return;
    }
    const before = previous.context as ReceiptContext;
    switch (event.type) {
      case 'xstate.done.actor.loadReceipt':
        expect(snapshot.value).toBe('ready');
        expect(context.receipt).toEqual(outputOf(event));
        expect(context.error).toBeNull();
        return;
      case 'xstate.error.actor.loadReceipt':
        expect(snapshot.value).toBe('failed');
        expect(context.error).toBe(
          failureStatus(errorOf(event)) === 404 ? 'operation.notFound' : 'server.error',
        );
        expect(context.receipt).toEqual(before.receipt);
        return;
      case 'RETRY':
        if (!previous.matches('failed')) {
          expect(snapshot.value).toEqual(previous.value);
          expect(context).toEqual(before);
          return;
        }
        expect(snapshot.value).toBe('loading');
        expect(context.error).toBeNull();
        return;
      default:
        throw new Error(`transaction-receipt model: unexpected event ${event.type}`);
    }
  },
};

/** Every issue-8 browser machine's models, by machine file name (src/machines/<name>.machine.ts). */
export const transferMachineModels: { file: string; models: MachineModel[] }[] = [
  { file: 'transfer', models: transferModels as MachineModel[] },
  { file: 'transaction-history', models: [transactionHistoryModel, transactionHistorySearchModel] },
  { file: 'transaction-receipt', models: [transactionReceiptModel as MachineModel] },
];
