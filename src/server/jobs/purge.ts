import type { FastifyBaseLogger } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { isForeignKeyViolation } from '../db/errors';
import { queryRows } from '../db/sql';
import { FUNDED_CART_KEY_PREFIX } from '../routes/transfer/cart-collection';
import { removeStoredUpload, uploadsRoot } from '../uploads';

/** Kept past their end so a support question about them the same day can still be answered from the rows. */
const DAY_MS = 24 * 60 * 60_000;
/** An uploaded image not attached to an identification within this time is removed (file and row). */
export const ORPHAN_IMAGE_AFTER_MS = DAY_MS;
/** The run log of the scheduled jobs is kept this long. */
const JOB_RUNS_KEPT_MS = 7 * DAY_MS;
/** Rows removed per statement: short statements, short locks. */
const BATCH = 1_000;

export interface PurgeCounts {
  sessions: number;
  resetCodes: number;
  phoneCodes: number;
  idempotencyKeys: number;
  rateLimitCounters: number;
  jobRuns: number;
  orphanImages: number;
}

const ago = (now: Date, ms: number) => new Date(now.getTime() - ms).toISOString();

/** Deletes `select` (a query of ctids) batch by batch; the rows removed. */
const deleteInBatches = async (db: Db, table: string, where: SQL): Promise<number> => {
  let removed = 0;
  for (;;) {
    const rows = await queryRows<{ n: number | string }>(
      db,
      sql`with gone as (
            delete from ${sql.raw(table)} where ctid in (
              select ctid from ${sql.raw(table)} where ${where} limit ${BATCH}
            ) returning 1
          ) select count(*) as n from gone`,
    );
    const count = Number(rows[0]?.n ?? 0);
    removed += count;
    if (count < BATCH) return removed;
  }
};

/**
 * Uploaded identification images never attached to an identification after a day: the row is deleted first (one
 * at a time, so an image attached at this very moment only fails its own delete, on the foreign key), then the file.
 */
const purgeOrphanImages = async (db: Db, dataDir: string, now: Date, log: FastifyBaseLogger) => {
  const root = uploadsRoot(dataDir);
  const candidates = await queryRows<{ id: string }>(
    db,
    sql`select i.id from identification_images i
        where i.created_at < ${ago(now, ORPHAN_IMAGE_AFTER_MS)}::timestamptz
          and not exists (select 1 from identifications d where d.image_id = i.id)
        order by i.created_at limit ${BATCH}`,
  );
  let removed = 0;
  for (const { id } of candidates) {
    try {
      const [gone] = await queryRows<{ storage_path: string }>(
        db,
        sql`delete from identification_images i where i.id = ${id}
              and not exists (select 1 from identifications d where d.image_id = i.id)
            returning storage_path`,
      );
      if (!gone) continue;
      await removeStoredUpload(root, gone.storage_path).catch((error: unknown) =>
        log.warn({ err: error, imageId: id }, 'an orphan identification image file could not be removed'),
      );
      removed += 1;
    } catch (error) {
      if (!isForeignKeyViolation(error)) throw error;
    }
  }
  return removed;
};

/**
 * The scheduled purge: what has ended and is no longer needed.
 * - sessions a day after they ended (revoked, past their absolute expiry, or idle past the idle time);
 * - password-reset and phone codes a day after they were used or expired;
 * - Idempotency-Keys older than IDEMPOTENCY_RETENTION_HOURS whose operation is final (a key of a pending operation
 *   stays: its retry must still find it), except the worker's own keys of funded carts (they record that a cart's
 *   transfer was decided, so it is never paid twice);
 * - rate-limit windows that have ended, and the hits of the exact limits (abuse-limits.ts) a window after theirs
 *   ended; the scheduled jobs' run log after a week;
 * - identification images never attached after a day (rows and files).
 */
export const purgeExpired = async (
  db: Db,
  config: Pick<Config, 'SESSION_IDLE_MINUTES' | 'IDEMPOTENCY_RETENTION_HOURS' | 'DATA_DIR'>,
  log: FastifyBaseLogger,
  now = new Date(),
): Promise<PurgeCounts> => {
  const dayAgo = ago(now, DAY_MS);
  const idleCutoff = ago(now, DAY_MS + config.SESSION_IDLE_MINUTES * 60_000);
  const counts: PurgeCounts = {
    sessions: await deleteInBatches(
      db,
      'sessions',
      sql`revoked_at < ${dayAgo}::timestamptz or expires_at < ${dayAgo}::timestamptz
          or last_seen_at < ${idleCutoff}::timestamptz`,
    ),
    resetCodes: await deleteInBatches(
      db,
      'password_reset_codes',
      sql`greatest(expires_at, coalesce(consumed_at, expires_at), coalesce(reset_expires_at, expires_at))
            < ${dayAgo}::timestamptz`,
    ),
    phoneCodes: await deleteInBatches(
      db,
      'phone_verification_codes',
      sql`greatest(expires_at, coalesce(consumed_at, expires_at)) < ${dayAgo}::timestamptz
          and created_at < ${dayAgo}::timestamptz`,
    ),
    idempotencyKeys: await deleteInBatches(
      db,
      'idempotency_keys',
      sql`created_at < ${ago(now, config.IDEMPOTENCY_RETENTION_HOURS * 60 * 60_000)}::timestamptz
          and key not like ${`${FUNDED_CART_KEY_PREFIX}%`}
          and (operation_id is null
               or exists (select 1 from wallet_operations o
                          where o.id = idempotency_keys.operation_id and o.status <> 'pending'))`,
    ),
    rateLimitCounters: await deleteInBatches(
      db,
      'rate_limit_counters',
      // Kept until the next window has ended too: the sliding window weighs the previous window's hits.
      sql`expires_at + (expires_at - window_start) < ${now.toISOString()}::timestamptz`,
    ),
    jobRuns: await deleteInBatches(
      db,
      'scheduled_job_runs',
      sql`started_at < ${ago(now, JOB_RUNS_KEPT_MS)}::timestamptz`,
    ),
    orphanImages: await purgeOrphanImages(db, config.DATA_DIR, now, log),
  };
  const total = Object.values(counts).reduce((sum, count) => sum + count, 0);
  if (total > 0) log.info({ purged: counts }, 'purged expired records');
  return counts;
};
