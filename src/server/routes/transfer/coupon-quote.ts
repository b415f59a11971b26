import { discountedFee, isCouponCode, type DiscountedFee } from '../../../domain/coupon';
import { processingFee } from '../../../domain/fees';
import type { Queryable } from '../../db/client';
import { toViolations, violationsError } from '../../http-error';
import { couponByCode, refusalNow } from './coupons-repository';

export interface FeeWithCoupon {
  couponId: number | null;
  /** Normalised, or null without a coupon. */
  couponCode: string | null;
  fee: DiscountedFee;
}

/**
 * The processing fee of sending `sendMinor` with the coupon typed ('' for none): the 1% fee of domain/fees.ts less
 * what the coupon takes off it. A coupon that does not apply (unknown, switched off, not yet valid, expired, used
 * up, used up by this user) is a 400 with its message on `couponCode`. Nothing is counted here: the payment does.
 */
export const feeWithCoupon = async (
  db: Queryable,
  userId: number,
  couponCode: string,
  sendMinor: number,
): Promise<FeeWithCoupon> => {
  const feeMinor = processingFee(sendMinor);
  if (couponCode.trim() === '')
    return { couponId: null, couponCode: null, fee: discountedFee(feeMinor, null) };
  const coupon = isCouponCode(couponCode) ? await couponByCode(db, couponCode, userId) : null;
  const refusal = await refusalNow(db, coupon);
  if (refusal !== null || coupon === null)
    throw violationsError(toViolations([{ field: 'couponCode', messageId: refusal ?? 'coupon.unknown' }]));
  return { couponId: coupon.id, couponCode: coupon.code, fee: discountedFee(feeMinor, coupon.discount) };
};
