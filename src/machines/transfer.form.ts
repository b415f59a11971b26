/**
 * The transfer form (page 1 of /SendMoney; the Amount step of /CrossBorderPayment): its fields, what each input
 * keeps of what is typed (spec section 5, send amount input; the converter's 'You send:'), the transfer-submit
 * rules of section 5 in their order (and, cross-border, the converter's, the delivery method's and the coupon's),
 * the summary figures (amount, fee after a coupon, total, receive amount, rate), the InitiateTransfer request, and
 * what a failed InitiateTransfer or PayNow means.
 */
import { amountInput, amountInputToMinor } from '../domain/amount';
import { COUPON_CODE_MAX_LENGTH, couponInputViolations, normaliseCouponCode } from '../domain/coupon';
import {
  convert,
  converterAmountMinor,
  converterTransferViolations,
  deliveryViolations,
  type RateTable,
} from '../domain/cross-border';
import { convertMinor, crossRate } from '../domain/fx';
import type { DomainMessageId } from '../domain/messages';
import { minorToDecimalString, WALLET_CURRENCY, type MinorUnits } from '../domain/money';
import { currencyOfCountry, receivingViolations } from '../domain/receiving-country';
import type { RuleViolation } from '../domain/rule';
import {
  OTHER_PURPOSE_ID,
  sendAmountInput,
  transferSubmitViolations,
  transferTotals,
  type TransferField,
} from '../domain/transfer';
import type { Beneficiary, BeneficiaryType } from '../contract/beneficiary';
import type { CouponCheckInPesewas } from '../contract/cross-border';
import type { Country, DeliveryMethod, PaymentMethod, TransactionPurpose } from '../contract/reference';
import type { ExchangeRate, TransferQuoteInPesewas, TransferRequestInPesewas } from '../contract/transfer';
import { failureStatus, serverMessageId } from './failure-messages';
import { formRules, selectedId } from './shared/form-rules';

export interface TransferForm {
  /**
   * As typed: on /SendMoney GHS with the send amount input rule applied ('' when cleared); on /CrossBorderPayment
   * 'You send:' in `fromCurrency` (digits and a point kept; empty counts as 0).
   */
  sendAmount: string;
  /** The converter's From (/CrossBorderPayment); always GHS on /SendMoney, which sends from the wallet. */
  fromCurrency: string;
  /** The currency the beneficiary receives (the converter's To; GHS: a local transfer). */
  currency: string;
  /**
   * /CrossBorderPayment's recipient's country (0: none chosen, the beneficiary's then): it decides the currency.
   * Choosing a beneficiary fills it when it is empty.
   */
  receivingCountryId: number;
  beneficiaryId: number;
  transactionPurposeId: number;
  /** The notes that purpose 4 ('Other') reveals. */
  payeeNote: string;
  /** /CrossBorderPayment's payment-method select (0: none chosen); /SendMoney pays with the presentation's. */
  paymentMethodId: number;
  /** /CrossBorderPayment's delivery-method select (0: none chosen); /SendMoney's follows the beneficiary. */
  deliveryMethodId: number;
  /** The coupon toggle; the code input is disabled unless it is on. */
  applyCoupon: boolean;
  couponCode: string;
}

export type TransferFormField = keyof TransferForm;
/** The rules' fields, the currency the server may refuse, and the converter's and coupon's fields. */
export type TransferViolationField =
  TransferField | 'currency' | 'fromCurrency' | 'couponCode' | 'receivingCountryId';

/** The fields /SendMoney's page 1 has. */
export const TRANSFER_FORM_FIELDS: readonly TransferFormField[] = [
  'sendAmount',
  'currency',
  'beneficiaryId',
  'transactionPurposeId',
  'payeeNote',
];

/** /CrossBorderPayment's step 1 has these as well. */
export const CROSS_BORDER_FORM_FIELDS: readonly TransferFormField[] = [
  ...TRANSFER_FORM_FIELDS,
  'receivingCountryId',
  'fromCurrency',
  'paymentMethodId',
  'deliveryMethodId',
  'applyCoupon',
  'couponCode',
];

/** Spec section 2: entering step 1 of /CrossBorderPayment empties these (receive amount, fee and total follow). */
export const stepOneReset = (form: TransferForm): TransferForm => ({
  ...form,
  sendAmount: '',
  beneficiaryId: 0,
  // The recipient's country follows the beneficiary, which is emptied.
  receivingCountryId: 0,
  deliveryMethodId: 0,
  paymentMethodId: 0,
});

/** The changes that make a coupon check stale (it was for this amount and code). */
export const COUPON_INPUTS: readonly TransferFormField[] = [
  'sendAmount',
  'fromCurrency',
  'applyCoupon',
  'couponCode',
];

/** The seeded delivery methods (ids are part of the contract): a MoMo beneficiary gets Mobile Money, a bank one Bank Deposit. */
export const DELIVERY_METHOD_BY_TYPE: Readonly<Record<BeneficiaryType, number>> = { mobile: 1, bank: 2 };
/** Spec section 9: the wallet payment method id sent is 1. */
export const WALLET_PAYMENT_METHOD_ID = 1;
/** Spec section 9: the sending country is the user's, the receiving country 1 unless the beneficiary says. */
export const DEFAULT_COUNTRY_ID = 1;
/** The contract's longest note. */
export const PAYEE_NOTE_MAX_LENGTH = 500;
/** Rates are per GHS, so the wallet's own currency is 1 by definition. */
export const WALLET_RATE = '1';

/** The currency select's entry for GHS when the rate table could not be read (a local transfer needs no rate). */
export const walletCurrencyRate: ExchangeRate = {
  code: WALLET_CURRENCY,
  name: 'Ghana cedi',
  rate: WALLET_RATE,
  asOf: '',
};

/** What the form's rules and figures read of the transfer machine's context. */
export interface TransferFormContext {
  form: TransferForm;
  beneficiaries: Beneficiary[];
  purposes: TransactionPurpose[];
  rates: ExchangeRate[];
  hasIdentification: boolean;
  /** The payment method /SendMoney pays with (1: the wallet). */
  paymentMethodId: number;
  /** The /CrossBorderPayment presentation: the converter, the method selects and the coupon. */
  crossBorder: boolean;
  /** The enabled cross-border methods the selects offer (empty on /SendMoney). */
  paymentMethods: PaymentMethod[];
  deliveryMethods: DeliveryMethod[];
  /** Cross-border: the countries (GetAllCountries), for the recipient's country select (empty on /SendMoney). */
  countries: Country[];
  /** The coupon check of the amount and code shown (CheckCoupon), else null. */
  coupon: CouponCheckInPesewas | null;
}

interface TransferFormState {
  violations: RuleViolation<TransferViolationField>[];
  showViolations: boolean;
  error: DomainMessageId | null;
}

export const emptyTransferForm = (currency: string = WALLET_CURRENCY): TransferForm => ({
  sendAmount: '',
  fromCurrency: WALLET_CURRENCY,
  currency,
  receivingCountryId: 0,
  beneficiaryId: 0,
  transactionPurposeId: 0,
  payeeNote: '',
  paymentMethodId: 0,
  deliveryMethodId: 0,
  applyCoupon: false,
  couponCode: '',
});

/**
 * Spec section 5, send amount input: digits and one decimal point with at most two decimals are kept; empty
 * clears it; a value below 1 becomes 1. A number still being typed ('12.') is kept as it is.
 */
export const sendAmountTyped = (typed: string): string => {
  const kept = amountInput(typed);
  if (kept === '') return '';
  const minor = amountInputToMinor(kept);
  if (minor === null) return kept;
  const ruled = sendAmountInput(minor) ?? minor;
  return ruled === minor ? kept : minorToDecimalString(ruled).replace(/\.00$/, '');
};

/** The currencies offered: the rate table, GHS first among them; GHS alone when the table could not be read. */
export const currencyOptions = (rates: readonly ExchangeRate[]): ExchangeRate[] => {
  const wallet = rates.find((rate) => rate.code === WALLET_CURRENCY) ?? walletCurrencyRate;
  return [wallet, ...rates.filter((rate) => rate.code !== WALLET_CURRENCY)];
};

/** The currency to start with: `wanted` when the table has it, else GHS. */
export const availableCurrency = (rates: readonly ExchangeRate[], wanted: string): string =>
  currencyOptions(rates).some((rate) => rate.code === wanted) ? wanted : WALLET_CURRENCY;

const rateOf = (rates: readonly ExchangeRate[], code: string): string =>
  currencyOptions(rates).find((rate) => rate.code === code)?.rate ?? WALLET_RATE;

export const selectedBeneficiary = (context: Pick<TransferFormContext, 'form' | 'beneficiaries'>) =>
  context.beneficiaries.find((beneficiary) => beneficiary.id === context.form.beneficiaryId) ?? null;

/** Cross-border: the countries money can be received in (their currency is in the rate table), by name. */
export const receivingCountries = (
  context: Pick<TransferFormContext, 'countries' | 'rates'>,
): (Country & { currency: string })[] => {
  const offered = new Set(currencyOptions(context.rates).map((rate) => rate.code));
  return context.countries.flatMap((country) => {
    const currency = currencyOfCountry(country.isoCode);
    return currency !== null && offered.has(currency) ? [{ ...country, currency }] : [];
  });
};

/** The recipient's country: the one chosen (cross-border), else the beneficiary's; 0 while neither is known. */
export const receivingCountryIdOf = (
  context: Pick<TransferFormContext, 'form' | 'beneficiaries' | 'crossBorder'>,
): number =>
  context.crossBorder && context.form.receivingCountryId > 0
    ? context.form.receivingCountryId
    : (selectedBeneficiary(context)?.countryId ?? 0);

/** The currency paid out in the recipient's country, or null while it is not known (or not in the list). */
export const receivingCurrencyOf = (
  context: Pick<TransferFormContext, 'form' | 'beneficiaries' | 'crossBorder' | 'countries'>,
): string | null => {
  const id = receivingCountryIdOf(context);
  const country = context.countries.find((c) => c.id === id);
  return country ? currencyOfCountry(country.isoCode) : null;
};

/** The delivery method: chosen cross-border; on /SendMoney the beneficiary's kind calls for it (0 while none). */
export const deliveryMethodOf = (
  context: Pick<TransferFormContext, 'form' | 'beneficiaries' | 'crossBorder'>,
): number => {
  if (context.crossBorder) return context.form.deliveryMethodId;
  const beneficiary = selectedBeneficiary(context);
  return beneficiary ? DELIVERY_METHOD_BY_TYPE[beneficiary.type] : 0;
};

/** The payment method: chosen cross-border; the presentation's on /SendMoney. */
export const paymentMethodOf = (
  context: Pick<TransferFormContext, 'form' | 'paymentMethodId' | 'crossBorder'>,
): number => (context.crossBorder ? context.form.paymentMethodId : context.paymentMethodId);

/** The rate table as the converter reads it: rates per GHS by code. */
export const rateTableOf = (rates: readonly ExchangeRate[]): RateTable =>
  Object.fromEntries(currencyOptions(rates).map((rate) => [rate.code, rate.rate]));

/** The coupon check that applies to the form as it is (the toggle on, the check done for it), else null. */
export const appliedCoupon = (
  context: Pick<TransferFormContext, 'form' | 'coupon' | 'crossBorder'>,
): CouponCheckInPesewas | null =>
  context.crossBorder && context.form.applyCoupon && context.coupon !== null ? context.coupon : null;

/** Whether the notes textarea shows (purpose 4, 'Other'). */
export const showsPayeeNote = (form: TransferForm): boolean => form.transactionPurposeId === OTHER_PURPOSE_ID;

/**
 * The summary panel's figures: amount, fee (after a coupon), total, what the beneficiary receives and the rate
 * used. Amounts sent are in `sendCurrency` (GHS, except while the converter's From is another currency).
 */
export interface TransferSummary {
  sendMinor: MinorUnits;
  /** The fee to pay: the 1% fee less `discountMinor`. */
  feeMinor: MinorUnits;
  /** What a coupon takes off the fee (0 without one). */
  discountMinor: MinorUnits;
  /** sendMinor + feeMinor, exactly. */
  totalMinor: MinorUnits;
  sendCurrency: string;
  /** Minor units of `currency`. */
  receiveMinor: MinorUnits;
  currency: string;
  /** Units of `currency` for one `sendCurrency` ('1' for a local transfer). */
  rate: string;
}

const sendMoneySummary = (context: Pick<TransferFormContext, 'form' | 'rates'>): TransferSummary => {
  const typed = amountInputToMinor(context.form.sendAmount);
  const sendMinor = typed !== null && typed > 0 ? typed : 0;
  const { feeMinor, totalMinor } = transferTotals(sendMinor);
  const rate = rateOf(context.rates, context.form.currency);
  return {
    sendMinor,
    feeMinor,
    discountMinor: 0,
    totalMinor,
    sendCurrency: WALLET_CURRENCY,
    receiveMinor: convertMinor(sendMinor, WALLET_RATE, rate),
    currency: context.form.currency,
    rate: crossRate(WALLET_RATE, rate),
  };
};

/** The converter's figures (src/domain/cross-border.ts), the fee and total of that amount, less the coupon. */
const converterSummary = (
  context: Pick<TransferFormContext, 'form' | 'rates' | 'coupon' | 'crossBorder'>,
): TransferSummary => {
  const { form } = context;
  const converted = convert(
    { fromCurrency: form.fromCurrency, toCurrency: form.currency, sendTyped: form.sendAmount },
    rateTableOf(context.rates),
  ) ?? { sendMinor: converterAmountMinor(form.sendAmount), receiveMinor: 0, rate: '0' };
  const totals = transferTotals(converted.sendMinor);
  const coupon = appliedCoupon(context);
  const fee = coupon ? coupon.processingFee : totals.feeMinor;
  return {
    sendMinor: converted.sendMinor,
    feeMinor: fee,
    discountMinor: coupon ? coupon.couponDiscount : 0,
    totalMinor: converted.sendMinor + fee,
    sendCurrency: form.fromCurrency,
    receiveMinor: converted.receiveMinor,
    currency: form.currency,
    rate: converted.rate,
  };
};

/** The figures of what the form says now (before a quote): 0 while the amount is not one. */
export const formSummary = (
  context: Pick<TransferFormContext, 'form' | 'rates'> &
    Partial<Pick<TransferFormContext, 'coupon' | 'crossBorder'>>,
): TransferSummary =>
  context.crossBorder
    ? converterSummary({ ...context, crossBorder: true, coupon: context.coupon ?? null })
    : sendMoneySummary(context);

/** The figures of a quote: what the server locked. */
export const quoteSummary = (quote: TransferQuoteInPesewas): TransferSummary => ({
  sendMinor: quote.sendAmount,
  feeMinor: quote.processingFee,
  discountMinor: quote.couponDiscount,
  totalMinor: quote.totalPay,
  sendCurrency: quote.sendCurrency,
  receiveMinor: quote.receiveAmount,
  currency: quote.currency,
  rate: quote.rate,
});

/**
 * The rules of spec section 5 on the form, in their order (the screen shows the first); cross-border, then the
 * converter's (From must be the GHS wallet), the delivery method's (it must suit the beneficiary) and the coupon
 * input's (a code when the toggle is on).
 */
export const transferViolations = (context: TransferFormContext): RuleViolation<TransferViolationField>[] => {
  const { form } = context;
  const rules: RuleViolation<TransferViolationField>[] = transferSubmitViolations({
    transactionPurposeId: form.transactionPurposeId,
    beneficiaryId: form.beneficiaryId,
    sendAmountMinor: context.crossBorder
      ? converterAmountMinor(form.sendAmount)
      : amountInputToMinor(form.sendAmount),
    receiveCurrency: form.currency,
    paymentMethodId: paymentMethodOf(context),
    deliveryMethodId: deliveryMethodOf(context),
    hasIdentification: context.hasIdentification,
  });
  if (!context.crossBorder) return rules;
  const beneficiary = selectedBeneficiary(context);
  return [
    ...rules,
    // The recipient's country decides the currency; an account is paid only in its own country.
    ...receivingViolations({
      receivingCountryId: receivingCountryIdOf(context),
      countryCurrency: receivingCurrencyOf(context),
      currency: form.currency,
      beneficiaryCountryId: beneficiary?.countryId ?? null,
      deliveryMethodId: form.deliveryMethodId,
    }),
    ...converterTransferViolations({
      fromCurrency: form.fromCurrency,
      toCurrency: form.currency,
      sendTyped: form.sendAmount,
    }),
    ...(beneficiary && form.deliveryMethodId > 0
      ? deliveryViolations({
          deliveryMethodId: form.deliveryMethodId,
          beneficiaryType: beneficiary.type,
          beneficiaryPhone: beneficiary.phone,
        })
      : []),
    ...couponInputViolations(form.applyCoupon, form.couponCode),
  ];
};

const VIOLATION_FIELDS: readonly string[] = [
  'transactionPurposeId',
  'beneficiaryId',
  'sendAmount',
  'paymentMethodId',
  'deliveryMethodId',
  'identification',
  'currency',
  'fromCurrency',
  'couponCode',
  'receivingCountryId',
];

const methodId = (value: string, offered: readonly { id: number }[]): number => {
  const id = selectedId(value);
  return offered.some((method) => method.id === id) ? id : 0;
};

const changeOf = (context: TransferFormContext, field: TransferFormField, value: string): TransferForm => {
  const { form } = context;
  const offered = (code: string) => currencyOptions(context.rates).some((rate) => rate.code === code);
  switch (field) {
    case 'sendAmount':
      // The converter keeps what is a number (anything else counts as 0); /SendMoney's input raises it to 1.
      return { ...form, sendAmount: context.crossBorder ? amountInput(value) : sendAmountTyped(value) };
    case 'currency':
      return offered(value) ? { ...form, currency: value } : form;
    case 'fromCurrency':
      return offered(value) ? { ...form, fromCurrency: value } : form;
    case 'paymentMethodId':
      return { ...form, paymentMethodId: methodId(value, context.paymentMethods) };
    case 'deliveryMethodId':
      return { ...form, deliveryMethodId: methodId(value, context.deliveryMethods) };
    case 'applyCoupon':
      return { ...form, applyCoupon: value === 'true' };
    case 'couponCode':
      return { ...form, couponCode: value.slice(0, COUPON_CODE_MAX_LENGTH) };
    case 'beneficiaryId': {
      const id = selectedId(value);
      const chosen = context.beneficiaries.find((b) => b.id === id);
      if (!chosen) return { ...form, beneficiaryId: 0 };
      // Cross-border: the beneficiary's country (and its currency) when no country was chosen yet.
      const country = context.crossBorder && form.receivingCountryId === 0 ? chosen.countryId : 0;
      const fills = receivingCountries(context).find((c) => c.id === country);
      return fills
        ? { ...form, beneficiaryId: id, receivingCountryId: fills.id, currency: fills.currency }
        : { ...form, beneficiaryId: id };
    }
    case 'receivingCountryId': {
      const country = receivingCountries(context).find((c) => c.id === selectedId(value));
      return country ? { ...form, receivingCountryId: country.id, currency: country.currency } : form;
    }
    case 'transactionPurposeId': {
      const id = selectedId(value);
      return { ...form, transactionPurposeId: context.purposes.some((p) => p.id === id) ? id : 0 };
    }
    case 'payeeNote':
      return { ...form, payeeNote: value.slice(0, PAYEE_NOTE_MAX_LENGTH) };
  }
};

/** The transfer form's rules for the machine (src/machines/shared/form-rules.ts). */
export const transferFormRules = formRules({
  hasField: (context: TransferFormContext & TransferFormState, field: string) =>
    (context.crossBorder ? CROSS_BORDER_FORM_FIELDS : TRANSFER_FORM_FIELDS).includes(
      field as TransferFormField,
    ) &&
    (field !== 'payeeNote' || showsPayeeNote(context.form)) &&
    // The code input is disabled unless the toggle is on.
    (field !== 'couponCode' || context.form.applyCoupon),
  change: (context: TransferFormContext & TransferFormState, field: TransferFormField, value: string) => ({
    form: changeOf(context, field, value),
  }),
  violations: transferViolations,
  fieldOf: (field) => (VIOLATION_FIELDS.includes(field) ? (field as TransferViolationField) : null),
});

/**
 * The InitiateTransfer request as the browser builds it (amounts in minor units; the service adds the sender):
 * the same shape as services/transfer.ts's TransferRequestInPesewas, which machines may not import.
 */
/** The request a valid form makes: the figures it showed (the server recomputes them) and the notes of purpose 4. */
export const transferRequestOf = (
  context: TransferFormContext & { sendingCountryId: number },
): TransferRequestInPesewas => {
  const summary = formSummary(context);
  return {
    sendAmount: summary.sendMinor,
    receiveAmount: summary.receiveMinor,
    currency: context.form.currency,
    sendingCountryId: context.sendingCountryId,
    // The recipient's country: chosen cross-border, else the beneficiary's (so the currency agrees with it).
    receivingCountryId: receivingCountryIdOf(context) || DEFAULT_COUNTRY_ID,
    paymentMethodId: paymentMethodOf(context),
    beneficiaryId: context.form.beneficiaryId,
    deliveryMethodId: deliveryMethodOf(context),
    transactionPurposeId: context.form.transactionPurposeId,
    processingFee: summary.feeMinor,
    totalPay: summary.totalMinor,
    payeeNote: showsPayeeNote(context.form) ? context.form.payeeNote.trim() : '',
    ...(context.crossBorder
      ? { couponCode: context.form.applyCoupon ? normaliseCouponCode(context.form.couponCode) : '' }
      : {}),
  };
};

/**
 * Spec sections 4 and 8: an answer other than 201 is 'Failed to initiate transfer. Please try again.' (and the
 * amount goes back to 0); no answer at all is 'An error occurred during transfer initiation.'.
 */
export const initiateFailureMessage = (error: unknown): DomainMessageId =>
  failureStatus(error) === null ? 'transfer.initiateError' : 'transfer.initiateFailed';

/** Spec section 8: an HTTP failure is 'Failed to fetch transaction purposes.', a thrown one 'An error occurred...'. */
export const purposesFailureMessage = (error: unknown): DomainMessageId =>
  failureStatus(error) === null ? 'transfer.purposesError' : 'transfer.purposesFailed';

/** Spec section 8: 'Failed to fetch beneficiaries.' (or the server's message) / 'An error occurred while fetching beneficiaries.'. */
export const beneficiariesFailureMessage = (error: unknown): DomainMessageId =>
  failureStatus(error) === null
    ? 'beneficiary.loadError'
    : (serverMessageId(error) ?? 'beneficiary.loadFailed');

/**
 * What stops paying the quote shown: 'newQuote' (expired, not found, or its payout failed: initiate again),
 * 'paid' (it was paid already), or nothing (pay again).
 */
export type PayBlock = 'newQuote' | 'paid' | null;

export interface PayFailure {
  error: DomainMessageId;
  block: PayBlock;
}

/**
 * A PayNow call that failed with an answer (no answer keeps the key, see the machine): 410 expired and 404 not
 * found need a new quote, 409 was paid already (or reused a key with another body), 403 needs an identification,
 * anything else is the server's message or 'Error during payment. Please try again.'.
 */
export const payFailure = (error: unknown): PayFailure => {
  switch (failureStatus(error)) {
    case null:
      return { error: 'transfer.payFailed', block: null };
    case 410:
      return { error: 'transfer.quoteExpired', block: 'newQuote' };
    case 404:
      return { error: 'transfer.cartNotFound', block: 'newQuote' };
    case 409:
      return serverMessageId(error) === 'idempotency.conflict'
        ? { error: 'idempotency.conflict', block: null }
        : { error: 'transfer.alreadyPaid', block: 'paid' };
    case 403:
      return { error: 'identity.required', block: null };
    default:
      return { error: serverMessageId(error) ?? 'transfer.payFailed', block: null };
  }
};
