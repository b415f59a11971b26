import { WALLET_OPERATION_LIMIT_MINOR } from './amount';
import { BANK_ACCOUNT_MAX_DIGITS, BANK_ACCOUNT_MIN_DIGITS } from './bank-account';
import type { MinorUnits } from './money';
import { isMomoNumber, isMomoProvider } from './momo';
import type { RuleViolation } from './rule';

// The server's wallet routes read the MoMo networks from here.
export { isMomoProvider };

/** Bank account inputs keep what is typed; the rules below say what is wrong with it. */
export interface BankTopUpInput {
  amountMinor: MinorUnits | null;
  bankAccountNumber: string;
  bankId: number;
  accountTypeId: number;
}

export type BankTopUpField = 'form' | 'bankAccountNumber' | 'amount';

/**
 * Bank top-up rules of spec section 5, in its order: account characters, required fields, account length (the
 * spec's two spellings: 'Please Enter...' too short, its variant 'Please enter...' too long).
 */
export const bankTopUpViolations = (input: BankTopUpInput): RuleViolation<BankTopUpField>[] => {
  const violations: RuleViolation<BankTopUpField>[] = [];
  const account = input.bankAccountNumber;
  if (!/^\d*$/.test(account)) {
    violations.push({ field: 'bankAccountNumber', messageId: 'bankTopUp.accountCharacters' });
  }
  const missing =
    input.amountMinor === null || account === '' || !(input.bankId > 0) || !(input.accountTypeId > 0);
  if (missing) violations.push({ field: 'form', messageId: 'bankTopUp.required' });
  if (account !== '' && /^\d*$/.test(account)) {
    if (account.length < BANK_ACCOUNT_MIN_DIGITS)
      violations.push({ field: 'bankAccountNumber', messageId: 'bankTopUp.accountLength' });
    else if (account.length > BANK_ACCOUNT_MAX_DIGITS)
      violations.push({ field: 'bankAccountNumber', messageId: 'bankTopUp.accountTooLong' });
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
  if (!isMomoNumber(input.phone)) violations.push({ field: 'phone', messageId: 'momoTopUp.phone' });
  if (!isMomoProvider(input.provider))
    violations.push({ field: 'provider', messageId: 'momoTopUp.providerUnknown' });
  return violations;
};

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
