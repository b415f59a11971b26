import { parseDecimalAmount, type MinorUnits } from './money';
import type { RuleViolation } from './rule';

/*
 * Discount coupons: a code that takes a percentage or a fixed amount off a transfer's processing fee (never off
 * the amount sent), within a validity window and use limits. The browser checks the shape of what is typed; the
 * server applies the coupon to the quote and counts it, once, when the transfer is paid.
 */

export const COUPON_CODE_MAX_LENGTH = 32;
/** Letters, digits, '-' and '_', 3 to 32 characters once trimmed and upper-cased. */
const COUPON_CODE = /^[A-Z0-9][A-Z0-9_-]{2,31}$/;

/** Codes are matched ignoring case and surrounding spaces: ' save10 ' is SAVE10. */
export const normaliseCouponCode = (typed: string): string => typed.trim().toUpperCase();

export const isCouponCode = (typed: string): boolean => COUPON_CODE.test(normaliseCouponCode(typed));

/** Percentages in basis points (10% = 1000), so 12.5% is exact. */
export const BASIS_POINTS_IN_WHOLE = 10_000;

export type CouponDiscount =
  { kind: 'percent'; basisPoints: number } | { kind: 'fixed'; amountMinor: MinorUnits };

const isDiscount = (discount: CouponDiscount): boolean =>
  discount.kind === 'percent'
    ? Number.isSafeInteger(discount.basisPoints) &&
      discount.basisPoints > 0 &&
      discount.basisPoints <= BASIS_POINTS_IN_WHOLE
    : Number.isSafeInteger(discount.amountMinor) && discount.amountMinor > 0;

/**
 * What a coupon takes off a fee, in pesewas: a percentage rounded down to the pesewa, or the fixed amount; never
 * more than the fee (the fee never goes below zero) and never negative.
 */
export const couponDiscountMinor = (feeMinor: MinorUnits, discount: CouponDiscount): MinorUnits => {
  if (!Number.isSafeInteger(feeMinor) || feeMinor < 0) throw new RangeError(`not a fee: ${feeMinor}`);
  if (!isDiscount(discount)) throw new RangeError(`not a discount: ${JSON.stringify(discount)}`);
  const off =
    discount.kind === 'percent'
      ? Number((BigInt(feeMinor) * BigInt(discount.basisPoints)) / BigInt(BASIS_POINTS_IN_WHOLE))
      : discount.amountMinor;
  return Math.min(feeMinor, Math.max(0, off));
};

export interface DiscountedFee {
  feeBeforeDiscountMinor: MinorUnits;
  discountMinor: MinorUnits;
  /** feeBeforeDiscountMinor - discountMinor: 0 at least. */
  feeMinor: MinorUnits;
}

export const discountedFee = (feeMinor: MinorUnits, discount: CouponDiscount | null): DiscountedFee => {
  const discountMinor = discount === null ? 0 : couponDiscountMinor(feeMinor, discount);
  return { feeBeforeDiscountMinor: feeMinor, discountMinor, feeMinor: feeMinor - discountMinor };
};

/** A coupon as the rules need it: what it is, and how often it was used (by everyone, by this user). */
export interface CouponState {
  enabled: boolean;
  validFrom: Date;
  /** Exclusive; null: no end. */
  validUntil: Date | null;
  /** null: no limit. */
  maxUses: number | null;
  uses: number;
  /** null: no limit. */
  maxUsesPerUser: number | null;
  usesByUser: number;
}

export type CouponRefusal =
  | 'coupon.unknown'
  | 'coupon.disabled'
  | 'coupon.notYetValid'
  | 'coupon.expired'
  | 'coupon.usedUp'
  | 'coupon.usedUpByYou';

/**
 * Why a coupon cannot be used now, or null when it can: unknown, switched off, not yet valid, expired, used up
 * (every use taken), used up by this user. The database applies the same checks when it counts the use.
 */
export const couponRefusal = (coupon: CouponState | null, now: Date): CouponRefusal | null => {
  if (coupon === null) return 'coupon.unknown';
  if (!coupon.enabled) return 'coupon.disabled';
  if (now.getTime() < coupon.validFrom.getTime()) return 'coupon.notYetValid';
  if (coupon.validUntil !== null && now.getTime() >= coupon.validUntil.getTime()) return 'coupon.expired';
  if (coupon.maxUses !== null && coupon.uses >= coupon.maxUses) return 'coupon.usedUp';
  if (coupon.maxUsesPerUser !== null && coupon.usesByUser >= coupon.maxUsesPerUser)
    return 'coupon.usedUpByYou';
  return null;
};

/**
 * The coupon input of the converter step: off, nothing to check; on, a code is required and must have a coupon's
 * shape (the server says whether it exists and applies).
 */
export const couponInputViolations = (applyCoupon: boolean, typed: string): RuleViolation<'couponCode'>[] => {
  if (!applyCoupon) return [];
  if (typed.trim() === '') return [{ field: 'couponCode', messageId: 'coupon.codeRequired' }];
  if (!isCouponCode(typed)) return [{ field: 'couponCode', messageId: 'coupon.unknown' }];
  return [];
};

const PERCENT = /^(\d{1,3}(?:\.\d{1,2})?)%$/;
const FIXED = /^\d{1,9}(?:\.\d{1,2})?$/;

/**
 * The admin command's discount: '10%' (up to two decimals, at most 100%) or a fixed amount of cedis ('5' or
 * '2.50'); null when it is neither or is zero.
 */
export const parseCouponDiscount = (text: string): CouponDiscount | null => {
  const trimmed = text.trim();
  const percent = PERCENT.exec(trimmed);
  // A percentage with two decimals counts hundredths of a percent as an amount counts pesewas: basis points.
  const basisPoints = percent ? parseDecimalAmount(percent[1]!) : null;
  if (basisPoints !== null) {
    const discount: CouponDiscount = { kind: 'percent', basisPoints };
    return isDiscount(discount) ? discount : null;
  }
  const amountMinor = FIXED.test(trimmed) ? parseDecimalAmount(trimmed) : null;
  if (amountMinor !== null) {
    const discount: CouponDiscount = { kind: 'fixed', amountMinor };
    return isDiscount(discount) ? discount : null;
  }
  return null;
};
