/**
 * The transfer form (page 1 of /SendMoney; the Amount step of /CrossBorderPayment next): its fields, what each
 * input keeps of what is typed (spec section 5, send amount input), the transfer-submit rules of section 5 in their
 * order, the summary figures (amount, 1% fee, total, receive amount, rate), the InitiateTransfer request, and what
 * a failed InitiateTransfer or PayNow means.
 */
import { amountInput, amountInputToMinor } from '../domain/amount';
import { convertMinor, crossRate } from '../domain/fx';
import type { DomainMessageId } from '../domain/messages';
import { minorToDecimalString, WALLET_CURRENCY, type MinorUnits } from '../domain/money';
import type { RuleViolation } from '../domain/rule';
import {
  OTHER_PURPOSE_ID,
  sendAmountInput,
  transferSubmitViolations,
  transferTotals,
  type TransferField,
} from '../domain/transfer';
import type { Beneficiary, BeneficiaryType } from '../contract/beneficiary';
import type { TransactionPurpose } from '../contract/reference';
import type { ExchangeRate, TransferQuoteInPesewas, TransferRequestInPesewas } from '../contract/transfer';
import { failureStatus, serverMessageId } from './failure-messages';
import { formRules, selectedId } from './shared/form-rules';

export interface TransferForm {
  /** GHS as typed, the send amount input rule applied ('' when cleared). */
  sendAmount: string;
  /** The currency the beneficiary receives (GHS: a local transfer). */
  currency: string;
  beneficiaryId: number;
  transactionPurposeId: number;
  /** The notes that purpose 4 ('Other') reveals. */
  payeeNote: string;
}

export type TransferFormField = keyof TransferForm;
/** The rules' fields, and the currency the server may refuse. */
export type TransferViolationField = TransferField | 'currency';

export const TRANSFER_FORM_FIELDS: readonly TransferFormField[] = [
  'sendAmount',
  'currency',
  'beneficiaryId',
  'transactionPurposeId',
  'payeeNote',
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
  /** The payment method the presentation pays with (1: the wallet). */
  paymentMethodId: number;
}

interface TransferFormState {
  violations: RuleViolation<TransferViolationField>[];
  showViolations: boolean;
  error: DomainMessageId | null;
}

export const emptyTransferForm = (currency: string = WALLET_CURRENCY): TransferForm => ({
  sendAmount: '',
  currency,
  beneficiaryId: 0,
  transactionPurposeId: 0,
  payeeNote: '',
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

/** The delivery method the beneficiary's kind calls for; 0 while none is chosen. */
export const deliveryMethodOf = (context: Pick<TransferFormContext, 'form' | 'beneficiaries'>): number => {
  const beneficiary = selectedBeneficiary(context);
  return beneficiary ? DELIVERY_METHOD_BY_TYPE[beneficiary.type] : 0;
};

/** Whether the notes textarea shows (purpose 4, 'Other'). */
export const showsPayeeNote = (form: TransferForm): boolean => form.transactionPurposeId === OTHER_PURPOSE_ID;

/** The summary panel's figures: amount, fee, total (GHS), what the beneficiary receives and the rate used. */
export interface TransferSummary {
  sendMinor: MinorUnits;
  feeMinor: MinorUnits;
  /** sendMinor + feeMinor, exactly. */
  totalMinor: MinorUnits;
  /** Minor units of `currency`. */
  receiveMinor: MinorUnits;
  currency: string;
  /** Units of `currency` for one GHS ('1' for a local transfer). */
  rate: string;
}

/** The figures of what the form says now (before a quote): 0 while the amount is not one. */
export const formSummary = (context: Pick<TransferFormContext, 'form' | 'rates'>): TransferSummary => {
  const typed = amountInputToMinor(context.form.sendAmount);
  const sendMinor = typed !== null && typed > 0 ? typed : 0;
  const { feeMinor, totalMinor } = transferTotals(sendMinor);
  const rate = rateOf(context.rates, context.form.currency);
  return {
    sendMinor,
    feeMinor,
    totalMinor,
    receiveMinor: convertMinor(sendMinor, WALLET_RATE, rate),
    currency: context.form.currency,
    rate: crossRate(WALLET_RATE, rate),
  };
};

/** The figures of a quote: what the server locked. */
export const quoteSummary = (quote: TransferQuoteInPesewas): TransferSummary => ({
  sendMinor: quote.sendAmount,
  feeMinor: quote.processingFee,
  totalMinor: quote.totalPay,
  receiveMinor: quote.receiveAmount,
  currency: quote.currency,
  rate: quote.rate,
});

/** The rules of spec section 5 on the form, in their order (the screen shows the first). */
export const transferViolations = (context: TransferFormContext): RuleViolation<TransferViolationField>[] =>
  transferSubmitViolations({
    transactionPurposeId: context.form.transactionPurposeId,
    beneficiaryId: context.form.beneficiaryId,
    sendAmountMinor: amountInputToMinor(context.form.sendAmount),
    receiveCurrency: context.form.currency,
    paymentMethodId: context.paymentMethodId,
    deliveryMethodId: deliveryMethodOf(context),
    hasIdentification: context.hasIdentification,
  });

const VIOLATION_FIELDS: readonly string[] = [
  'transactionPurposeId',
  'beneficiaryId',
  'sendAmount',
  'paymentMethodId',
  'deliveryMethodId',
  'identification',
  'currency',
];

const changeOf = (context: TransferFormContext, field: TransferFormField, value: string): TransferForm => {
  const { form } = context;
  switch (field) {
    case 'sendAmount':
      return { ...form, sendAmount: sendAmountTyped(value) };
    case 'currency':
      return currencyOptions(context.rates).some((rate) => rate.code === value)
        ? { ...form, currency: value }
        : form;
    case 'beneficiaryId': {
      const id = selectedId(value);
      return { ...form, beneficiaryId: context.beneficiaries.some((b) => b.id === id) ? id : 0 };
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
    TRANSFER_FORM_FIELDS.includes(field as TransferFormField) &&
    (field !== 'payeeNote' || showsPayeeNote(context.form)),
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
  const beneficiary = selectedBeneficiary(context);
  return {
    sendAmount: summary.sendMinor,
    receiveAmount: summary.receiveMinor,
    currency: context.form.currency,
    sendingCountryId: context.sendingCountryId,
    receivingCountryId: beneficiary?.countryId ?? DEFAULT_COUNTRY_ID,
    paymentMethodId: context.paymentMethodId,
    beneficiaryId: context.form.beneficiaryId,
    deliveryMethodId: deliveryMethodOf(context),
    transactionPurposeId: context.form.transactionPurposeId,
    processingFee: summary.feeMinor,
    totalPay: summary.totalMinor,
    payeeNote: showsPayeeNote(context.form) ? context.form.payeeNote.trim() : '',
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
