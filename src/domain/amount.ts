import { parseDecimalAmount, type MinorUnits } from './money';

/** The most one wallet operation may move: GH₵ 100,000 ('Amount Exceeds Transaction limit.'). */
export const WALLET_OPERATION_LIMIT_MINOR: MinorUnits = 10_000_000;

/** What an amount input holds, as minor units; null when empty or not a decimal with at most two places. */
export const amountInputToMinor = (typed: string): MinorUnits | null =>
  typed.trim() === '' ? null : parseDecimalAmount(typed);

/** Amount inputs keep digits and one decimal point with at most two decimals. */
export const amountInput = (typed: string): string => {
  const cleaned = typed.replace(/[^\d.]/g, '');
  const [whole = '', ...rest] = cleaned.split('.');
  return rest.length === 0 ? whole : `${whole}.${rest.join('').slice(0, 2)}`;
};

/** Whole-cedi amount inputs (the card form): digits only, no leading zeros. */
export const wholeAmountInput = (typed: string): string => typed.replace(/\D+/g, '').replace(/^0+(?=\d)/, '');
