import { sql } from 'drizzle-orm';
import type { AccountTierView } from '../../contract/tiers';
import { minorToApiAmount } from '../../domain/money';
import {
  ghanaDay,
  isAccountTier,
  limitedTierOf,
  nextTierOf,
  type AccountTier as DomainAccountTier,
  type TierLimits,
} from '../../domain/tiers';
import { appendAudit, type AuditActor } from '../audit/audit-log';
import type { Queryable } from '../db/client';
import { queryRows, toMinor } from '../db/sql';

/*
 * The user's account tier and the limits in force for it (the tier_limits table: the latest row of the tier that
 * took effect on or before the day). The limits themselves are enforced by the ledger, under the wallet lock
 * (limits.ts); this module reads and changes the tier.
 */

export type AccountTier = DomainAccountTier;

/** The user's tier as stored. */
export const tierOf = async (db: Queryable, userId: number): Promise<AccountTier> => {
  const [row] = await queryRows<{ account_tier: string }>(
    db,
    sql`select account_tier from users where id = ${userId}::int`,
  );
  if (!row || !isAccountTier(row.account_tier)) throw new Error(`user ${userId} has no known tier`);
  return row.account_tier;
};

/**
 * Sets the user's tier (only when it is `from`, if given) in the caller's transaction and appends 'tier.changed'
 * to the user's audit chain. The users row is locked first, so two changes of one user are written in order.
 */
const changeTier = async (
  db: Queryable,
  userId: number,
  tier: AccountTier,
  actor: AuditActor,
  reason: string,
  from?: AccountTier,
): Promise<void> => {
  const [row] = await queryRows<{ account_tier: string }>(
    db,
    // NO KEY UPDATE: a money move's foreign-key check (KEY SHARE) on this row never waits for a tier change.
    sql`select account_tier from users where id = ${userId}::int for no key update`,
  );
  if (!row) throw new Error(`no user ${userId}`);
  if (row.account_tier === tier || (from !== undefined && row.account_tier !== from)) return;
  await db.execute(sql`update users set account_tier = ${tier} where id = ${userId}::int`);
  await appendAudit(db, {
    actor,
    action: 'tier.changed',
    subject: `user:${userId}`,
    before: { tier: row.account_tier },
    after: { tier, reason },
  });
};

/**
 * Sets the user's tier in the caller's transaction and appends 'tier.changed' (before/after, the reason). Setting
 * the tier the user already has changes and records nothing.
 */
export const setTier = (
  db: Queryable,
  userId: number,
  tier: AccountTier,
  actor: AuditActor,
  reason: string,
): Promise<void> => changeTier(db, userId, tier, actor, reason);

/** The limits of `tier` in force on `day` (Ghana's date), or null before the first row of the table. */
export const limitsOf = async (db: Queryable, tier: AccountTier, day: string): Promise<TierLimits | null> => {
  const [row] = await queryRows<{ daily_minor: unknown; monthly_minor: unknown; balance_minor: unknown }>(
    db,
    sql`select daily_minor, monthly_minor, balance_minor from tier_limits
        where tier = ${limitedTierOf(tier)} and effective_from <= ${day}::date
        order by effective_from desc limit 1`,
  );
  if (!row) return null;
  return {
    dailyMinor: toMinor(row.daily_minor),
    monthlyMinor: row.monthly_minor === null ? null : toMinor(row.monthly_minor),
    balanceMinor: toMinor(row.balance_minor),
  };
};

/**
 * What the user's money out counts against the day and the month of `at` (the counting rule of domain/tiers.ts:
 * amounts of debits not released or refused, in Ghana's calendar, which is UTC).
 */
export const usedOf = async (
  db: Queryable,
  userId: number,
  at: Date,
): Promise<{ dayMinor: number; monthMinor: number }> => {
  const instant = at.toISOString();
  const [row] = await queryRows<{ day: unknown; month: unknown }>(
    db,
    sql`select coalesce(sum(amount_minor) filter (
                 where created_at >= date_trunc('day', ${instant}::timestamptz at time zone 'UTC') at time zone 'UTC'), 0) as day,
               coalesce(sum(amount_minor), 0) as month
        from wallet_operations
        where user_id = ${userId}::int and direction = 'Debit' and status <> 'Failed'
          and created_at >= date_trunc('month', ${instant}::timestamptz at time zone 'UTC') at time zone 'UTC'
          and created_at <= ${instant}::timestamptz`,
  );
  return { dayMinor: toMinor(row?.day ?? 0), monthMinor: toMinor(row?.month ?? 0) };
};

/**
 * GetAccountTier's data: the tier, its limits and what was used of them on the day and in the month of `at`, and
 * the next tier with what it needs. A user without an identification ('none') is bounded by the Minimum tier's
 * limits (domain `limitedTierOf`: the identification gate stops most of their money moves before any limit).
 */
export const accountTierOf = async (
  db: Queryable,
  userId: number,
  at: Date = new Date(),
): Promise<AccountTierView> => {
  const tier = await tierOf(db, userId);
  const limits = await limitsOf(db, tier, ghanaDay(at));
  const used = await usedOf(db, userId, at);
  return {
    tier,
    dailyLimit: minorToApiAmount(limits?.dailyMinor ?? 0),
    dailyUsed: minorToApiAmount(used.dayMinor),
    monthlyLimit: limits?.monthlyMinor == null ? null : minorToApiAmount(limits.monthlyMinor),
    monthlyUsed: minorToApiAmount(used.monthMinor),
    balanceLimit: minorToApiAmount(limits?.balanceMinor ?? 0),
    nextTier: nextTierOf(tier),
  };
};

/** The system's actor for tier changes that follow from the user's own data (an identification added). */
export const identificationActor = (userId: number): AuditActor => ({ kind: 'user', id: userId });

/**
 * An identification was added: a user at 'none' moves to 'minimum' (in the caller's transaction). A user already
 * above keeps their tier.
 */
export const tierAfterIdentification = (db: Queryable, userId: number): Promise<void> =>
  changeTier(db, userId, 'minimum', identificationActor(userId), 'identification added', 'none');
