import { z } from 'zod';
import { API_AMOUNT_MAX, storableText } from './db-input';
import { COUPON_CODE_MAX_LENGTH } from '../domain/coupon';
import type { MinorUnits } from '../domain/money';
import { apiAmountSchema, envelopeResponses } from './envelope';

/*
 * Cross-border payment (/CrossBorderPayment), beside the transfer engine of contract/transfer.ts: the method lists
 * filtered for the converter screen, and the coupon check that shows the discounted fee before the quote is taken.
 */

const booleanQuery = z.enum(['true', 'false']).transform((value) => value === 'true');

/**
 * GET api/Transaction/GetPaymentMethods and GetDeliveryMethods: only enabled methods are served (spec section 7
 * keeps only those); `crossBorder=true` (new) keeps only the cross-border ones (isCrossBoarder), as the converter
 * screen offers them. Without it, every enabled method.
 */
export const methodListQuerySchema = z.object({ crossBorder: booleanQuery.optional() });
export type MethodListQuery = z.input<typeof methodListQuerySchema>;

/**
 * GET api/Transaction/CheckCoupon (new): what a coupon takes off the fee of a transfer of `sendAmount` (GHS), for
 * the summary beside step 1, before the quote. 400 with the coupon's message (field `couponCode`) when it does
 * not apply: unknown, not yet valid, expired, used up (in total or by this user), switched off. The quote applies
 * it again (InitiateTransfer's couponCode), and the payment checks it once more and counts it.
 */
export const couponCheckQuerySchema = z.object({
  couponCode: storableText(z.string().trim().min(1).max(COUPON_CODE_MAX_LENGTH)),
  sendAmount: z.coerce.number().finite().positive().max(API_AMOUNT_MAX),
});
export type CouponCheckQuery = z.input<typeof couponCheckQuerySchema>;

export const couponCheckSchema = z.object({
  /** Normalised (upper case). */
  couponCode: z.string(),
  /** The 1% fee of domain/fees.ts, before the coupon. */
  feeBeforeDiscount: apiAmountSchema,
  couponDiscount: apiAmountSchema,
  /** The fee to pay: feeBeforeDiscount - couponDiscount, never below 0. */
  processingFee: apiAmountSchema,
  totalPay: apiAmountSchema,
});
export type CouponCheck = z.infer<typeof couponCheckSchema>;
export const couponCheckResponses = envelopeResponses(200, couponCheckSchema);

/** The coupon check as the browser holds it: amounts in pesewas. */
export type CouponCheckInPesewas = Omit<
  CouponCheck,
  'feeBeforeDiscount' | 'couponDiscount' | 'processingFee' | 'totalPay'
> & {
  feeBeforeDiscount: MinorUnits;
  couponDiscount: MinorUnits;
  processingFee: MinorUnits;
  totalPay: MinorUnits;
};
