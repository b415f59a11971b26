import type { MinorUnits } from './money';
import type { RuleViolation } from './rule';
import { isBankAccountNumber } from './bank-account';
import { isMomoNumber } from './momo';
import { amountViolations } from './top-up';

/**
 * The smallest withdrawals: the forms' floors of spec section 2 (bank 'min 1', MoMo 'min 10'), rules on the
 * server too since issue 21 (section 5 calls the MoMo one an input attribute only; a GH₵ 0.01 payout was made).
 */
export const BANK_WITHDRAWAL_MIN_MINOR: MinorUnits = 1_00;
export const MOMO_WITHDRAWAL_MIN_MINOR: MinorUnits = 10_00;

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
 * amount (positive, at least GH₵ 1, within the limit, not above the available balance).
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
  violations.push(...withdrawalAmountViolations(input.amountMinor, availableMinor, 'bank'));
  return violations;
};

/**
 * MoMo withdrawal rules of spec section 5, in its order: required fields, amount (positive, at least GH₵ 10,
 * within the limit and the balance), number of at least 9 digits.
 */
export const momoWithdrawalViolations = (
  input: MomoWithdrawalInput,
  availableMinor: MinorUnits,
): RuleViolation<WithdrawalField>[] => {
  const violations: RuleViolation<WithdrawalField>[] = [];
  const phone = input.momoMobileNumber;
  if (input.amountMinor === null || phone === '')
    violations.push({ field: 'form', messageId: 'withdrawal.required' });
  violations.push(...withdrawalAmountViolations(input.amountMinor, availableMinor, 'momo'));
  if (phone !== '' && !isMomoNumber(phone)) {
    violations.push({ field: 'momoMobileNumber', messageId: 'withdrawal.phone' });
  }
  return violations;
};

const floors = {
  bank: { minMinor: BANK_WITHDRAWAL_MIN_MINOR, messageId: 'withdrawal.bankBelowMinimum' },
  momo: { minMinor: MOMO_WITHDRAWAL_MIN_MINOR, messageId: 'withdrawal.momoBelowMinimum' },
} as const;

const withdrawalAmountViolations = (
  amountMinor: MinorUnits | null,
  availableMinor: MinorUnits,
  gateway: keyof typeof floors,
): RuleViolation<WithdrawalField>[] => {
  const basic = amountViolations(amountMinor, 'withdrawal.amount');
  if (basic.length > 0 || amountMinor === null) return basic;
  const floor = floors[gateway];
  if (amountMinor < floor.minMinor) return [{ field: 'amount', messageId: floor.messageId }];
  return amountMinor > availableMinor ? [{ field: 'amount', messageId: 'withdrawal.insufficientFunds' }] : [];
};
