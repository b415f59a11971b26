import type { DomainMessageId } from '../../domain/messages';
import type { MonitoringHit } from '../../domain/monitoring';
import type { Db } from '../db/client';
import { toMinor } from '../db/sql';
import type { IdempotencyKey, StoredAnswer } from '../idempotency/idempotency-key';
import type { Continuation } from '../monitoring/continuations';
import { accountCodes, type LedgerAccounts } from './accounts';
import { answerFor } from './answers';
import { operationKinds } from './kinds';
import {
  OPERATION_COLUMN_LIST,
  toOperation,
  type Operation,
  type OperationDraft,
  type OperationRecord,
} from './operation';
import { draftOperation, isPaidAlready, newOperation, receivedPart, type Created } from './operations';
import { isUniqueViolation } from '../db/errors';
import {
  entriesPart,
  entryArrays,
  gemChanges,
  gemsPart,
  lockWallets,
  walletChanges,
  walletCheck,
  walletsPart,
} from './posting';
import {
  batched,
  inTransaction,
  walletLockCheck,
  withChecks,
  type Precondition,
  type Statements,
} from './statements';

/*
 * A money move out held by a monitoring rule (issue 25): created 'review' with its hold of amount + fee, whatever
 * its kind (a payout's, or a transfer between wallets that would have posted at once), and answered 200 'review'
 * under its key, in one statement with the monitoring_holds row. A staff member then decides it: released, it goes
 * on exactly as if it had passed (a provider's kind becomes pending and its provider is called; a kind decided at
 * once is posted now, its hold becoming the debit); rejected, it fails and its hold (amount and fee) is given back.
 * Either decision is one transaction with the staff member's audit row.
 */

/** What a move held for review holds: everything its plan takes from the wallet. */
export const reviewHoldOf = (operation: Pick<Operation, 'amountMinor' | 'feeMinor'>): number =>
  operation.amountMinor + operation.feeMinor;

const CREATE_REVIEW = `with w as (
    update wallets set held_minor = held_minor + $8::bigint
    where user_id = $1::int and balance_minor - held_minor >= $8::bigint
    returning balance_minor - held_minor as available
  ), op as (
    insert into wallet_operations
      (user_id, reference_number, kind, direction, amount_minor, fee_minor, counterparty, held_minor, status, cart_id,
       bill_quote_id, bill_key)
    select $1::int, $2::text, $3::text, $4::text, $5::bigint, $6::bigint, $7::jsonb, $8::bigint, 'review', $15::uuid,
           $16::uuid, $17::text
    from w
    returning ${OPERATION_COLUMN_LIST}
  ), h as (
    insert into monitoring_holds (operation_id, user_id, hits, continuation)
    select op.id, $1::int, $18::jsonb, $19::jsonb from op
    returning id
  ), k as (
    insert into idempotency_keys (user_id, key, request_hash, operation_id, response_status, response_body)
    select $1::int, $9::text, $10::text, op.id,
           case when op.id is null then $11::int else $13::int end,
           case when op.id is null then $12::jsonb
                else jsonb_set($14::jsonb, '{data,walletAmount}', to_jsonb(round(w.available / 100.0, 2))) end
    from (select 1) as one left join op on true left join w on true
  )
  select op.*, w.available, op.id is null as refused, (select id from h) as hold_id
  from (select 1) as one left join op on true left join w on true`;

/**
 * Creates a money move out held for review with its Idempotency-Key, as createOperation creates a debit (the same
 * statement shape: the hold is the balance check; a wallet that cannot cover it stores `refusal` under the key). The
 * `preconditions` (the caller's, the tier limits, and the rules confirming they still hit) are read once the wallet
 * is locked, in the statement's transaction.
 */
export const createReviewOperation = async (
  db: Db,
  idempotency: IdempotencyKey,
  draft: OperationDraft,
  refusal: StoredAnswer,
  hits: readonly MonitoringHit[],
  continuation: Continuation | null,
  preconditions: readonly Precondition[],
): Promise<Created> => {
  const { userId, key, requestHash } = idempotency;
  const { feeMinor, referenceNumber, values } = newOperation(idempotency, draft);
  const held = reviewHoldOf({ amountMinor: draft.amountMinor, feeMinor });
  const accepted = answerFor(draftOperation(userId, referenceNumber, draft, feeMinor, 'review', held), 0);
  try {
    const [row] = await batched(db, userId).rows<
      Partial<OperationRecord> & { available: unknown; refused: boolean }
    >(
      'wallet_create_review',
      CREATE_REVIEW,
      [
        ...values,
        held,
        key,
        requestHash,
        refusal.statusCode,
        JSON.stringify(refusal.body),
        accepted.statusCode,
        JSON.stringify(accepted.body),
        draft.cartId ?? null,
        draft.billQuoteId ?? null,
        draft.billKey ?? null,
        JSON.stringify(hits),
        continuation === null ? null : JSON.stringify(continuation),
      ],
      [walletLockCheck([userId]), ...preconditions],
    );
    if (!row || row.refused) return { outcome: 'refused', answer: refusal };
    const operation = toOperation(row as OperationRecord);
    const availableMinor = toMinor(row.available);
    return { outcome: 'created', operation, availableMinor, answer: answerFor(operation, availableMinor) };
  } catch (error) {
    if (isUniqueViolation(error, 'idempotency_keys_pk')) return { outcome: 'duplicateKey' };
    if (isPaidAlready(error)) return { outcome: 'duplicateCart' };
    throw error;
  }
};

/** The staff member deciding a hold, and why (kept in the hold row and the audit trail). */
export interface ReviewDecision {
  holdId: number;
  staffId: number;
  reason: string;
}

/** A hold as its decision reads it. */
export interface DecidedHold {
  holdId: number;
  operation: Operation;
  continuation: Continuation | null;
}

const OPEN_HOLD = `select h.id as hold_id, h.continuation, ${OPERATION_COLUMN_LIST.split(', ')
  .map((column) => `o.${column}`)
  .join(', ')}
  from monitoring_holds h join wallet_operations o on o.id = h.operation_id
  where h.id = $1::int and h.status = 'open' and o.status = 'review'`;

/** The open hold, read after its payer's wallet (and a receiver's) is locked; null when decided already. */
const lockedOpenHold = async (statements: Statements, holdId: number): Promise<DecidedHold | null> => {
  const [peek] = await statements.rows<{ user_id: number; counterparty: unknown; kind: string }>(
    'monitoring_hold_peek',
    `select o.user_id, o.kind, o.counterparty from monitoring_holds h join wallet_operations o on o.id = h.operation_id
     where h.id = $1::int`,
    [holdId],
  );
  if (!peek) return null;
  const counterparty = (
    typeof peek.counterparty === 'string' ? JSON.parse(peek.counterparty) : peek.counterparty
  ) as { rail: string; userId?: number };
  const receiver = counterparty.rail === 'wallet' ? (counterparty.userId ?? null) : null;
  await lockWallets(statements, receiver === null ? [peek.user_id] : [peek.user_id, receiver]);
  const [row] = await statements.rows<OperationRecord & { hold_id: number; continuation: unknown }>(
    'monitoring_hold_open',
    `${OPEN_HOLD} for update of h`,
    [holdId],
  );
  if (!row) return null;
  const continuation =
    typeof row.continuation === 'string' ? JSON.parse(row.continuation) : (row.continuation ?? null);
  return {
    holdId: row.hold_id,
    operation: toOperation(row),
    continuation: continuation as Continuation | null,
  };
};

const decideHold = (
  statements: Statements,
  { holdId, staffId, reason }: ReviewDecision,
  status: 'released' | 'rejected',
) =>
  statements.rows(
    'monitoring_hold_decide',
    `update monitoring_holds set status = $2::text, decided_by = $3::int, decided_at = now(), reason = $4::text
     where id = $1::int`,
    [holdId, status, staffId, reason],
  );

/**
 * A staff member's row in a user's audit chain, in the transaction of `statements` (audit_append, migration 0020):
 * the ledger's staff decisions (holds, reversals) run on raw statements, not on a Drizzle transaction.
 */
export const staffAuditIn = (
  statements: Statements,
  entry: {
    staffId: number;
    userId: number;
    action: string;
    subject: string;
    before: unknown;
    after: unknown;
  },
) =>
  statements.rows(
    'staff_audit_in_ledger',
    `select audit_append('user:' || $1::int, 'staff', $2::int, null, $3::text, $4::text, $5::jsonb, $6::jsonb)`,
    [
      entry.userId,
      entry.staffId,
      entry.action,
      entry.subject,
      JSON.stringify(entry.before),
      JSON.stringify(entry.after),
    ],
  );

const auditDecision = (
  statements: Statements,
  { staffId, reason }: ReviewDecision,
  operation: Operation,
  action: string,
  after: Record<string, unknown>,
) =>
  staffAuditIn(statements, {
    staffId,
    userId: operation.userId,
    action,
    subject: `operation:${operation.referenceNumber}`,
    before: { status: 'review', heldMinor: operation.heldMinor },
    after: { ...after, reason },
  });

/**
 * Releases a provider's kind: the operation becomes pending (its hold stays) in the decision's transaction; the
 * caller then makes its provider call (the continuation) as the route would have.
 */
const releaseToPending = async (
  statements: Statements,
  decision: ReviewDecision,
  hold: DecidedHold,
): Promise<Operation> => {
  await decideHold(statements, decision, 'released');
  const [row] = await statements.rows<OperationRecord>(
    'monitoring_release_pending',
    `update wallet_operations set status = 'pending' where id = $1::bigint and status = 'review'
     returning ${OPERATION_COLUMN_LIST}`,
    [hold.operation.id],
  );
  if (!row) throw new Error(`operation ${hold.operation.referenceNumber} left review meanwhile`);
  await auditDecision(statements, decision, hold.operation, 'review.released', { status: 'pending' });
  return toOperation(row);
};

/**
 * A kind decided at once, released: posted now as createPostedOperation would have (its plan's entries, the
 * receiver's row of a transfer between wallets, gems), the hold becoming the debit, in one statement.
 */
const RELEASE_POSTED = `with op as (
    update wallet_operations set status = 'Successful', held_minor = 0, resolved_at = now()
    where id = $1::bigint and status = 'review'
    returning ${OPERATION_COLUMN_LIST}
  ), ${receivedPart('$9', '$10')}, ${entriesPart(
    "insert into ledger_transactions (operation_id, description) select id, kind || ' ' || reference_number from op",
    '$2',
    '$3',
  )}, ${walletsPart('op, ', '$4', '$5', '$6')}, ${gemsPart('op, ', '$7', '$8')}
  select op.*, (select count(*) from e)::int as entry_count, (select count(*) from m)::int as received_rows,
         (select count(*) from g)::int as gem_rows,
         ${walletCheck('$4', "'no wallet for operation ' || op.reference_number")}
  from op`;

const releasePosted = async (
  statements: Statements,
  accounts: LedgerAccounts,
  db: Db,
  decision: ReviewDecision,
  { operation }: DecidedHold,
  receiverChecks: readonly Precondition[],
): Promise<Operation> => {
  const kind = operationKinds[operation.kind];
  const entries = kind.entries(operation);
  const changes = walletChanges(entries, new Map([[operation.userId, reviewHoldOf(operation)]]));
  const gems = gemChanges(entries);
  const { codes, amounts } = entryArrays(entries);
  await accounts.ensure(db, [accountCodes.wallet(operation.userId), ...codes], { autocommit: true });
  await decideHold(statements, decision, 'released');
  const receiver =
    kind.receivedAs && operation.counterparty.rail === 'wallet' ? operation.counterparty.userId : null;
  const [row] = await withChecks(statements, receiverChecks).rows<
    OperationRecord & { entry_count: number; received_rows: number; gem_rows: number }
  >('monitoring_release_posted', RELEASE_POSTED, [
    operation.id,
    codes,
    amounts,
    changes.users,
    changes.deltas,
    changes.releases,
    gems.users,
    gems.deltas,
    kind.receivedAs ?? null,
    receiver,
  ]);
  if (
    !row ||
    row.entry_count !== entries.length ||
    row.received_rows !== (receiver === null ? 0 : 1) ||
    row.gem_rows !== gems.users.length
  )
    throw new Error(`the release of ${operation.referenceNumber} did not post its whole plan`);
  await auditDecision(statements, decision, operation, 'review.released', { status: 'Successful' });
  return toOperation(row);
};

export type ReleaseOutcome =
  /** A provider's kind, now pending: make its provider call. */
  | { outcome: 'callProvider'; operation: Operation; continuation: Continuation | null }
  /** Posted at once. */
  | { outcome: 'posted'; operation: Operation }
  | { outcome: 'decidedAlready' };

/**
 * Releases a held move: a kind decided at once is posted (after `receiverChecks`, the receiving wallet's limit),
 * a provider's kind becomes pending for its call. One transaction with the staff member's audit row.
 */
export const releaseReview = (
  db: Db,
  accounts: LedgerAccounts,
  decision: ReviewDecision,
  receiverChecks: (operation: Operation) => Precondition[],
): Promise<ReleaseOutcome> =>
  inTransaction(db, async (statements) => {
    const hold = await lockedOpenHold(statements, decision.holdId);
    if (!hold) return { outcome: 'decidedAlready' };
    if (operationKinds[hold.operation.kind].decision === 'immediate') {
      const operation = await releasePosted(
        statements,
        accounts,
        db,
        decision,
        hold,
        receiverChecks(hold.operation),
      );
      return { outcome: 'posted', operation };
    }
    const operation = await releaseToPending(statements, decision, hold);
    return { outcome: 'callProvider', operation, continuation: hold.continuation };
  });

/** Why a move rejected after review failed (the user's history and receipt show it). */
export const REJECTED_MESSAGE: DomainMessageId = 'monitoring.rejected';

const REJECT = `with op as (
    update wallet_operations
    set status = 'Failed', failure_message_id = $2::text, held_minor = 0, resolved_at = now()
    where id = $1::bigint and status = 'review'
    returning ${OPERATION_COLUMN_LIST}
  ), ${walletsPart('op, ', '$3', '$4', '$5')}
  select op.*, ${walletCheck('$3', "'no wallet for operation ' || op.reference_number")}
  from op`;

/** Rejects a held move: it fails and its hold (amount and fee) is given back, with the staff member's audit row. */
export const rejectReview = (db: Db, decision: ReviewDecision): Promise<Operation | null> =>
  inTransaction(db, async (statements) => {
    const hold = await lockedOpenHold(statements, decision.holdId);
    if (!hold) return null;
    const { operation } = hold;
    await decideHold(statements, decision, 'rejected');
    const [row] = await statements.rows<OperationRecord>('monitoring_reject', REJECT, [
      operation.id,
      REJECTED_MESSAGE,
      [operation.userId],
      [0],
      [reviewHoldOf(operation)],
    ]);
    if (!row) throw new Error(`operation ${operation.referenceNumber} left review meanwhile`);
    await auditDecision(statements, decision, operation, 'review.rejected', { status: 'Failed' });
    return toOperation(row);
  });
