/**
 * The top-up forms (card, bank, MoMo): their fields, what each input keeps of what is typed, the rules of the
 * gateway shown (src/domain, the server's own), the server's field names, the call a valid form makes and the
 * messages of failed calls.
 */
import { amountInput, amountInputToMinor, wholeAmountInput } from '../domain/amount';
import {
  bankAccountInput,
  DEFAULT_ACCOUNT_TYPE_ID,
  DEFAULT_BANK_ROUTING_NUMBER,
} from '../domain/bank-account';
import type { IsoDate } from '../domain/calendar';
import {
  cardExpiryInput,
  cardNameInput,
  cardPaymentViolations,
  formatCardNumber,
  parseCardExpiry,
  type CardPaymentInput,
} from '../domain/card';
import type { DomainMessageId } from '../domain/messages';
import { DEFAULT_MOMO_PROVIDER, momoPhoneInput } from '../domain/momo';
import { digitsOnly, type RuleViolation } from '../domain/rule';
import {
  bankTopUpViolations,
  momoTopUpViolations,
  type BankTopUpInput,
  type MomoTopUpInput,
} from '../domain/top-up';
import type {
  CardTopUpRequest,
  BankTopUpRequest,
  MomoTopUpRequest,
  PaymentInPesewas,
} from '../contract/wallet';
import { failureStatus, serverMessageId } from './failure-messages';
import { changeField, formRules, selectedId, type FieldFilters } from './shared/form-rules';

export type TopUpGateway = 'card' | 'bank' | 'momo';

export interface CardForm {
  firstName: string;
  lastName: string;
  /** As shown: groups of four digits. */
  number: string;
  /** 'MM/YY' as typed. */
  expiry: string;
  cvc: string;
  /** Whole cedis. */
  amount: string;
}

export interface BankForm {
  amount: string;
  bankAccountNumber: string;
  bankId: number;
  accountTypeId: number;
}

export interface MomoForm {
  amount: string;
  phone: string;
  provider: string;
}

export type CardFormField = keyof CardForm;
export type BankFormField = keyof BankForm;
export type MomoFormField = keyof MomoForm;
export type TopUpField = CardFormField | BankFormField | MomoFormField;
/** Violations name the form's fields ('form' for "all fields are required"). */
export type TopUpViolationField = 'form' | TopUpField;

export const CARD_FORM_FIELDS: readonly CardFormField[] = [
  'firstName',
  'lastName',
  'number',
  'expiry',
  'cvc',
  'amount',
];
export const BANK_FORM_FIELDS: readonly BankFormField[] = [
  'amount',
  'bankAccountNumber',
  'bankId',
  'accountTypeId',
];
export const MOMO_FORM_FIELDS: readonly MomoFormField[] = ['amount', 'phone', 'provider'];

const fieldsOf = (gateway: TopUpGateway): readonly TopUpField[] =>
  gateway === 'card' ? CARD_FORM_FIELDS : gateway === 'bank' ? BANK_FORM_FIELDS : MOMO_FORM_FIELDS;

/** The forms as the top-up machine holds them. */
export interface TopUpForms {
  today: IsoDate;
  gateway: TopUpGateway | null;
  card: CardForm;
  bank: BankForm;
  momo: MomoForm;
}

export const emptyCardForm = (): CardForm => ({
  firstName: '',
  lastName: '',
  number: '',
  expiry: '',
  cvc: '',
  amount: '',
});
export const emptyBankForm = (): BankForm => ({
  amount: '',
  bankAccountNumber: '',
  bankId: 0,
  accountTypeId: DEFAULT_ACCOUNT_TYPE_ID,
});
export const emptyMomoForm = (): MomoForm => ({ amount: '', phone: '', provider: DEFAULT_MOMO_PROVIDER });

/** What each input keeps of what is typed. */
export const cardFilters: FieldFilters<CardForm> = {
  firstName: cardNameInput,
  lastName: cardNameInput,
  number: formatCardNumber,
  expiry: cardExpiryInput,
  cvc: (typed) => digitsOnly(typed).slice(0, 3),
  amount: wholeAmountInput,
};
const bankFilters: FieldFilters<BankForm> = {
  amount: amountInput,
  bankAccountNumber: bankAccountInput,
  bankId: selectedId,
  accountTypeId: selectedId,
};
export const momoFilters: FieldFilters<MomoForm> = {
  amount: amountInput,
  phone: momoPhoneInput,
  provider: (typed) => typed,
};

/** The card rules' view of the card form. */
export const cardPaymentInputOf = (form: CardForm): CardPaymentInput => ({
  firstName: form.firstName,
  lastName: form.lastName,
  cardNumber: digitsOnly(form.number),
  expiry: parseCardExpiry(form.expiry),
  cvv: form.cvc,
  amountMinor: amountInputToMinor(form.amount),
});

export const bankTopUpInputOf = (form: BankForm): BankTopUpInput => ({
  amountMinor: amountInputToMinor(form.amount),
  bankAccountNumber: form.bankAccountNumber,
  bankId: form.bankId,
  accountTypeId: form.accountTypeId,
});

export const momoTopUpInputOf = (form: MomoForm): MomoTopUpInput => ({
  amountMinor: amountInputToMinor(form.amount),
  phone: form.phone,
  provider: form.provider,
});

const utcDate = (today: IsoDate): Date => new Date(`${today}T00:00:00.000Z`);

/** The card rules name the API's fields; the form's are `number` and `cvc`. */
const cardFieldOf = (field: string): string =>
  field === 'cardNumber' ? 'number' : field === 'cvv' ? 'cvc' : field;

const isTopUpField = (field: string): field is TopUpViolationField =>
  field === 'form' ||
  [...CARD_FORM_FIELDS, ...BANK_FORM_FIELDS, ...MOMO_FORM_FIELDS].includes(field as TopUpField);

/** The gateway's rules on its form, in the spec's order, naming the form's fields. */
export const topUpViolations = (context: TopUpForms): RuleViolation<TopUpViolationField>[] => {
  switch (context.gateway) {
    case 'card':
      return cardPaymentViolations(cardPaymentInputOf(context.card), utcDate(context.today)).map(
        (violation) => ({
          field: cardFieldOf(violation.field) as TopUpViolationField,
          messageId: violation.messageId,
        }),
      );
    case 'bank':
      return bankTopUpViolations(bankTopUpInputOf(context.bank));
    case 'momo':
      return momoTopUpViolations(momoTopUpInputOf(context.momo));
    default:
      return [];
  }
};

/** The top-up forms' rules for the machine (src/machines/shared/form-rules.ts). */
export const topUpFormRules = formRules({
  hasField: (context: TopUpForms & TopUpFormState, field: string) =>
    context.gateway !== null && (fieldsOf(context.gateway) as readonly string[]).includes(field),
  change: (context: TopUpForms & TopUpFormState, field: TopUpField, value: string) => {
    switch (context.gateway) {
      case 'card':
        return { card: changeField(context.card, cardFilters, field, value) };
      case 'bank':
        return { bank: changeField(context.bank, bankFilters, field, value) };
      case 'momo':
        return { momo: changeField(context.momo, momoFilters, field, value) };
      default:
        return {};
    }
  },
  violations: topUpViolations,
  fieldOf: (field) => {
    const name = cardFieldOf(field);
    return isTopUpField(name) ? name : null;
  },
});

interface TopUpFormState {
  violations: RuleViolation<TopUpViolationField>[];
  showViolations: boolean;
  error: DomainMessageId | null;
}

/** The top-up call: which endpoint, its body in pesewas (the service adds the user's id) and the Idempotency-Key header. */
export type TopUpCall =
  | { gateway: 'card'; request: PaymentInPesewas<CardTopUpRequest>; idempotencyKey: string }
  | { gateway: 'bank'; request: PaymentInPesewas<BankTopUpRequest>; idempotencyKey: string }
  | { gateway: 'momo'; request: PaymentInPesewas<MomoTopUpRequest>; idempotencyKey: string };

/** The call for the current (valid) form. */
export const topUpCallOf = (context: TopUpForms, idempotencyKey: string): TopUpCall => {
  const amountOf = (typed: string) => amountInputToMinor(typed) ?? 0;
  switch (context.gateway) {
    case 'bank':
      return {
        gateway: 'bank',
        idempotencyKey,
        request: {
          amount: amountOf(context.bank.amount),
          bankAccountNumber: context.bank.bankAccountNumber,
          bankId: context.bank.bankId,
          bankRoutingNumber: DEFAULT_BANK_ROUTING_NUMBER,
          accountTypeId: context.bank.accountTypeId,
        },
      };
    case 'momo':
      return {
        gateway: 'momo',
        idempotencyKey,
        request: {
          amount: amountOf(context.momo.amount),
          phone: context.momo.phone,
          provider: context.momo.provider,
        },
      };
    default: {
      const expiry = parseCardExpiry(context.card.expiry);
      const valid = expiry !== null && !('messageId' in expiry) ? expiry : { month: 0, year: 0 };
      return {
        gateway: 'card',
        idempotencyKey,
        request: {
          amount: amountOf(context.card.amount),
          firstName: context.card.firstName.trim(),
          lastName: context.card.lastName.trim(),
          cardNumber: digitsOnly(context.card.number),
          cvv: context.card.cvc,
          expiryMonth: valid.month,
          expiryYear: valid.year,
        },
      };
    }
  }
};

/** Why the gateway's payment failed (the operation answered 'Failed' or a 402), when the server does not say. */
export const gatewayFailure = (gateway: TopUpGateway | null): DomainMessageId =>
  gateway === 'card' ? 'card.failed' : gateway === 'bank' ? 'topUp.bankFailed' : 'topUp.error';

/**
 * The message of a failed top-up call (400 violations are handled apart), split as the withdrawal's (spec 8): no
 * answer 'Failed to add funds' (with RETRY); 403 'Please validate your identity...'; otherwise the server's own
 * message (402 'card.declined', 'card.insufficientFunds', 'topUp.bankFailed', 409 'idempotency.conflict', ...) or,
 * for an answer without one, the card's 'Error processing payment...' or the bank and MoMo's 'Error adding funds'.
 */
export const topUpFailureMessage = (gateway: TopUpGateway | null, error: unknown): DomainMessageId => {
  const status = failureStatus(error);
  if (status === null) return 'topUp.failed';
  if (status === 403) return 'identity.required';
  if (status === 402) return serverMessageId(error) ?? gatewayFailure(gateway);
  return serverMessageId(error) ?? (gateway === 'card' ? 'card.failed' : 'topUp.error');
};
