import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { queryRows, toMinor } from '../db/sql';
import { CANONICAL_ROW, GENESIS_HASH } from './audit-log';

/** A row that breaks its chain: the first one of its chain that does. */
export interface BrokenRow {
  id: number;
  chain: string;
  seq: number;
  reason: string;
}

export interface AuditVerification {
  rows: number;
  chains: number;
  /** At most one per chain, in chain order. */
  broken: BrokenRow[];
  /** sha256 over every chain's last hash, in chain order: recorded elsewhere, it shows a removed tail later. */
  headsDigest: string;
}

interface Row {
  id: unknown;
  chain: string;
  seq: unknown;
  prev_hash: string;
  hash: string;
  canonical: string;
}

const PAGE = 5_000;

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** Why `row` does not follow `previous` (null: the chain's first row), or null when it holds. */
const breakOf = (row: Row, seq: number, previous: { seq: number; hash: string } | null): string | null => {
  const expectedSeq = (previous?.seq ?? 0) + 1;
  if (seq !== expectedSeq)
    return seq > expectedSeq
      ? `rows ${expectedSeq} to ${seq - 1} of the chain are missing`
      : `seq ${seq} repeats or goes back (expected ${expectedSeq})`;
  if (row.prev_hash !== (previous?.hash ?? GENESIS_HASH))
    return "its prev_hash is not the previous row's hash";
  if (row.hash !== sha256(row.canonical)) return 'its content does not match its hash';
  return null;
};

/**
 * Walks every chain of audit_log in (chain, seq) order, a page at a time: each row must follow the one before
 * (seq + 1, prev_hash = its hash) and hash to its own hash (sha256 computed here, over CANONICAL_ROW).
 */
export const verifyAuditLog = async (db: Queryable): Promise<AuditVerification> => {
  const broken: BrokenRow[] = [];
  const heads: string[] = [];
  let rows = 0;
  let previous: { chain: string; seq: number; hash: string } | null = null;
  let brokenChain: string | null = null;
  for (;;) {
    const after: SQL = previous
      ? sql`where (chain, seq) > (${previous.chain}::text, ${previous.seq}::bigint)`
      : sql``;
    const page: Row[] = await queryRows<Row>(
      db,
      sql`select id, chain, seq, prev_hash, hash, ${sql.raw(CANONICAL_ROW)} as canonical
          from audit_log ${after} order by chain, seq limit ${PAGE}`,
    );
    for (const row of page) {
      const seq = toMinor(row.seq);
      const sameChain = previous?.chain === row.chain;
      if (!sameChain && previous) heads.push(previous.hash);
      if (brokenChain !== row.chain) {
        const reason = breakOf(row, seq, sameChain ? previous : null);
        if (reason) {
          broken.push({ id: toMinor(row.id), chain: row.chain, seq, reason });
          brokenChain = row.chain;
        }
      }
      previous = { chain: row.chain, seq, hash: row.hash };
      rows += 1;
    }
    if (page.length < PAGE) break;
  }
  if (previous) heads.push(previous.hash);
  return { rows, chains: heads.length, broken, headsDigest: sha256(heads.join('\n')) };
};

/** What `npm run audit:verify` prints. */
export const verificationLines = ({ rows, chains, broken, headsDigest }: AuditVerification): string[] =>
  broken.length === 0
    ? [`audit_log: ${rows} rows in ${chains} chains hold.`, `heads digest: ${headsDigest}`]
    : broken.map(
        ({ id, chain, seq, reason }) =>
          `audit_log: chain ${chain} breaks at row id ${id} (seq ${seq}): ${reason}.`,
      );
