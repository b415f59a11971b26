import type { MinorUnits } from './money';

/** Withdrawals and top-ups pay no processing fee (spec section 9 charges only transfers and betting). */
export const NO_PROCESSING_FEE: MinorUnits = 0;

/** Transfers and betting pay a processing fee of 1% of the amount (spec section 9). */
export const PROCESSING_FEE_BASIS_POINTS = 100n;
const BASIS_POINTS_IN_WHOLE = 10_000n;

/**
 * The fee in pesewas, rounded half up to the nearest pesewa (GH₵ 10.50 pays 10.5 pesewas -> 11). Integer
 * arithmetic only, so fee + amount always equals the total charged, to the pesewa.
 */
export const processingFee = (amountMinor: MinorUnits): MinorUnits => {
  if (!Number.isSafeInteger(amountMinor) || amountMinor < 0)
    throw new RangeError(`not an amount: ${amountMinor}`);
  const scaled = BigInt(amountMinor) * PROCESSING_FEE_BASIS_POINTS;
  return Number((scaled + BASIS_POINTS_IN_WHOLE / 2n) / BASIS_POINTS_IN_WHOLE);
};

export interface FeeTotals {
  /** The amount itself (sent, or paid into a betting account). */
  sendMinor: MinorUnits;
  feeMinor: MinorUnits;
  /** sendMinor + feeMinor, exactly. */
  totalMinor: MinorUnits;
}

/** The fee (1%) and the total to pay for an amount: transfers and bets alike. */
export const feeTotals = (sendMinor: MinorUnits): FeeTotals => {
  const feeMinor = processingFee(sendMinor);
  return { sendMinor, feeMinor, totalMinor: sendMinor + feeMinor };
};

export interface WalletPaymentCheck {
  /** The balance before the payment: every 'after' figure is derived from it, once. */
  beforeMinor: MinorUnits;
  feeMinor: MinorUnits;
  totalMinor: MinorUnits;
  /** The balance once paid; negative when the wallet does not cover the total. */
  afterMinor: MinorUnits;
  enough: boolean;
}

/**
 * The wallet payment card: amount plus the fee against the balance; the fee is the 1% processing fee unless the
 * payment charges another (a gem pack charges none).
 */
export const walletPaymentCheck = (
  balanceMinor: MinorUnits,
  amountMinor: MinorUnits,
  feeMinor: MinorUnits = processingFee(amountMinor),
): WalletPaymentCheck => {
  const totalMinor = amountMinor + feeMinor;
  const afterMinor = balanceMinor - totalMinor;
  return { beforeMinor: balanceMinor, feeMinor, totalMinor, afterMinor, enough: afterMinor >= 0 };
};

/**
 * The same figures once the payment's answer has brought the debited balance (a payout still followed): the balance
 * before is that balance plus the total, so 'after' is the debited balance and the total is never taken twice.
 */
export const debitedPaymentCheck = (
  debitedMinor: MinorUnits,
  amountMinor: MinorUnits,
  feeMinor: MinorUnits = processingFee(amountMinor),
): WalletPaymentCheck => walletPaymentCheck(debitedMinor + amountMinor + feeMinor, amountMinor, feeMinor);

/**
 * A top-up's figures for the same review: what the payer's card, bank or MoMo pays (amount + fee; top-ups carry no
 * fee today) and the wallet's balance once the amount is in.
 */
export const walletCreditCheck = (
  balanceMinor: MinorUnits,
  amountMinor: MinorUnits,
  feeMinor: MinorUnits = 0,
): WalletPaymentCheck => ({
  beforeMinor: balanceMinor,
  feeMinor,
  totalMinor: amountMinor + feeMinor,
  afterMinor: balanceMinor + amountMinor,
  enough: true,
});
