/** Bank account numbers: 10 to 15 digits. */
export const BANK_ACCOUNT_MIN_DIGITS = 10;
export const BANK_ACCOUNT_MAX_DIGITS = 15;

/** The spec's prefilled bank routing number and account type for bank top-ups and withdrawals. */
export const DEFAULT_BANK_ROUTING_NUMBER = '1';
export const DEFAULT_ACCOUNT_TYPE_ID = 1;

/** Bank account inputs keep what is typed, trimmed; the rules say what is wrong with it. */
export const bankAccountInput = (typed: string): string => typed.trim();

/** Digits only, BANK_ACCOUNT_MIN_DIGITS to BANK_ACCOUNT_MAX_DIGITS of them. */
export const isBankAccountNumber = (value: string): boolean =>
  new RegExp(`^\\d{${BANK_ACCOUNT_MIN_DIGITS},${BANK_ACCOUNT_MAX_DIGITS}}$`).test(value);
