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
import { OTHER_PURPOSE_ID, transferSubmitViolations } from '../../src/domain/transfer';
import { couponInputViolations, normaliseCouponCode } from '../../src/domain/coupon';
import {
  converterAmountMinor,
  converterTransferViolations,
  deliveryViolations,
} from '../../src/domain/cross-border';
import { cardPaymentViolations, parseCardExpiry } from '../../src/domain/card';
import { currencyOfCountry, receivingViolations } from '../../src/domain/receiving-country';
import { momoTopUpViolations } from '../../src/domain/top-up';
import type { Country, DeliveryMethod, PaymentMethod } from '../../src/contract/reference';
import type { CouponCheckInPesewas } from '../../src/contract/cross-border';
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
  LIMIT_VALUES,
  limitRefusal,
  named,
  networkError,
  outputOf,
  timeoutError,
} from './machine-fixtures';
import { pagedHistoryModels, receiptModel } from './machine-model-paged-history';
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
export const quoteOf = (
  sendMinor: number,
  currency = 'GHS',
  beneficiaryId = 11,
  over: Partial<TransferQuoteInPesewas> = {},
): TransferQuoteInPesewas => {
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
    ...over,
  };
};

/** The enabled cross-border methods the server lists (domain/cross-border.ts ids). */
export const paymentMethods: PaymentMethod[] = [
  { id: 1, name: 'Mobile Wallet', isEnabled: true, isCrossBoarder: true },
  { id: 2, name: 'Card', isEnabled: true, isCrossBoarder: true },
  { id: 3, name: 'Bank Transfer', isEnabled: true, isCrossBoarder: true },
];
export const deliveryMethods: DeliveryMethod[] = [
  { id: 1, name: 'Mobile Money', isEnabled: true, isCrossBoarder: true, isSendMoney: true },
  { id: 2, name: 'Bank Deposit', isEnabled: true, isCrossBoarder: true, isSendMoney: true },
  { id: 3, name: 'Cash Pickup', isEnabled: true, isCrossBoarder: true, isSendMoney: true },
];

/** GetAllCountries: Ghana (cedis), the United States (dollars), Germany (euros), Senegal (CFA francs: not offered). */
export const UNITED_STATES = 90;
export const countries: Country[] = [
  { id: 1, name: 'Ghana', isoCode: 'GH', dialCode: '+233' },
  { id: 46, name: 'Senegal', isoCode: 'SN', dialCode: '+221' },
  { id: 62, name: 'Germany', isoCode: 'DE', dialCode: '+49' },
  { id: UNITED_STATES, name: 'United States', isoCode: 'US', dialCode: '+1' },
];
/** What loadMethods answers. */
export const crossBorderLists = { paymentMethods, deliveryMethods, countries };

/** CheckCoupon's answer for a send amount: 10% off the 1% fee. */
export const couponCheckOf = (sendMinor: number, code = 'SAVE10'): CouponCheckInPesewas => {
  const fee = processingFee(sendMinor);
  const off = Math.floor(fee / 10);
  return {
    couponCode: code,
    feeBeforeDiscount: fee,
    couponDiscount: off,
    processingFee: fee - off,
    totalPay: sendMinor + fee - off,
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

/** The countries offered: those whose currency the rate table has (spec data restated: ISO 4217 by country). */
const offeredCountry = (context: TransferContext, id: number) => {
  const country = context.countries.find((c) => c.id === id);
  const currency = country ? currencyOfCountry(country.isoCode) : null;
  return currency !== null && offeredCurrencies(context).includes(currency) ? { id, currency } : null;
};

/** The recipient's country: chosen, else the beneficiary's (cross-border). */
const expectedCountryId = (context: TransferContext) =>
  context.form.receivingCountryId ||
  (context.beneficiaries.find((b) => b.id === context.form.beneficiaryId)?.countryId ?? 0);

const idOf = (value: string, known: readonly { id: number }[]) => {
  const id = Number(value);
  return Number.isInteger(id) && known.some((item) => item.id === id) ? id : 0;
};

const expectedForm = (context: TransferContext, field: string, value: string): TransferContext['form'] => {
  const { form } = context;
  switch (field) {
    case 'sendAmount':
      // The converter keeps digits and a point (anything else counts as 0); /SendMoney raises below 1 to 1.
      return { ...form, sendAmount: context.crossBorder ? amountInput(value) : expectedSendAmount(value) };
    case 'currency':
      return offeredCurrencies(context).includes(value) ? { ...form, currency: value } : form;
    case 'fromCurrency':
      return offeredCurrencies(context).includes(value) ? { ...form, fromCurrency: value } : form;
    case 'paymentMethodId':
      return { ...form, paymentMethodId: idOf(value, context.paymentMethods) };
    case 'deliveryMethodId':
      return { ...form, deliveryMethodId: idOf(value, context.deliveryMethods) };
    case 'applyCoupon':
      return { ...form, applyCoupon: value === 'true' };
    case 'couponCode':
      return { ...form, couponCode: value.slice(0, 32) };
    case 'beneficiaryId': {
      const id = idOf(value, context.beneficiaries);
      const chosen = context.beneficiaries.find((b) => b.id === id);
      // Cross-border: a beneficiary fills the recipient's country (and its currency) while none is chosen.
      const fills =
        chosen && context.crossBorder && form.receivingCountryId === 0
          ? offeredCountry(context, chosen.countryId)
          : null;
      return fills
        ? { ...form, beneficiaryId: id, receivingCountryId: fills.id, currency: fills.currency }
        : { ...form, beneficiaryId: id };
    }
    case 'receivingCountryId': {
      const country = offeredCountry(context, Number(value));
      return country ? { ...form, receivingCountryId: country.id, currency: country.currency } : form;
    }
    case 'transactionPurposeId':
      return { ...form, transactionPurposeId: idOf(value, context.purposes) };
    default:
      return { ...form, payeeNote: value.slice(0, 500) };
  }
};

/** The seven rules of spec section 5 on the form (GHS is local; a MoMo beneficiary is delivery 1, a bank one 2). */
const expectedViolations = (context: TransferContext) => {
  const { form } = context;
  const chosen = context.beneficiaries.find((b) => b.id === form.beneficiaryId);
  const typed = form.sendAmount.trim();
  const rules: { field: string; messageId: string }[] = transferSubmitViolations({
    transactionPurposeId: form.transactionPurposeId,
    beneficiaryId: form.beneficiaryId,
    sendAmountMinor: context.crossBorder
      ? converterAmountMinor(typed)
      : typed === ''
        ? null
        : parseDecimalAmount(typed),
    receiveCurrency: form.currency,
    paymentMethodId: context.crossBorder ? form.paymentMethodId : context.paymentMethodId,
    deliveryMethodId: context.crossBorder
      ? form.deliveryMethodId
      : chosen
        ? chosen.type === 'mobile'
          ? 1
          : 2
        : 0,
    hasIdentification: context.hasIdentification,
  });
  if (!context.crossBorder) return rules;
  // Cross-border: then the recipient's country (its currency; an account paid in its own country), From must be
  // GHS, the delivery method must suit the beneficiary, a coupon needs a code.
  const countryId = expectedCountryId(context);
  const country = context.countries.find((c) => c.id === countryId);
  return [
    ...rules,
    ...receivingViolations({
      receivingCountryId: countryId,
      countryCurrency: country ? currencyOfCountry(country.isoCode) : null,
      currency: form.currency,
      beneficiaryCountryId: chosen?.countryId ?? null,
      deliveryMethodId: form.deliveryMethodId,
    }),
    ...converterTransferViolations({
      fromCurrency: form.fromCurrency,
      toCurrency: form.currency,
      sendTyped: typed,
    }),
    ...(chosen && form.deliveryMethodId > 0
      ? deliveryViolations({
          deliveryMethodId: form.deliveryMethodId,
          beneficiaryType: chosen.type,
          beneficiaryPhone: chosen.phone,
        })
      : []),
    ...couponInputViolations(form.applyCoupon, form.couponCode),
  ];
};

/** The cross-border fields /SendMoney does not have. */
const CROSS_BORDER_ONLY = [
  'receivingCountryId',
  'fromCurrency',
  'paymentMethodId',
  'deliveryMethodId',
  'applyCoupon',
  'couponCode',
];

/** How the quote is paid: 1 MoMo, 2 card, 4 wallet, others nothing; always the wallet on /SendMoney. */
const wayOfContext = (context: TransferContext) => {
  if (!context.crossBorder) return 'wallet';
  const id = context.quote?.paymentMethodId ?? context.form.paymentMethodId;
  return id === 1 ? 'momo' : id === 2 ? 'card' : id === 4 ? 'wallet' : 'none';
};

const TODAY = '2026-11-20';

/** The card and MoMo rules of spec section 5 on the payer's fields (the amount is the quote's, not checked). */
const expectedPayViolations = (context: TransferContext) => {
  const way = wayOfContext(context);
  const { card, momo } = context.payForm;
  if (way === 'card') {
    const rename: Record<string, string> = { cardNumber: 'number', cvv: 'cvc' };
    return cardPaymentViolations(
      {
        firstName: card.firstName,
        lastName: card.lastName,
        cardNumber: card.number.replace(/\D/g, ''),
        expiry: parseCardExpiry(card.expiry),
        cvv: card.cvc,
        amountMinor: context.quote!.totalPay,
      },
      new Date(`${TODAY}T00:00:00.000Z`),
    )
      .filter((v) => v.field !== 'amount')
      .map((v) => ({ field: rename[v.field] ?? v.field, messageId: v.messageId }));
  }
  if (way === 'momo')
    return momoTopUpViolations({ ...momo, amountMinor: context.quote!.totalPay }).filter(
      (v) => v.field !== 'amount',
    );
  return [];
};

const knownViolationFields = [
  'transactionPurposeId',
  'beneficiaryId',
  'sendAmount',
  'paymentMethodId',
  'deliveryMethodId',
  'identification',
  'currency',
  'fromCurrency',
  'couponCode',
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
  snapshot.matches('payment') ||
  snapshot.matches('paying') ||
  snapshot.matches('following') ||
  snapshot.matches('reviewing') ||
  snapshot.matches('awaitingPayer');

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
      fromCurrency: 'GHS',
      currency: context.form.currency,
      receivingCountryId: 0,
      beneficiaryId: 0,
      transactionPurposeId: 0,
      payeeNote: '',
      paymentMethodId: 0,
      deliveryMethodId: 0,
      applyCoupon: false,
      couponCode: '',
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
    // Cross-border, the method lists come next.
    const next = context.crossBorder ? 'loadingMethods' : 'editing';
    expect(snapshot.value).toBe(Object.values(context.loaded).every(Boolean) ? next : 'loading');
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
      const shown =
        (field !== 'payeeNote' || before.form.transactionPurposeId === OTHER_PURPOSE_ID) &&
        (!CROSS_BORDER_ONLY.includes(field) || before.crossBorder) &&
        // The code input is disabled unless the coupon toggle is on.
        (field !== 'couponCode' || before.form.applyCoupon);
      const onStepOne = previous.matches('editing') || previous.matches('checkingCoupon');
      if (!onStepOne || !shown) return expectUnchanged(step);
      expect(snapshot.value).toBe('editing');
      expect(context.form).toEqual(expectedForm(before, field, value));
      expect(context.violations).toEqual(before.showViolations ? expectedViolations(context) : []);
      expect(context.error).toBeNull();
      // A coupon check was for the amount and code it was asked with.
      if (['sendAmount', 'fromCurrency', 'applyCoupon', 'couponCode'].includes(field))
        expect(context.coupon).toBeNull();
      else expect(context.coupon).toEqual(before.coupon);
      expect(actions).toEqual([]);
      return;
    }
    case 'SWAP':
      if (!previous.matches('editing') || !before.crossBorder) return expectUnchanged(step);
      // From and To change places; what was typed stays.
      expect(context.form).toEqual({
        ...before.form,
        fromCurrency: before.form.currency,
        currency: before.form.fromCurrency,
      });
      expect(context.coupon).toBeNull();
      expect(context.violations).toEqual(before.showViolations ? expectedViolations(context) : []);
      return;
    case 'APPLY_COUPON': {
      if (!previous.matches('editing') || !before.crossBorder) return expectUnchanged(step);
      const amount = converterAmountMinor(before.form.sendAmount);
      const codeRules = couponInputViolations(before.form.applyCoupon, before.form.couponCode);
      if (before.form.applyCoupon && codeRules.length === 0 && amount > 0) {
        expect(snapshot.value).toBe('checkingCoupon');
        expect(context.form).toEqual(before.form);
        return;
      }
      // What is missing shows under its field; the other rules wait for Next.
      expect(snapshot.value).toBe('editing');
      expect(context.violations).toEqual([
        ...(amount > 0 ? [] : [{ field: 'sendAmount', messageId: 'transfer.amountInvalid' }]),
        ...couponInputViolations(true, before.form.couponCode),
      ]);
      return;
    }
    case 'xstate.done.actor.checkCoupon':
      if (!previous.matches('checkingCoupon')) return expectUnchanged(step);
      expect(snapshot.value).toBe('editing');
      expect(context.coupon).toEqual(outputOf(event));
      expect(context.violations).toEqual([]);
      return;
    case 'xstate.error.actor.checkCoupon': {
      if (!previous.matches('checkingCoupon')) return expectUnchanged(step);
      const error = errorOf(event);
      expect(snapshot.value).toBe('editing');
      expect(context.coupon).toBeNull();
      const refused = serverViolationsOf(error);
      if (refused.length > 0) {
        expect(context.violations).toEqual(refused);
        expect(context.error).toBeNull();
      } else expect(context.error).toBe('coupon.checkFailed');
      return;
    }
    case 'xstate.done.actor.loadMethods':
      if (!previous.matches('loadingMethods')) return expectUnchanged(step);
      expect(snapshot.value).toBe('editing');
      expect({
        paymentMethods: context.paymentMethods,
        deliveryMethods: context.deliveryMethods,
        countries: context.countries,
      }).toEqual(outputOf(event));
      expect(context.methodsFailed).toBe(false);
      return;
    case 'xstate.error.actor.loadMethods':
      if (!previous.matches('loadingMethods')) return expectUnchanged(step);
      // Spec section 8 only logs it: empty selects, and the page says why.
      expect(snapshot.value).toBe('editing');
      expect(context.paymentMethods).toEqual([]);
      expect(context.deliveryMethods).toEqual([]);
      expect(context.countries).toEqual([]);
      expect(context.methodsFailed).toBe(true);
      return;
    case 'TERMS':
      if (!previous.matches('reviewing')) return expectUnchanged(step);
      expect(context.termsAgreed).toBe(payload<{ agreed: boolean }>(event).agreed);
      return;
    case 'CONTINUE':
      if (!previous.matches('reviewing')) return expectUnchanged(step);
      // Continue only once the terms are agreed.
      if (before.termsAgreed) {
        expect(snapshot.value).toBe('payment');
        expect(context.quote).toEqual(before.quote);
      } else {
        expect(snapshot.value).toBe('reviewing');
        expect(context.error).toBe('crossBorder.termsRequired');
      }
      return;
    case 'PAY_CHANGE': {
      const { field } = payload<{ field: string; value: string }>(event);
      const way = wayOfContext(before);
      const fields =
        way === 'card'
          ? ['firstName', 'lastName', 'number', 'expiry', 'cvc']
          : way === 'momo'
            ? ['phone', 'provider']
            : [];
      if (!previous.matches('payment') || !fields.includes(field)) return expectUnchanged(step);
      expect(context.payViolations).toEqual(before.showPayViolations ? expectedPayViolations(context) : []);
      expect(context.idempotencyKey).toBeNull();
      return;
    }
    case 'xstate.after.payerPollInterval.transfer.awaitingPayer':
      // The same request, with the same key, follows the payer's decision.
      expect(snapshot.value).toBe('paying');
      expect(context.idempotencyKey).toBe(before.idempotencyKey);
      return;
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
      // Selected as if chosen in the select (cross-border: it fills the recipient's country while none is chosen).
      expect(context.form).toEqual(
        expectedForm({ ...before, beneficiaries: context.beneficiaries }, 'beneficiaryId', String(added.id)),
      );
      expect(context.violations).toEqual(before.showViolations ? expectedViolations(context) : []);
      return;
    }
    case 'xstate.done.actor.initiateTransfer': {
      if (!previous.matches('initiating')) return expectUnchanged(step);
      const quote = outputOf<TransferQuoteInPesewas>(event);
      // Cross-border: 'Review Transaction' first, its terms to agree again.
      expect(snapshot.value).toBe(before.crossBorder ? 'reviewing' : 'payment');
      expect(context.termsAgreed).toBe(false);
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
      const way = wayOfContext(before);
      if (way === 'none') return expectUnchanged(step);
      if (way === 'card' || way === 'momo') {
        // The payer's fields, checked by the rules of section 5, then PayNow with a new key.
        const rules = expectedPayViolations(before);
        expect(context.showPayViolations).toBe(true);
        expect(context.payViolations).toEqual(rules);
        expect(snapshot.value).toBe(rules.length ? 'payment' : 'paying');
        if (!rules.length)
          expect(context.idempotencyKey).toBe(before.idempotencyKey ?? `seed-${before.keyCount + 1}`);
        return;
      }
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
      if (previous.matches('reviewing')) {
        // Spec section 2: entering step 1 empties the amount, beneficiary (and the country it gave), delivery and
        // payment methods.
        expect(snapshot.value).toBe('editing');
        expect(context.form).toEqual({
          ...before.form,
          sendAmount: '',
          beneficiaryId: 0,
          receivingCountryId: 0,
          deliveryMethodId: 0,
          paymentMethodId: 0,
        });
        expect(context.quote).toBeNull();
        expect(context.termsAgreed).toBe(false);
        return;
      }
      if (!previous.matches('payment')) return expectUnchanged(step);
      // Cross-border, back to the review of the same quote; /SendMoney, to the form.
      expect(snapshot.value).toBe(before.crossBorder ? 'reviewing' : 'editing');
      expect(context.form).toEqual(before.form);
      expect(context.quote).toEqual(before.crossBorder ? before.quote : null);
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
      // Send Another: page 1, the beneficiary back to 0 (cross-border: the fields step 1 empties), nothing of the
      // last transfer left.
      expect(snapshot.value).toBe('editing');
      expect(context.form).toEqual(
        before.crossBorder
          ? {
              ...before.form,
              sendAmount: '',
              beneficiaryId: 0,
              receivingCountryId: 0,
              deliveryMethodId: 0,
              paymentMethodId: 0,
            }
          : { ...before.form, beneficiaryId: 0 },
      );
      expect(context.coupon).toBeNull();
      expect(context.termsAgreed).toBe(false);
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
        // A MoMo payment: the collection waits for the payer until another reference (the transfer's) answers.
        const awaitsPayer =
          wayOfContext(before) === 'momo' &&
          (before.collectionReference === null || before.collectionReference === result.referenceNumber);
        if (awaitsPayer) {
          expect(snapshot.value).toBe('awaitingPayer');
          expect(context.collectionReference).toBe(result.referenceNumber);
          expect(context.idempotencyKey).toBe(before.idempotencyKey);
        } else expect(snapshot.value).toEqual({ following: 'waiting' });
        return;
      }
      return expectPayoutFailed(step, result);
    }
    case 'xstate.error.actor.payNow': {
      if (!previous.matches('paying')) return expectUnchanged(step);
      const error = errorOf(event);
      const failure = expectedPayFailure(error);
      expect(snapshot.value).toBe('payment');
      // Spec section 8: a card payment that fails says 'Error processing payment, please try again later.'.
      const cardFailed =
        wayOfContext(before) === 'card' &&
        failure.block === null &&
        ![null, 403].includes(failureStatus(error));
      expect(context.error).toBe(cardFailed ? 'card.failed' : failure.error);
      if (cardFailed && messageIdOf(error) !== 'card.failed')
        expect(context.errorDetail).toBe(messageIdOf(error));
      expect(context.payBlock).toBe(failure.block);
      // The message under the card's (or the failure itself) keeps the figures a tier limit's names (issue 24).
      const shownId = cardFailed
        ? messageIdOf(error) === 'card.failed'
          ? null
          : messageIdOf(error)
        : failure.error;
      // (No answer says 'transfer.payFailed' and leaves it: it is read only beside the message it belongs to.)
      if (failureStatus(error) === null) expect(context.failure).toEqual(before.failure);
      else
        expect(context.failure).toEqual(
          shownId === null
            ? null
            : shownId === 'limit.daily'
              ? { messageId: shownId, values: LIMIT_VALUES }
              : { messageId: shownId },
        );
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
  // Cross-border events change nothing on /SendMoney.
  { type: 'SWAP' },
  { type: 'APPLY_COUPON' },
  { type: 'CHANGE', field: 'paymentMethodId', value: '2' },
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
    { type: 'SWAP' },
    { type: 'APPLY_COUPON' },
    { type: 'TERMS', agreed: true },
    { type: 'CONTINUE' },
    { type: 'PAY_CHANGE', field: 'phone', value: '0241234567' },
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
      errorEvent('payNow', limitRefusal()),
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

/* ----------------------------------------------------------------------------------------- cross-border */

/** The cross-border facts guards read, beside the transfer's. */
const crossBorderKey = (snapshot: AnyMachineSnapshot): string => {
  if (snapshot.matches('loading') || snapshot.matches('loadFailed')) return transferLoadingKey(snapshot);
  const context = snapshot.context as TransferContext;
  const { form } = context;
  // What the guards read, coarsely: which rule breaks first, not the values typed.
  return JSON.stringify({
    rules: expectedViolations(context).map((v) => v.messageId),
    form: [
      form.fromCurrency,
      form.currency,
      form.receivingCountryId,
      form.applyCoupon,
      form.couponCode !== '',
      form.sendAmount !== '',
    ],
    methodsFailed: context.methodsFailed,
    coupon: context.coupon !== null,
    quote: context.quote?.paymentMethodId ?? null,
    terms: context.termsAgreed,
    pay: context.quote ? expectedPayViolations(context).map((v) => v.messageId) : null,
    payForm: context.payForm,
    showPay: context.showPayViolations,
    collection: context.collectionReference,
    error: snapshot.matches('payment') || snapshot.matches('reviewing') ? context.error : null,
    payBlock: context.payBlock,
    holdsKey: context.idempotencyKey !== null,
    onItsWay: context.onItsWay,
  });
};

/**
 * A beneficiary with a Ghanaian number who collects cash in the United States: GH₵ 1,000 to USD (issue 22: a MoMo
 * wallet or bank account in Ghana is paid only in Ghana).
 */
const crossBorderBeneficiary = beneficiaries[0]!;

/**
 * The cross-border form repaired one field at a time: From stays GHS, the recipient's country the United States
 * (To USD), the payment method (`pay`), Mobile Money, the beneficiary (refused: a MoMo wallet in Ghana), then cash
 * pick-up, a purpose, GH₵ 1,000, the coupon on with its code.
 */
const crossBorderRepair = (context: TransferContext, pay: number, coupon: boolean): AnyEventObject | null => {
  const { form } = context;
  if (context.walletAmount !== WALLET || context.methodsFailed || context.ratesFailed) return null;
  if (form.receivingCountryId !== UNITED_STATES)
    return { type: 'CHANGE', field: 'receivingCountryId', value: String(UNITED_STATES) };
  if (form.currency !== 'USD') return { type: 'CHANGE', field: 'currency', value: 'USD' };
  if (form.paymentMethodId === 0) return { type: 'CHANGE', field: 'paymentMethodId', value: String(pay) };
  if (form.deliveryMethodId === 0) return { type: 'CHANGE', field: 'deliveryMethodId', value: '1' };
  if (form.beneficiaryId === 0)
    return { type: 'CHANGE', field: 'beneficiaryId', value: String(crossBorderBeneficiary.id) };
  if (form.deliveryMethodId === 1) return { type: 'CHANGE', field: 'deliveryMethodId', value: '3' };
  if (form.transactionPurposeId === 0) return { type: 'CHANGE', field: 'transactionPurposeId', value: '1' };
  if (form.sendAmount === '') return { type: 'CHANGE', field: 'sendAmount', value: '1000' };
  if (!coupon) return null;
  if (!form.applyCoupon) return { type: 'CHANGE', field: 'applyCoupon', value: 'true' };
  if (form.couponCode === '') return { type: 'CHANGE', field: 'couponCode', value: 'save10' };
  return null;
};

/** The card's fields, one at a time (an expired card first, then a valid one). */
const cardRepair = (context: TransferContext): AnyEventObject | null => {
  const { card } = context.payForm;
  if (card.firstName === '') return { type: 'PAY_CHANGE', field: 'firstName', value: 'Ama' };
  if (card.lastName === '') return { type: 'PAY_CHANGE', field: 'lastName', value: 'Mensah' };
  if (card.number === '') return { type: 'PAY_CHANGE', field: 'number', value: '4242424242424242' };
  if (card.expiry === '') return { type: 'PAY_CHANGE', field: 'expiry', value: '01/20' };
  if (card.expiry === '01/20') return { type: 'PAY_CHANGE', field: 'expiry', value: '12/30' };
  if (card.cvc === '') return { type: 'PAY_CHANGE', field: 'cvc', value: '123' };
  return null;
};

const momoRepair = (context: TransferContext): AnyEventObject | null => {
  const { momo } = context.payForm;
  if (momo.phone === '') return { type: 'PAY_CHANGE', field: 'phone', value: '02412' };
  if (momo.phone === '02412') return { type: 'PAY_CHANGE', field: 'phone', value: '0241234567' };
  return null;
};

const crossBorderQuote = (context: TransferContext) => {
  const sendMinor = converterAmountMinor(context.form.sendAmount);
  const coupon = context.form.applyCoupon ? couponCheckOf(sendMinor) : null;
  const fee = coupon ? coupon.processingFee : processingFee(sendMinor);
  return quoteOf(sendMinor, context.form.currency, context.form.beneficiaryId, {
    paymentMethodId: context.form.paymentMethodId,
    deliveryMethodId: context.form.deliveryMethodId,
    processingFee: fee,
    totalPay: sendMinor + fee,
    couponCode: coupon ? normaliseCouponCode(context.form.couponCode) : null,
    couponDiscount: coupon?.couponDiscount ?? 0,
  });
};

/**
 * /CrossBorderPayment paid by `pay` (1 MoMo, 2 card): the methods load (or fail), the converter (swap, From other
 * than GHS refused), the coupon (applied, refused as expired, unchecked), Next, the review (terms, Continue, back to
 * step 1), the payer's fields, and every answer of PayNow for that way.
 */
const crossBorderEvents =
  (pay: number, coupon: boolean) =>
  (snapshot: AnyMachineSnapshot): AnyEventObject[] => {
    const context = snapshot.context as TransferContext;
    const repair = crossBorderRepair(context, pay, coupon);
    // The coupon model stops at the payer's rules; the payment models fill them in.
    const payRepair = coupon ? null : pay === 2 ? cardRepair(context) : momoRepair(context);
    const events: AnyEventObject[] = [
      ...(repair ? [repair] : []),
      { type: 'CHANGE', field: 'payeeNote', value: 'School fees' },
      { type: 'SUBMIT' },
      { type: 'RETRY' },
      { type: 'SWAP' },
      { type: 'APPLY_COUPON' },
      { type: 'BENEFICIARY_ADDED', beneficiary: crossBorderBeneficiary },
      { type: 'TERMS', agreed: true },
      { type: 'CONTINUE' },
      { type: 'PAY' },
      { type: 'BACK' },
      { type: 'REQUOTE' },
      { type: 'AGAIN' },
      payRepair ?? {
        type: 'PAY_CHANGE',
        field: pay === 2 ? 'firstName' : 'provider',
        value: pay === 2 ? 'Ama' : 'MTN',
      },
      ...loadingAnswers(snapshot),
    ];
    if (snapshot.matches('loadingMethods'))
      events.push(doneEvent('loadMethods', crossBorderLists), errorEvent('loadMethods', networkError()));
    if (snapshot.matches('checkingCoupon'))
      events.push(
        doneEvent('checkCoupon', couponCheckOf(converterAmountMinor(context.form.sendAmount))),
        errorEvent(
          'checkCoupon',
          httpError(400, 'request.invalid', [{ field: 'couponCode', messageId: 'coupon.expired' }]),
        ),
        errorEvent('checkCoupon', networkError()),
        // Typing while it is checked drops the check.
        { type: 'CHANGE', field: 'couponCode', value: 'save20' },
      );
    if (snapshot.matches('initiating'))
      events.push(
        doneEvent('initiateTransfer', crossBorderQuote(context)),
        errorEvent(
          'initiateTransfer',
          httpError(400, 'request.invalid', [{ field: 'couponCode', messageId: 'coupon.expired' }]),
        ),
      );
    if (snapshot.matches('paying')) {
      const total = context.quote!.totalPay;
      events.push(
        doneEvent('payNow', transferOperation('Successful', { walletAmount: WALLET, amount: total })),
        errorEvent('payNow', networkError()),
        errorEvent('payNow', httpError(410, 'transfer.quoteExpired')),
        errorEvent('payNow', httpError(409, 'coupon.noLongerApplies')),
        errorEvent('payNow', limitRefusal()),
      );
      if (pay === 2) events.push(errorEvent('payNow', httpError(402, 'card.declined')));
      else
        events.push(
          doneEvent(
            'payNow',
            transferOperation('pending', { referenceNumber: 'COL-1', walletAmount: WALLET }),
          ),
          doneEvent(
            'payNow',
            transferOperation('pending', { referenceNumber: 'TRF-1001', walletAmount: WALLET }),
          ),
          errorEvent('payNow', httpError(402, 'topUp.momoRejected')),
        );
    }
    if (snapshot.matches({ following: 'checking' }))
      events.push(
        doneEvent('getOperation', transferOperation('Successful', { walletAmount: WALLET })),
        errorEvent('getOperation', networkError()),
      );
    return events;
  };

const crossBorderInput = { ...sendMoneyInput, crossBorder: true, today: TODAY };

/** The loading of the cross-border lists: the methods after the others, and a From other than GHS. */
const crossBorderLoadingEvents = (snapshot: AnyMachineSnapshot): AnyEventObject[] => [
  ...loadingAnswers(snapshot),
  { type: 'RETRY' },
  { type: 'APPLY_COUPON' },
  { type: 'BENEFICIARY_ADDED', beneficiary: crossBorderBeneficiary },
  { type: 'CHANGE', field: 'fromCurrency', value: 'USD' },
  { type: 'CHANGE', field: 'sendAmount', value: '12abc' },
  // The coupon on with no code: Apply is enabled (the screen sends it) and shows the first rule broken.
  { type: 'CHANGE', field: 'applyCoupon', value: 'true' },
  { type: 'SUBMIT' },
  { type: 'SWAP' },
  ...(snapshot.matches('loadingMethods')
    ? [doneEvent('loadMethods', crossBorderLists), errorEvent('loadMethods', networkError())]
    : []),
];

/** The cross-border key and the rules shown: Apply with the coupon on and no code is a state of its own. */
const crossBorderLoadingKey = (snapshot: AnyMachineSnapshot): string => {
  const context = snapshot.context as TransferContext;
  const shown = context.showViolations ? context.violations.map((v) => v.messageId) : null;
  return `${crossBorderKey(snapshot)}${JSON.stringify(shown)}`;
};

export const crossBorderModels = [
  transferModel(
    'cross-border loading',
    crossBorderLoadingEvents,
    [{ label: 'cross-border', input: crossBorderInput }],
    10,
    crossBorderLoadingKey,
  ),
  transferModel(
    'cross-border, coupon',
    crossBorderEvents(2, true),
    [{ label: 'coupon', input: crossBorderInput }],
    10,
    crossBorderKey,
  ),
  transferModel(
    'cross-border, card',
    crossBorderEvents(2, false),
    [{ label: 'card (2)', input: crossBorderInput }],
    10,
    crossBorderKey,
  ),
  transferModel(
    'cross-border, MoMo',
    crossBorderEvents(1, false),
    [{ label: 'MoMo (1)', input: crossBorderInput }],
    10,
    crossBorderKey,
  ),
];

/* ----------------------------------------------------------------------------------------------- history */

export const transferRow = (id: number, over: Partial<TransactionMovement> = {}): TransactionMovement => ({
  id,
  senderName: 'Ama Mensah',
  receiverName: `Receiver ${id}`,
  referenceNumber: `TRF-${String(id).padStart(4, '0')}`,
  sendAmount: id * 1000,
  fee: 0,
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

export const [transactionHistoryModel, transactionHistorySearchModel] = pagedHistoryModels({
  name: 'transaction-history',
  machine: transactionHistoryMachine,
  machineId: 'transactionHistory',
  failedMessage: 'transfer.historyFailed',
  histories: [transferRows(12), transferRows(3), []],
  searchText: ' kofi ',
});

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

/** The receipt: loading -> ready | failed (404: not found; else the generic message), RETRY loads it again. */
export const transactionReceiptModel = receiptModel({
  name: 'transaction-receipt',
  machine: transactionReceiptMachine,
  referenceNumber: 'TRF-1001',
  receipt: receiptOf(),
});

/** Every issue-8 browser machine's models, by machine file name (src/machines/<name>.machine.ts). */
export const transferMachineModels: { file: string; models: MachineModel[] }[] = [
  { file: 'transfer', models: [...transferModels, ...crossBorderModels] as MachineModel[] },
  { file: 'transaction-history', models: [transactionHistoryModel, transactionHistorySearchModel] },
  { file: 'transaction-receipt', models: [transactionReceiptModel as MachineModel] },
];
