import { createHash } from 'node:crypto';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { preparedRows, type Db } from '../db/client';

/*
 * Rate limits counted in PostgreSQL, so every API host behind the balancer counts the same hits: one row per key
 * and fixed window (the database's clock decides the window, so hosts agree), counted by one atomic upsert. The key
 * is stored as its sha256: the table holds no email or address. Old windows are removed by the purge job.
 */
const COUNT_HIT = `with slot as (
    select to_timestamp(floor(extract(epoch from clock_timestamp()) * 1000 / $2::bigint) * $2::bigint / 1000.0) as start
  )
  insert into rate_limit_counters as c (key, window_start, hits, expires_at)
  select $1::text, slot.start, 1, slot.start + make_interval(secs => $2::bigint / 1000.0) from slot
  on conflict (key, window_start) do update set hits = c.hits + 1
  returning hits, greatest(0, floor(extract(epoch from c.expires_at - clock_timestamp()) * 1000))::bigint as ttl_ms`;

const hashedKey = (key: string): string => createHash('sha256').update(key, 'utf8').digest('hex');

/** The one hit counted for `key` in its window: the hits so far and the milliseconds left in the window. */
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
