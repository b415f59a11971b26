import pg from 'pg';
import { ACCOUNT_TIERS, type AccountTier } from '../../../src/domain/tiers';
import { databaseFromPool } from '../../../src/server/db/client';
import { setTier } from '../../../src/server/tiers/tiers';
import type { LoadUser } from './users';

/* Issue 24: the load's users at mixed tiers, and the invariant that no user's day or month ever passed its limit. */

/** The tiers the load's users are put at, in turn (user 0 Minimum, 1 Medium, 2 Enhanced, 3 Minimum...). */
export const LOAD_TIERS: readonly AccountTier[] = ACCOUNT_TIERS.filter((tier) => tier !== 'none');

/**
 * Puts users[i] at tiers[i] through the test seed of verified users (setTier with its audit row, as the
 * verification path does): never a setting that turns limits off.
 */
export const placeUsers = async (
  databaseUrl: string,
  users: readonly LoadUser[],
  tiers: readonly AccountTier[],
): Promise<void> => {
  const database = databaseFromPool(new pg.Pool({ connectionString: databaseUrl, max: 1 }));
  try {
    for (const [index, user] of users.entries()) {
      const tier = tiers[index];
      if (!tier) continue;
      await database.db.transaction((tx) =>
        setTier(tx, user.userId, tier, { kind: 'system', name: 'test-seed' }, 'load test seed'),
      );
    }
  } finally {
    await database.close();
  }
};

/** The load's users at mixed tiers, in turn (Minimum, Medium, Enhanced): the Minimum users meet their limits. */
export const placeTiers = async (databaseUrl: string, users: readonly LoadUser[]): Promise<AccountTier[]> => {
  const tiers = users.map((_, index) => LOAD_TIERS[index % LOAD_TIERS.length]!);
  await placeUsers(databaseUrl, users, tiers);
  return tiers;
};

/**
 * Every (user, Ghana day) whose money out (debits not released or refused, amounts without fees) passed the daily
 * limit in force that day for the user's tier, every month past its monthly limit, and every wallet above its
 * maximum balance: each a problem. Tiers do not change during a load run.
 */
export const tierLimitViolations = async (databaseUrl: string): Promise<string[]> => {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const limitOf = (day: string) => `(select l.%s from tier_limits l
        where l.tier = case when u.account_tier = 'none' then 'minimum' else u.account_tier end
          and l.effective_from <= ${day} order by l.effective_from desc limit 1)`;
    const days = await client.query<{ user_id: number; day: string; used: string; limit: string }>(
      `select o.user_id, o.day::text as day, o.used::text as used, ${limitOf('o.day').replace('%s', 'daily_minor')}::text as limit
       from (select user_id, (created_at at time zone 'UTC')::date as day, sum(amount_minor) as used
             from wallet_operations where direction = 'Debit' and status <> 'Failed' group by 1, 2) o
       join users u on u.id = o.user_id
       where o.used > ${limitOf('o.day').replace('%s', 'daily_minor')}`,
    );
    const months = await client.query<{ user_id: number; month: string; used: string; limit: string }>(
      `select o.user_id, o.month::text as month, o.used::text as used, ${limitOf('o.month').replace('%s', 'monthly_minor')}::text as limit
       from (select user_id, date_trunc('month', created_at at time zone 'UTC')::date as month, sum(amount_minor) as used
             from wallet_operations where direction = 'Debit' and status <> 'Failed' group by 1, 2) o
       join users u on u.id = o.user_id
       where o.used > ${limitOf('o.month').replace('%s', 'monthly_minor')}`,
    );
    const balances = await client.query<{ user_id: number; balance: string; limit: string }>(
      `select w.user_id, w.balance_minor::text as balance,
              ${limitOf("(now() at time zone 'UTC')::date").replace('%s', 'balance_minor')}::text as limit
       from wallets w join users u on u.id = w.user_id
       where w.balance_minor > ${limitOf("(now() at time zone 'UTC')::date").replace('%s', 'balance_minor')}`,
    );
    return [
      ...days.rows.map(
        (r) => `user ${r.user_id} sent ${r.used} on ${r.day}, over the daily limit ${r.limit}`,
      ),
      ...months.rows.map(
        (r) => `user ${r.user_id} sent ${r.used} in ${r.month}, over the monthly limit ${r.limit}`,
      ),
      ...balances.rows.map(
        (r) => `user ${r.user_id} holds ${r.balance}, over the maximum balance ${r.limit}`,
      ),
    ];
  } finally {
    await client.end();
  }
};

/** How many money moves the tier limits refused (the 'limit.refused' rows of the audit trail). */
export const limitRefusalCount = async (databaseUrl: string): Promise<number> => {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const result = await client.query<{ n: number }>(
      "select count(*)::int as n from audit_log where action = 'limit.refused'",
    );
    return Number(result.rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
};
