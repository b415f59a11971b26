import { createHash } from 'node:crypto';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql, type SQL } from 'drizzle-orm';
import { preparedRows, type Db } from '../db/client';
import { queryRows } from '../db/sql';

/*
 * Rate limits counted in PostgreSQL, so every API host behind the balancer counts the same hits: one row per key
 * and fixed window (the database's clock decides the window, so hosts agree), counted by one atomic upsert. A hit is
 * weighed against a sliding window, the current window's hits plus the previous window's in proportion to how much of
 * the last `window` it still covers: with fixed windows alone, a burst at the end of one window and another at the
 * start of the next would let twice the limit through within a few seconds. The key is stored as its sha256: the
 * table holds no email or address. Windows are removed by the purge job once the next one has ended too.
 */
const COUNT_HIT = `with slot as (
    select to_timestamp(floor(extract(epoch from clock_timestamp()) * 1000 / $2::bigint) * $2::bigint / 1000.0) as start
  ), hit as (
    insert into rate_limit_counters as c (key, window_start, hits, expires_at)
    select $1::text, slot.start, 1, slot.start + make_interval(secs => $2::bigint / 1000.0) from slot
    on conflict (key, window_start) do update set hits = c.hits + 1
    returning c.hits, c.window_start, c.expires_at
  ), remaining as (
    select greatest(0, extract(epoch from hit.expires_at - clock_timestamp()) * 1000) as ms from hit
  )
  select hit.hits + coalesce(floor(previous.hits * remaining.ms / $2::bigint), 0)::bigint as hits,
         floor(remaining.ms)::bigint as ttl_ms
  from hit cross join remaining
  left join rate_limit_counters previous
    on previous.key = $1::text and previous.window_start = hit.window_start - make_interval(secs => $2::bigint / 1000.0)`;

const hashedKey = (key: string): string => createHash('sha256').update(key, 'utf8').digest('hex');

/**
 * The one hit counted for `key`: the hits in the sliding window that ends now (this window's, and the previous
 * window's weighed by how much of it the sliding window covers) and the milliseconds left in the current window.
 */
export const countHit = async (
  db: Db,
  key: string,
  windowMs: number,
): Promise<{ current: number; ttl: number }> => {
  const [row] = await preparedRows<{ hits: number | string; ttl_ms: number | string }>(
    db,
    'rate_limit_count_hit',
    COUNT_HIT,
    [hashedKey(key), Math.max(1, Math.round(windowMs))],
  );
  if (!row) throw new Error('the rate-limit upsert returned no row');
  return { current: Number(row.hits), ttl: Number(row.ttl_ms) };
};

/** A @fastify/rate-limit store class over `db` (the plugin constructs it, and a child per route, itself). */
export const postgresRateLimitStore = (db: Db): FastifyRateLimitStoreCtor =>
  class PostgresRateLimitStore implements FastifyRateLimitStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      countHit(db, key, timeWindow).then(
        (result) => callback(null, result),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(): FastifyRateLimitStore {
      return new PostgresRateLimitStore();
    }
  };

/*
 * Exact limits over a sliding log (per-account and per-number limits of a few an hour): each hit allowed is a row of
 * its own in the same table (`window_start` the moment of the hit, `expires_at` one window later, so the purge
 * removes it like an ended window), and a hit is allowed only while fewer than `max` rows of its key fall in the
 * last `window`. A refused hit writes nothing, so a key holds at most `max` rows. Counting and writing run under a
 * transaction-level advisory lock on the key: parallel hits on every host take turns, and never let more through.
 */
const takeLoggedHit = (key: string, max: number, windowMs: number): SQL => {
  const window = sql`make_interval(secs => ${windowMs}::bigint / 1000.0)`;
  return sql`with t as (select clock_timestamp() as now),
    recent as (
      select window_start, hits from rate_limit_counters, t
      where key = ${key}::text and window_start > t.now - ${window}
    ), taken as (
      select coalesce(sum(hits), 0)::bigint as n from recent
    ), added as (
      insert into rate_limit_counters as c (key, window_start, hits, expires_at)
      select ${key}::text, t.now, 1, t.now + ${window} from t, taken where taken.n < ${max}::bigint
      on conflict (key, window_start) do update set hits = c.hits + 1
      returning window_start::text as at
    ), leaving as (
      select window_start from (
        select window_start, sum(hits) over (order by window_start desc) as newer from recent
      ) r where r.newer >= ${max}::bigint order by window_start desc limit 1
    )
    select (select at from added) as at, (select n from taken) as taken,
           (select ceil(extract(epoch from l.window_start + ${window} - t.now) * 1000)::bigint from leaving l, t)
             as retry_ms`;
};

/** A hit a limit allowed: the moment it was logged, to take it back (`forgetHit`). */
export interface LoggedHit {
  key: string;
  at: string;
  /** The hits in the window with this one. */
  count: number;
}

export type LogHitResult = { allowed: true; hit: LoggedHit } | { allowed: false; retryAfterMs: number };

/** Logs one hit of `key` if fewer than `max` fall in the last `windowMs`; otherwise when one more will be allowed. */
export const logHit = async (db: Db, key: string, max: number, windowMs: number): Promise<LogHitResult> => {
  const hashed = hashedKey(`log|${key}`);
  const [row] = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${hashed}, 0))`);
    return queryRows<{ at: string | null; taken: number | string; retry_ms: number | string | null }>(
      tx,
      takeLoggedHit(hashed, Math.max(0, Math.floor(max)), Math.max(1, Math.round(windowMs))),
    );
  });
  if (!row) throw new Error('the rate-limit log answered no row');
  if (row.at !== null)
    return { allowed: true, hit: { key: hashed, at: row.at, count: Number(row.taken) + 1 } };
  return { allowed: false, retryAfterMs: Math.max(1, Number(row.retry_ms ?? windowMs)) };
};

/** Takes back a hit that turned out not to count (a right code, a log-in that succeeded, a text not sent). */
export const forgetHit = async (db: Db, hit: LoggedHit): Promise<void> => {
  await db.execute(
    sql`update rate_limit_counters set hits = greatest(hits - 1, 0)
        where key = ${hit.key} and window_start = ${hit.at}::timestamptz`,
  );
};

/** Forgets every hit of `key` (a password reset clears the account's failed log-ins). */
export const forgetHits = async (db: Db, key: string): Promise<void> => {
  await db.execute(sql`delete from rate_limit_counters where key = ${hashedKey(`log|${key}`)}`);
};
