import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';

/*
 * The audit trail (docs/compliance.md, "Audit trail"): an append-only table, one hash chain per chain key, each row
 * holding its chain's previous row's hash. Rows are appended by the database function audit_append (migration
 * 0020_audit_log), in the caller's transaction: it locks the chain, reads its head and inserts the next row.
 */

export type AuditActor =
  | { kind: 'user'; id: number }
  | { kind: 'staff'; id: number }
  | { kind: 'system'; name: string }
  | { kind: 'command'; name: string };

export interface AuditEntry {
  actor: AuditActor;
  /** A dotted name: 'money.move', 'tier.changed', 'command.rates'... */
  action: string;
  /** What the row is about: 'user:42', 'operation:CW…', 'rate:NGN'... */
  subject: string;
  before?: unknown;
  after?: unknown;
  /** The user the row concerns, whose chain it joins (default: from a subject 'user:<id>…', else a user actor). */
  userId?: number;
}

/** The chain of everything about one user, and the chain of what concerns no user (admin commands). */
export const userChain = (userId: number): string => `user:${userId}`;
export const SYSTEM_CHAIN = 'system';

const SUBJECT_USER = /^user:(\d+)(?![\d])/;

/** The chain an entry joins: its user's (named, from the subject, or the acting user), else 'system'. */
export const chainOf = ({ userId, subject, actor }: AuditEntry): string => {
  if (userId !== undefined) return userChain(userId);
  const fromSubject = SUBJECT_USER.exec(subject);
  if (fromSubject) return userChain(Number(fromSubject[1]));
  return actor.kind === 'user' ? userChain(actor.id) : SYSTEM_CHAIN;
};

/** undefined (absent) is stored as SQL null, anything else as its JSON. */
const jsonOrNull = (value: unknown): string | null => (value === undefined ? null : JSON.stringify(value));

/** Appends in the caller's transaction (a Queryable/Drizzle tx or client), so it commits or rolls back with it. */
export const appendAudit = async (db: Queryable, entry: AuditEntry): Promise<void> => {
  const { actor } = entry;
  const actorId = actor.kind === 'user' || actor.kind === 'staff' ? actor.id : null;
  const actorName = actor.kind === 'system' || actor.kind === 'command' ? actor.name : null;
  await db.execute(
    sql`select audit_append(${chainOf(entry)}::text, ${actor.kind}::text, ${actorId}::int, ${actorName}::text,
        ${entry.action}::text, ${entry.subject}::text, ${jsonOrNull(entry.before)}::jsonb,
        ${jsonOrNull(entry.after)}::jsonb)`,
  );
};

/**
 * The text a row's hash is the sha256 of: the same expression as the database's audit_log_canonical (migration
 * 0020), written here so that `npm run audit:verify` relies on no function stored in the database it checks.
 */
export const CANONICAL_ROW = `jsonb_build_array(chain, seq,
  to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'), actor_kind, actor_id, actor_name, action,
  subject, before, after, prev_hash)::text`;

/** The hash a chain's first row holds as its previous row's. */
export const GENESIS_HASH = '0'.repeat(64);
