import { WALLET_OPERATION_LIMIT_MINOR } from './amount';
import type { MinorUnits } from './money';
import { digitsOnly, type RuleViolation } from './rule';

export const BANK_ACCOUNT_MIN_DIGITS = 10;
export const BANK_ACCOUNT_MAX_DIGITS = 15;
export const MOMO_PHONE_MIN_DIGITS = 9;
export const MOMO_PHONE_MAX_DIGITS = 12;

/** Ghana's mobile money networks; the spec's default is MTN. */
export const MOMO_PROVIDERS = ['MTN', 'Telecel', 'AirtelTigo'] as const;
export type MomoProvider = (typeof MOMO_PROVIDERS)[number];
export const DEFAULT_MOMO_PROVIDER: MomoProvider = 'MTN';

/** The spec's prefilled bank routing number and account type for bank top-ups and withdrawals. */
export const DEFAULT_BANK_ROUTING_NUMBER = '1';
export const DEFAULT_ACCOUNT_TYPE_ID = 1;

/** MoMo number inputs keep digits only, at most 12. */
export const momoPhoneInput = (typed: string): string => digitsOnly(typed).slice(0, MOMO_PHONE_MAX_DIGITS);

/** Bank account inputs keep what is typed; the rules below say what is wrong with it. */
export interface BankTopUpInput {
  amountMinor: MinorUnits | null;
  bankAccountNumber: string;
  bankId: number;
  accountTypeId: number;
}

export type BankTopUpField = 'form' | 'bankAccountNumber' | 'amount';

/** Bank top-up rules of spec section 5, in its order: account characters, required fields, account length. */
export const bankTopUpViolations = (input: BankTopUpInput): RuleViolation<BankTopUpField>[] => {
  const violations: RuleViolation<BankTopUpField>[] = [];
  const account = input.bankAccountNumber;
  if (!/^\d*$/.test(account)) {
    violations.push({ field: 'bankAccountNumber', messageId: 'bankTopUp.accountCharacters' });
  }
  const missing =
    input.amountMinor === null || account === '' || !(input.bankId > 0) || !(input.accountTypeId > 0);
  if (missing) violations.push({ field: 'form', messageId: 'bankTopUp.required' });
  if (
    account !== '' &&
    /^\d*$/.test(account) &&
    !hasLengthBetween(account, BANK_ACCOUNT_MIN_DIGITS, BANK_ACCOUNT_MAX_DIGITS)
  ) {
    violations.push({ field: 'bankAccountNumber', messageId: 'bankTopUp.accountLength' });
  }
  violations.push(...amountViolations(input.amountMinor, 'momoTopUp.amount'));
  return violations;
};

export interface MomoTopUpInput {
  amountMinor: MinorUnits | null;
  phone: string;
  provider: string;
}

export type MomoTopUpField = 'amount' | 'phone' | 'provider';

/** MoMo top-up rules: a positive amount, then a phone of 9 to 12 digits, and a known network. */
export const momoTopUpViolations = (input: MomoTopUpInput): RuleViolation<MomoTopUpField>[] => {
  const violations: RuleViolation<MomoTopUpField>[] = [];
  if (input.amountMinor === null) violations.push({ field: 'amount', messageId: 'momoTopUp.amount' });
  else violations.push(...amountViolations(input.amountMinor, 'momoTopUp.amount'));
  if (
    !/^\d+$/.test(input.phone) ||
    !hasLengthBetween(input.phone, MOMO_PHONE_MIN_DIGITS, MOMO_PHONE_MAX_DIGITS)
  ) {
    violations.push({ field: 'phone', messageId: 'momoTopUp.phone' });
  }
  if (!isMomoProvider(input.provider))
    violations.push({ field: 'provider', messageId: 'momoTopUp.providerUnknown' });
  return violations;
};

export const isMomoProvider = (value: string): value is MomoProvider =>
  (MOMO_PROVIDERS as readonly string[]).includes(value);

const hasLengthBetween = (value: string, min: number, max: number): boolean =>
  value.length >= min && value.length <= max;

/** A present amount must be positive and within the operation limit. */
export const amountViolations = (
  amountMinor: MinorUnits | null,
  notPositive: 'momoTopUp.amount' | 'withdrawal.amount',
): RuleViolation<'amount'>[] => {
  if (amountMinor === null) return [];
  if (amountMinor <= 0) return [{ field: 'amount', messageId: notPositive }];
  if (amountMinor > WALLET_OPERATION_LIMIT_MINOR) return [{ field: 'amount', messageId: 'amount.limit' }];
  return [];
};
