/**
 * The withdrawal forms (bank, MoMo): their fields, what each input keeps of what is typed, the rules of the
 * gateway shown against the available balance (src/domain, the server's own), the call a valid form makes and
 * the messages of failed calls.
 */
import { amountInput, amountInputToMinor } from '../domain/amount';
import {
  bankAccountInput,
  DEFAULT_ACCOUNT_TYPE_ID,
  DEFAULT_BANK_ROUTING_NUMBER,
} from '../domain/bank-account';
import type { DomainMessageId } from '../domain/messages';
import type { MinorUnits } from '../domain/money';
import { DEFAULT_MOMO_PROVIDER, momoPhoneInput } from '../domain/momo';
import type { RuleViolation } from '../domain/rule';
import {
  bankWithdrawalViolations,
  momoWithdrawalViolations,
  type WithdrawalField,
} from '../domain/withdrawal';
import type { PaymentInPesewas, WithdrawalRequest } from '../contract/wallet';
import { failureStatus, serverMessageId } from './failure-messages';
import { changeField, formRules, selectedId, type FieldFilters } from './shared/form-rules';

export type WithdrawalGateway = 'bank' | 'momo';

export interface BankWithdrawalForm {
  amount: string;
  bankAccountNumber: string;
  bankId: number;
}

export interface MomoWithdrawalForm {
  amount: string;
  momoMobileNumber: string;
}

export type WithdrawalFormField = keyof BankWithdrawalForm | keyof MomoWithdrawalForm;

export const BANK_WITHDRAWAL_FIELDS: readonly WithdrawalFormField[] = [
  'amount',
  'bankAccountNumber',
  'bankId',
];
export const MOMO_WITHDRAWAL_FIELDS: readonly WithdrawalFormField[] = ['amount', 'momoMobileNumber'];

/** The forms as the withdrawal machine holds them, with what may be withdrawn. */
export interface WithdrawalForms {
  gateway: WithdrawalGateway | null;
  bank: BankWithdrawalForm;
  momo: MomoWithdrawalForm;
  /** What may be withdrawn, in pesewas. */
  availableMinor: MinorUnits;
}

interface WithdrawalFormState {
  violations: RuleViolation<WithdrawalField>[];
  showViolations: boolean;
  error: DomainMessageId | null;
}

export const emptyBankWithdrawalForm = (): BankWithdrawalForm => ({
  amount: '',
  bankAccountNumber: '',
  bankId: 0,
});
export const emptyMomoWithdrawalForm = (): MomoWithdrawalForm => ({ amount: '', momoMobileNumber: '' });

/** What each input keeps of what is typed. */
const bankFilters: FieldFilters<BankWithdrawalForm> = {
  amount: amountInput,
  bankAccountNumber: bankAccountInput,
  bankId: selectedId,
};
const momoFilters: FieldFilters<MomoWithdrawalForm> = {
  amount: amountInput,
  momoMobileNumber: momoPhoneInput,
};

/** The gateway's rules on its form against the available balance, in the spec's order. */
export const withdrawalViolations = (context: WithdrawalForms): RuleViolation<WithdrawalField>[] => {
  switch (context.gateway) {
    case 'bank':
      return bankWithdrawalViolations(
        {
          amountMinor: amountInputToMinor(context.bank.amount),
          bankAccountNumber: context.bank.bankAccountNumber,
          bankId: context.bank.bankId,
        },
        context.availableMinor,
      );
    case 'momo':
      return momoWithdrawalViolations(
        {
          amountMinor: amountInputToMinor(context.momo.amount),
          momoMobileNumber: context.momo.momoMobileNumber,
        },
        context.availableMinor,
      );
    default:
      return [];
  }
};

const isWithdrawalField = (field: string): field is WithdrawalField =>
  ['form', 'amount', 'bankAccountNumber', 'momoMobileNumber'].includes(field);

const fieldsOf = (gateway: WithdrawalGateway | null): readonly WithdrawalFormField[] =>
  gateway === 'bank' ? BANK_WITHDRAWAL_FIELDS : gateway === 'momo' ? MOMO_WITHDRAWAL_FIELDS : [];

/** The withdrawal forms' rules for the machine (src/machines/shared/form-rules.ts). */
export const withdrawalFormRules = formRules({
  hasField: (context: WithdrawalForms & WithdrawalFormState, field: string) =>
    fieldsOf(context.gateway).includes(field as WithdrawalFormField),
  change: (context: WithdrawalForms & WithdrawalFormState, field: WithdrawalFormField, value: string) =>
    context.gateway === 'bank'
      ? { bank: changeField(context.bank, bankFilters, field, value) }
      : { momo: changeField(context.momo, momoFilters, field, value) },
  violations: withdrawalViolations,
  fieldOf: (field) => (isWithdrawalField(field) ? field : null),
});

/** The withdrawal call: its body in pesewas (the service adds the user's id) and the Idempotency-Key header. */
export interface WithdrawalCall {
  request: PaymentInPesewas<WithdrawalRequest>;
  idempotencyKey: string;
}

/** The call for the current (valid) form: the other gateway's fields keep the API's defaults. */
export const withdrawalCallOf = (context: WithdrawalForms, idempotencyKey: string): WithdrawalCall => {
  const momo = context.gateway === 'momo';
  const typed = momo ? context.momo.amount : context.bank.amount;
  const common = {
    amount: amountInputToMinor(typed) ?? 0,
    bankRoutingNumber: DEFAULT_BANK_ROUTING_NUMBER,
    accountTypeId: DEFAULT_ACCOUNT_TYPE_ID,
    provider: DEFAULT_MOMO_PROVIDER,
  };
  return {
    idempotencyKey,
    request: momo
      ? { ...common, isMOMOWithdrawal: true, momoMobileNumber: context.momo.momoMobileNumber }
      : {
          ...common,
          isMOMOWithdrawal: false,
          bankAccountNumber: context.bank.bankAccountNumber,
          bankId: context.bank.bankId,
        },
  };
};

/**
 * The Error dialog's message for a failed withdrawal call (400 violations are handled apart): no answer 'Failed
 * to process withdrawal.'; 403 'Please validate your identity...'; else the server's message ('Insufficient
 * funds', ...) or 'Error processing withdrawal.'.
 */
export const withdrawalFailureMessage = (error: unknown): DomainMessageId => {
  const status = failureStatus(error);
  if (status === null) return 'withdrawal.requestFailed';
  if (status === 403) return 'identity.required';
  return serverMessageId(error) ?? 'withdrawal.failed';
};
