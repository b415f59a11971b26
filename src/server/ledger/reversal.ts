import { sql } from 'drizzle-orm';
import type { Db, Queryable } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { queryRows, toMinor } from '../db/sql';
import { appendAudit } from '../audit/audit-log';
import { InsufficientFundsError, InsufficientGemsError } from './errors';
import type { LedgerEntryInput } from './kinds';
import {
  entriesPart,
  entryArrays,
  gemChanges,
  gemsPart,
  isGemShortfall,
  isWalletShortfall,
  lockWallets,
  walletChanges,
  walletCheck,
  walletsPart,
} from './posting';
import { staffAuditIn } from './review';
import { inTransaction } from './statements';

/*
 * Four eyes on a reversal (issue 25): one staff member proposes reversing a posted operation, another approves it
 * (never the same: the route refuses it and the reversals table's CHECK too). The approval posts, in one transaction
 * with its audit row, a ledger transaction that negates every entry of the original posting and names it
 * (ledger_transactions.reverses_transaction_id, unique: a posting is reversed at most once). It belongs to no
 * operation, so the original keeps its status and its own posting; the wallets' CHECKs refuse a reversal a wallet
 * cannot cover (money received and spent since).
 */

export interface ReversalRecord {
  id: number;
  referenceNumber: string;
  userId: number;
  reason: string;
  proposedBy: number;
  approvedBy: number | null;
  transactionId: number | null;
  createdAt: Date;
}

export type ProposeOutcome =
  | { outcome: 'proposed'; reversal: ReversalRecord }
  | { outcome: 'notFound' }
  /** Not a posted operation of its own (pending, failed, held, a receiving row), or proposed before. */
  | { outcome: 'notReversible' };

const REVERSAL_COLUMNS = sql`r.id, o.reference_number, o.user_id, r.reason, r.proposed_by, r.approved_by,
  r.transaction_id, r.proposed_at`;

type ReversalRow = {
  id: number;
  reference_number: string;
  user_id: number;
  reason: string;
  proposed_by: number;
  approved_by: number | null;
  transaction_id: unknown;
  proposed_at: Date | string;
};

const toReversal = (row: ReversalRow): ReversalRecord => ({
  id: row.id,
  referenceNumber: row.reference_number,
  userId: row.user_id,
  reason: row.reason,
  proposedBy: row.proposed_by,
  approvedBy: row.approved_by,
  transactionId: row.transaction_id === null ? null : toMinor(row.transaction_id),
  createdAt: new Date(row.proposed_at),
});

/** Every reversal, newest first (at most `limit`). */
export const reversalsList = async (db: Queryable, limit = 200): Promise<ReversalRecord[]> =>
  (
    await queryRows<ReversalRow>(
      db,
      sql`select ${REVERSAL_COLUMNS} from reversals r join wallet_operations o on o.id = r.operation_id
          order by r.proposed_at desc, r.id desc limit ${limit}`,
    )
  ).map(toReversal);

/** Proposes reversing the operation of `referenceNumber`, with the staff member's audit row, in one transaction. */
export const proposeReversal = (
  db: Db,
  staffId: number,
  referenceNumber: string,
  reason: string,
): Promise<ProposeOutcome> =>
  db
    .transaction(async (tx): Promise<ProposeOutcome> => {
      const [operation] = await queryRows<{ id: unknown; user_id: number; status: string; posted: boolean }>(
        tx,
        sql`select o.id, o.user_id, o.status,
                   exists (select 1 from ledger_transactions t where t.operation_id = o.id) as posted
            from wallet_operations o
            where o.reference_number = ${referenceNumber} and o.source_operation_id is null`,
      );
      if (!operation) return { outcome: 'notFound' };
      if (operation.status !== 'Successful' || !operation.posted) return { outcome: 'notReversible' };
      const [row] = await queryRows<{ id: number }>(
        tx,
        sql`insert into reversals (operation_id, reason, proposed_by)
            values (${operation.id}::bigint, ${reason}, ${staffId}::int) returning id`,
      );
      if (!row) throw new Error('the reversal was not recorded');
      await appendAudit(tx, {
        actor: { kind: 'staff', id: staffId },
        action: 'reversal.proposed',
        subject: `operation:${referenceNumber}`,
        userId: operation.user_id,
        after: { reversalId: row.id, reason },
      });
      const [reversal] = await queryRows<ReversalRow>(
        tx,
        sql`select ${REVERSAL_COLUMNS} from reversals r join wallet_operations o on o.id = r.operation_id
            where r.id = ${row.id}::int`,
      );
      if (!reversal) throw new Error('the reversal vanished');
      return { outcome: 'proposed', reversal: toReversal(reversal) };
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error, 'reversals_operation_unique')) return { outcome: 'notReversible' };
      throw error;
    });

export type ApproveOutcome =
  | { outcome: 'approved'; reversal: ReversalRecord }
  | { outcome: 'notFound' }
  | { outcome: 'approvedAlready' }
  /** Four eyes: the approver proposed it. */
  | { outcome: 'sameStaff' }
  /** A wallet (or gem balance) it takes money from cannot cover it. */
  | { outcome: 'notCovered' };

/** The reversing transaction `t` (naming the original), its entries `e`, the wallets `w`, gems `g`, approval `r`. */
const POST_REVERSAL = `with ${entriesPart(
  'insert into ledger_transactions (operation_id, description, reverses_transaction_id) values (null, $1::text, $2::bigint)',
  '$3',
  '$4',
)}, ${walletsPart('', '$5', '$6', '$7')}, ${gemsPart('', '$8', '$9')}, r as (
    update reversals set approved_by = $10::int, approved_at = now(), transaction_id = (select id from t)
    where id = $11::int and approved_by is null
    returning id
  )
  select (select id from t) as transaction_id, (select count(*) from e)::int as entry_count,
         (select count(*) from g)::int as gem_rows, (select count(*) from r)::int as approved,
         ${walletCheck('$5', "'a wallet of this reversal does not exist'")}`;

/**
 * Approves a proposed reversal: refused to its proposer; otherwise the original posting's entries negated, in one
 * transaction with the approval and the approver's audit row (the wallets it changes locked first, in user id order).
 */
export const approveReversal = async (
  db: Db,
  staffId: number,
  reversalId: number,
): Promise<ApproveOutcome> => {
  try {
    return await inTransaction(db, async (statements): Promise<ApproveOutcome> => {
      const [reversal] = await statements.rows<{
        proposed_by: number;
        approved_by: number | null;
        operation_id: unknown;
        reference_number: string;
        user_id: number;
        transaction_id: unknown;
      }>(
        'reversal_read',
        `select r.proposed_by, r.approved_by, r.operation_id, o.reference_number, o.user_id,
                (select t.id from ledger_transactions t where t.operation_id = r.operation_id
                 order by t.id limit 1) as transaction_id
         from reversals r join wallet_operations o on o.id = r.operation_id where r.id = $1::int`,
        [reversalId],
      );
      if (!reversal) return { outcome: 'notFound' };
      if (reversal.approved_by !== null) return { outcome: 'approvedAlready' };
      if (reversal.proposed_by === staffId) return { outcome: 'sameStaff' };
      const originalId = toMinor(reversal.transaction_id);
      const original = await statements.rows<{ code: string; amount_minor: unknown }>(
        'reversal_original_entries',
        `select a.code, e.amount_minor from ledger_entries e join ledger_accounts a on a.id = e.account_id
         where e.transaction_id = $1::bigint order by e.id`,
        [originalId],
      );
      const entries: LedgerEntryInput[] = original.map((entry) => ({
        accountCode: entry.code,
        amountMinor: -toMinor(entry.amount_minor),
      }));
      const changes = walletChanges(entries);
      const gems = gemChanges(entries);
      const { codes, amounts } = entryArrays(entries);
      await lockWallets(statements, changes.users);
      const [row] = await statements.rows<{
        transaction_id: unknown;
        entry_count: number;
        gem_rows: number;
        approved: number;
      }>('reversal_post', POST_REVERSAL, [
        `reversal of ${reversal.reference_number}`,
        originalId,
        codes,
        amounts,
        changes.users,
        changes.deltas,
        changes.releases,
        gems.users,
        gems.deltas,
        staffId,
        reversalId,
      ]);
      if (!row || row.approved !== 1) return { outcome: 'approvedAlready' };
      if (row.entry_count !== entries.length || row.gem_rows !== gems.users.length)
        throw new Error(`the reversal of ${reversal.reference_number} lost entries`);
      await staffAuditIn(statements, {
        staffId,
        userId: reversal.user_id,
        action: 'reversal.approved',
        subject: `operation:${reversal.reference_number}`,
        before: { reversalId, proposedBy: reversal.proposed_by },
        after: { reversalId, transactionId: toMinor(row.transaction_id), reverses: originalId },
      });
      const [record] = await statements.rows<ReversalRow>(
        'reversal_record',
        `select r.id, o.reference_number, o.user_id, r.reason, r.proposed_by, r.approved_by, r.transaction_id,
                r.proposed_at
         from reversals r join wallet_operations o on o.id = r.operation_id where r.id = $1::int`,
        [reversalId],
      );
      if (!record) throw new Error('the reversal vanished');
      return { outcome: 'approved', reversal: toReversal(record) };
    });
  } catch (error) {
    if (isWalletShortfall(error) || isGemShortfall(error)) return { outcome: 'notCovered' };
    if (error instanceof InsufficientFundsError || error instanceof InsufficientGemsError)
      return { outcome: 'notCovered' };
    if (isUniqueViolation(error, 'ledger_transactions_reverses_unique'))
      return { outcome: 'approvedAlready' };
    throw error;
  }
};
