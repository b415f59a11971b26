import type { MinorUnits } from './money';
import type { RuleViolation } from './rule';
import { isBankAccountNumber } from './bank-account';
import { isMomoNumber } from './momo';
import { amountViolations } from './top-up';

export interface BankWithdrawalInput {
  amountMinor: MinorUnits | null;
  bankAccountNumber: string;
  bankId: number;
}

export interface MomoWithdrawalInput {
  amountMinor: MinorUnits | null;
  momoMobileNumber: string;
}

export type WithdrawalField = 'form' | 'amount' | 'bankAccountNumber' | 'momoMobileNumber';

/**
 * Bank withdrawal rules of spec section 5, in its order: required fields, account number (digits, 10 to 15),
 * amount (positive, within the limit, not above the available balance).
 */
export const bankWithdrawalViolations = (
  input: BankWithdrawalInput,
  availableMinor: MinorUnits,
): RuleViolation<WithdrawalField>[] => {
  const violations: RuleViolation<WithdrawalField>[] = [];
  const account = input.bankAccountNumber;
  if (input.amountMinor === null || account === '' || !(input.bankId > 0)) {
    violations.push({ field: 'form', messageId: 'withdrawal.required' });
  }
  if (account !== '' && !isBankAccountNumber(account)) {
    violations.push({ field: 'bankAccountNumber', messageId: 'withdrawal.account' });
  }
  violations.push(...withdrawalAmountViolations(input.amountMinor, availableMinor));
  return violations;
};

/** MoMo withdrawal rules of spec section 5, in its order: required fields, amount, number of at least 9 digits. */
export const momoWithdrawalViolations = (
  input: MomoWithdrawalInput,
  availableMinor: MinorUnits,
): RuleViolation<WithdrawalField>[] => {
  const violations: RuleViolation<WithdrawalField>[] = [];
  const phone = input.momoMobileNumber;
  if (input.amountMinor === null || phone === '')
    violations.push({ field: 'form', messageId: 'withdrawal.required' });
  violations.push(...withdrawalAmountViolations(input.amountMinor, availableMinor));
  if (phone !== '' && !isMomoNumber(phone)) {
    violations.push({ field: 'momoMobileNumber', messageId: 'withdrawal.phone' });
  }
  return violations;
};

const withdrawalAmountViolations = (
  amountMinor: MinorUnits | null,
  availableMinor: MinorUnits,
): RuleViolation<WithdrawalField>[] => {
  const basic = amountViolations(amountMinor, 'withdrawal.amount');
  if (basic.length > 0 || amountMinor === null) return basic;
  return amountMinor > availableMinor ? [{ field: 'amount', messageId: 'withdrawal.insufficientFunds' }] : [];
};
