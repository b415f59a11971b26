import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { MonitoringHit } from '../../domain/monitoring';
import type { Queryable } from '../db/client';
import { queryRows, toMinor } from '../db/sql';
import type { ScheduledJob } from '../jobs/scheduler';

/*
 * The money moves held for review as the review queue reads them, and their escalation: a hold not decided within
 * MONITORING_ESCALATION_MINUTES is marked escalated (the monitoring_holds_open metric counts it: metrics.ts) and
 * logged once as a warning. The clock decides nothing: the money stays set aside until a staff member decides.
 */

export interface OpenHold {
  id: number;
  userId: number;
  referenceNumber: string;
  amountMinor: number;
  feeMinor: number;
  hits: MonitoringHit[];
  createdAt: Date;
}

const parsed = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

/** Every open hold, oldest first. */
export const openHolds = async (db: Queryable): Promise<OpenHold[]> => {
  const rows = await queryRows<{
    id: number;
    user_id: number;
    reference_number: string;
    amount_minor: unknown;
    fee_minor: unknown;
    hits: unknown;
    created_at: Date | string;
  }>(
    db,
    sql`select h.id, h.user_id, o.reference_number, o.amount_minor, o.fee_minor, h.hits, h.created_at
        from monitoring_holds h join wallet_operations o on o.id = h.operation_id
        where h.status = 'open' order by h.created_at, h.id`,
  );
  return rows.map((row) => ({
    id: row.id,
    userId: row.user_id,
    referenceNumber: row.reference_number,
    amountMinor: toMinor(row.amount_minor),
    feeMinor: toMinor(row.fee_minor),
    hits: parsed<MonitoringHit[]>(row.hits),
    createdAt: new Date(row.created_at),
  }));
};

/** Whether a hold of this id exists (open or decided). */
export const holdExists = async (db: Queryable, holdId: number): Promise<boolean> =>
  (await queryRows<{ id: number }>(db, sql`select id from monitoring_holds where id = ${holdId}::int`))
    .length > 0;

/** Marks the open holds older than `escalationMinutes` that were not escalated yet; returns them. */
export const escalateOverdueHolds = async (
  db: Queryable,
  escalationMinutes: number,
): Promise<{ id: number; userId: number; referenceNumber: string; createdAt: Date }[]> => {
  const rows = await queryRows<{
    id: number;
    user_id: number;
    reference_number: string;
    created_at: Date | string;
  }>(
    db,
    sql`update monitoring_holds h set escalated_at = now()
        from wallet_operations o
        where o.id = h.operation_id and h.status = 'open' and h.escalated_at is null
          and h.created_at < now() - make_interval(mins => ${escalationMinutes}::int)
        returning h.id, h.user_id, o.reference_number, h.created_at`,
  );
  return rows.map((row) => ({
    id: row.id,
    userId: row.user_id,
    referenceNumber: row.reference_number,
    createdAt: new Date(row.created_at),
  }));
};

/** The scheduled job (every minute, one host at a time) that escalates overdue holds: a warning each, once. */
export const holdEscalationJob = (
  db: Queryable,
  log: FastifyBaseLogger,
  escalationMinutes: number,
): ScheduledJob => ({
  name: 'monitoring-hold-escalation',
  everyMs: 60_000,
  run: async () => {
    for (const hold of await escalateOverdueHolds(db, escalationMinutes)) {
      log.warn(
        { holdId: hold.id, userId: hold.userId, reference: hold.referenceNumber, since: hold.createdAt },
        `a money move held for review has waited more than ${escalationMinutes} minutes for a decision`,
      );
    }
  },
});

/**
 * A hit recorded without a hold (monitoring_hits), when its rule is enabled in force: a partner's payment link
 * paid from an account other than the one it was made for is refused already (403), and recorded for compliance.
 */
export const recordHit = async (
  db: Queryable,
  userId: number,
  rule: 'partnerLinkPayer',
  details: Record<string, unknown>,
): Promise<void> => {
  await db.execute(
    sql`insert into monitoring_hits (user_id, rule, details)
        select ${userId}::int, ${rule}, ${JSON.stringify(details)}::jsonb
        where coalesce((select enabled from monitoring_rules where name = ${rule} and effective_from <= now()
                        order by effective_from desc, id desc limit 1), true)`,
  );
};
