import { createHash } from 'node:crypto';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { preparedRows, type Db } from '../db/client';

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
