import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  couponDiscountMinor,
  couponInputViolations,
  couponRefusal,
  discountedFee,
  isCouponCode,
  normaliseCouponCode,
  parseCouponDiscount,
  type CouponDiscount,
  type CouponState,
} from '../../src/domain/coupon';
import { processingFee } from '../../src/domain/fees';

const fees = fc.integer({ min: 0, max: 2_000_000 });
const discounts: fc.Arbitrary<CouponDiscount> = fc.oneof(
  fc.integer({ min: 1, max: 10_000 }).map((basisPoints) => ({ kind: 'percent' as const, basisPoints })),
  fc.integer({ min: 1, max: 10_000_000 }).map((amountMinor) => ({ kind: 'fixed' as const, amountMinor })),
);

describe('a coupon off the fee', () => {
  it('never takes the fee below zero, never takes more than the fee, never adds to it', () => {
    fc.assert(
      fc.property(fees, discounts, (feeMinor, discount) => {
        const { discountMinor, feeMinor: after, feeBeforeDiscountMinor } = discountedFee(feeMinor, discount);
        return (
          discountMinor >= 0 &&
          discountMinor <= feeMinor &&
          after >= 0 &&
          after === feeBeforeDiscountMinor - discountMinor &&
          Number.isSafeInteger(after)
        );
      }),
    );
  });

  it('a percentage rounds down (never more than the percentage); a fixed amount is capped at the fee', () => {
    fc.assert(
      fc.property(fees, fc.integer({ min: 1, max: 10_000 }), (feeMinor, basisPoints) => {
        const off = couponDiscountMinor(feeMinor, { kind: 'percent', basisPoints });
        return off * 10_000 <= feeMinor * basisPoints && (off + 1) * 10_000 > feeMinor * basisPoints;
      }),
    );
    expect(couponDiscountMinor(1000, { kind: 'percent', basisPoints: 1000 })).toBe(100);
    expect(couponDiscountMinor(1001, { kind: 'percent', basisPoints: 5000 })).toBe(500);
    expect(couponDiscountMinor(1000, { kind: 'fixed', amountMinor: 250 })).toBe(250);
    expect(couponDiscountMinor(100, { kind: 'fixed', amountMinor: 250 })).toBe(100);
    expect(discountedFee(processingFee(100_000), null)).toEqual({
      feeBeforeDiscountMinor: 1000,
      discountMinor: 0,
      feeMinor: 1000,
    });
    expect(() => couponDiscountMinor(-1, { kind: 'fixed', amountMinor: 1 })).toThrow(RangeError);
    expect(() => couponDiscountMinor(1, { kind: 'percent', basisPoints: 10_001 })).toThrow(RangeError);
  });
});

describe('whether a coupon applies', () => {
  const now = new Date('2026-11-23T12:00:00Z');
  const valid: CouponState = {
    enabled: true,
    validFrom: new Date('2026-11-01T00:00:00Z'),
    validUntil: new Date('2026-12-01T00:00:00Z'),
    maxUses: 10,
    uses: 3,
    maxUsesPerUser: 1,
    usesByUser: 0,
  };

  it('says why not, in order: unknown, switched off, not yet valid, expired, used up, used up by this user', () => {
    expect(couponRefusal(valid, now)).toBeNull();
    expect(couponRefusal(null, now)).toBe('coupon.unknown');
    expect(couponRefusal({ ...valid, enabled: false, uses: 10 }, now)).toBe('coupon.disabled');
    expect(couponRefusal({ ...valid, validFrom: new Date('2026-11-24T00:00:00Z') }, now)).toBe(
      'coupon.notYetValid',
    );
    expect(couponRefusal({ ...valid, validUntil: now }, now)).toBe('coupon.expired');
    expect(couponRefusal({ ...valid, validUntil: null }, now)).toBeNull();
    expect(couponRefusal({ ...valid, uses: 10, usesByUser: 1 }, now)).toBe('coupon.usedUp');
    expect(couponRefusal({ ...valid, maxUses: null, uses: 1000 }, now)).toBeNull();
    expect(couponRefusal({ ...valid, usesByUser: 1 }, now)).toBe('coupon.usedUpByYou');
    expect(couponRefusal({ ...valid, maxUsesPerUser: null, usesByUser: 9 }, now)).toBeNull();
  });

  it('the input: nothing to check when off; a code required, of a coupon shape, when on', () => {
    expect(couponInputViolations(false, '')).toEqual([]);
    expect(couponInputViolations(true, '  ')).toEqual([
      { field: 'couponCode', messageId: 'coupon.codeRequired' },
    ]);
    expect(couponInputViolations(true, 'a!')).toEqual([{ field: 'couponCode', messageId: 'coupon.unknown' }]);
    expect(couponInputViolations(true, ' save10 ')).toEqual([]);
    expect(normaliseCouponCode(' save10 ')).toBe('SAVE10');
    expect(isCouponCode('AB')).toBe(false);
    expect(isCouponCode('A'.repeat(33))).toBe(false);
  });

  it("reads the admin command's discounts", () => {
    expect(parseCouponDiscount('10%')).toEqual({ kind: 'percent', basisPoints: 1000 });
    expect(parseCouponDiscount('12.5%')).toEqual({ kind: 'percent', basisPoints: 1250 });
    expect(parseCouponDiscount('100%')).toEqual({ kind: 'percent', basisPoints: 10_000 });
    expect(parseCouponDiscount('2.50')).toEqual({ kind: 'fixed', amountMinor: 250 });
    expect(parseCouponDiscount('5')).toEqual({ kind: 'fixed', amountMinor: 500 });
    for (const bad of ['0%', '101%', '0', 'ten', '-5', '1.234', ''])
      expect(parseCouponDiscount(bad), bad).toBeNull();
  });
});
