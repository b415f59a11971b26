import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import {
  couponRefusal,
  normaliseCouponCode,
  type CouponDiscount,
  type CouponRefusal,
  type CouponState,
} from '../../../domain/coupon';
import type { Queryable } from '../../db/client';
import { queryRows } from '../../db/sql';
import { couponRedemptions, coupons } from '../../db/schema';

/*
 * Coupons: read for a quote (InitiateTransfer, CheckCoupon) and checked again before a card or MoMo payment; the
 * use itself is counted by the database (migration 0010's trigger) in the statement that pays the cart. Managed
 * with `npm run coupons` (scripts/coupons.ts).
 */

export interface Coupon {
  id: number;
  code: string;
  discount: CouponDiscount;
  state: CouponState;
}

type CouponRow = typeof coupons.$inferSelect;

const discountOf = (row: CouponRow): CouponDiscount =>
  row.discountKind === 'percent'
    ? { kind: 'percent', basisPoints: row.percentBasisPoints ?? 0 }
    : { kind: 'fixed', amountMinor: Number(row.amountMinor ?? 0) };

const couponOf = (row: CouponRow, usesByUser: number): Coupon => ({
  id: row.id,
  code: row.code,
  discount: discountOf(row),
  state: {
    enabled: row.enabled,
    validFrom: row.validFrom,
    validUntil: row.validUntil,
    maxUses: row.maxUses,
    uses: row.uses,
    maxUsesPerUser: row.maxUsesPerUser,
    usesByUser,
  },
});

const usesBy = async (db: Queryable, couponId: number, userId: number): Promise<number> => {
  const [row] = await db
    .select({ uses: count() })
    .from(couponRedemptions)
    .where(
      and(
        eq(couponRedemptions.couponId, couponId),
        eq(couponRedemptions.userId, userId),
        isNull(couponRedemptions.releasedAt),
      ),
    );
  return Number(row?.uses ?? 0);
};

/** The coupon of a code (any case, spaces trimmed) with this user's standing uses; null when there is none. */
export const couponByCode = async (db: Queryable, code: string, userId: number): Promise<Coupon | null> => {
  const [row] = await db
    .select()
    .from(coupons)
    .where(eq(coupons.code, normaliseCouponCode(code)));
  return row ? couponOf(row, await usesBy(db, row.id, userId)) : null;
};

export const couponById = async (db: Queryable, id: number, userId: number): Promise<Coupon | null> => {
  const [row] = await db.select().from(coupons).where(eq(coupons.id, id));
  return row ? couponOf(row, await usesBy(db, row.id, userId)) : null;
};

/** Why the coupon cannot be used now (domain/coupon.ts), by the database's clock as the trigger uses it. */
export const refusalNow = async (db: Queryable, coupon: Coupon | null): Promise<CouponRefusal | null> => {
  const [row] = await queryRows<{ now: Date | string }>(db, sql`select now() as now`);
  return couponRefusal(coupon?.state ?? null, row ? new Date(row.now) : new Date());
};

/** SQLSTATE of the trigger's refusal: its message is the CouponRefusal. */
const COUPON_REFUSED = 'WC001';
const REFUSALS: readonly string[] = [
  'coupon.unknown',
  'coupon.disabled',
  'coupon.notYetValid',
  'coupon.expired',
  'coupon.usedUp',
  'coupon.usedUpByYou',
] satisfies CouponRefusal[];

/** The trigger's refusal inside a driver's (or drizzle's wrapped) error, or null for any other error. */
export const couponRefusalOf = (error: unknown): CouponRefusal | null => {
  for (let current: unknown = error, depth = 0; current && depth < 4; depth += 1) {
    const candidate = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (candidate.code === COUPON_REFUSED && typeof candidate.message === 'string') {
      return REFUSALS.includes(candidate.message) ? (candidate.message as CouponRefusal) : 'coupon.usedUp';
    }
    current = candidate.cause;
  }
  return null;
};

/* The admin command's side (scripts/coupons.ts). */

export interface NewCoupon {
  code: string;
  discount: CouponDiscount;
  validFrom?: Date;
  validUntil: Date | null;
  maxUses: number | null;
  maxUsesPerUser: number | null;
}

export const createCoupon = async (db: Queryable, coupon: NewCoupon): Promise<CouponRow> => {
  const [row] = await db
    .insert(coupons)
    .values({
      code: normaliseCouponCode(coupon.code),
      discountKind: coupon.discount.kind,
      percentBasisPoints: coupon.discount.kind === 'percent' ? coupon.discount.basisPoints : null,
      amountMinor: coupon.discount.kind === 'fixed' ? coupon.discount.amountMinor : null,
      ...(coupon.validFrom ? { validFrom: coupon.validFrom } : {}),
      validUntil: coupon.validUntil,
      maxUses: coupon.maxUses,
      maxUsesPerUser: coupon.maxUsesPerUser,
    })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
};

export const listCoupons = async (db: Queryable): Promise<CouponRow[]> =>
  db.select().from(coupons).orderBy(asc(coupons.code));

/** Switches a coupon off (or on again); false when there is no such code. */
export const setCouponEnabled = async (db: Queryable, code: string, enabled: boolean): Promise<boolean> => {
  const rows = await db
    .update(coupons)
    .set({ enabled })
    .where(eq(coupons.code, normaliseCouponCode(code)))
    .returning({ id: coupons.id });
  return rows.length > 0;
};
