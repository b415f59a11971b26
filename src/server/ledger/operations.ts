import { sql } from 'drizzle-orm';
import type { WalletOperationKind, WalletOperationStatus } from '../../contract/wallet';
import type { DomainMessageId } from '../../domain/messages';
import type { Db, Queryable } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import type { IdempotencyKey, StoredAnswer } from '../plugins/idempotency';
import { accountCodes, type LedgerAccounts } from './accounts';
import { postTransaction } from './post';
import { newReferenceNumber } from './reference';
import { queryRows, toMinor } from './sql';

/** What may be shown of the other side, and what the ledger needs to pick the clearing account. */
export type Counterparty =
  | { rail: 'card'; label: string; brand: string; lastFour: string }
  | { rail: 'bank'; label: string; bankId: number; bankName: string; lastFour: string }
  | { rail: 'momo'; label: string; network: string; lastFour: string };

export interface OperationDraft {
  kind: WalletOperationKind;
  amountMinor: number;
  description: string;
  counterparty: Counterparty;
}

export interface Operation extends OperationDraft {
  id: number;
  userId: number;
  referenceNumber: string;
  direction: 'Credit' | 'Debit';
  status: WalletOperationStatus;
  failureMessageId: DomainMessageId | null;
  heldMinor: number;
  createdAt: Date;
}

export type Resolution = { status: 'Successful' } | { status: 'Failed'; failureMessageId: DomainMessageId };

export const isWithdrawal = (kind: WalletOperationKind): boolean =>
  kind === 'bank_withdrawal' || kind === 'momo_withdrawal';

export const directionOf = (kind: WalletOperationKind): 'Credit' | 'Debit' =>
  isWithdrawal(kind) ? 'Debit' : 'Credit';

/** The system account on the other side of the wallet: clearing for money coming in, payout for money going out. */
export const counterpartyAccount = (kind: WalletOperationKind, counterparty: Counterparty): string => {
  switch (counterparty.rail) {
    case 'card':
      return accountCodes.cardClearing();
    case 'bank':
      return isWithdrawal(kind)
        ? accountCodes.bankPayout(counterparty.bankId)
        : accountCodes.bankClearing(counterparty.bankId);
    case 'momo':
      return isWithdrawal(kind)
        ? accountCodes.momoPayout(counterparty.network)
        : accountCodes.momoClearing(counterparty.network);
  }
};

interface OperationRecord {
  id: unknown;
  user_id: number;
  reference_number: string;
  kind: WalletOperationKind;
  direction: 'Credit' | 'Debit';
  amount_minor: unknown;
  status: WalletOperationStatus;
  failure_message_id: DomainMessageId | null;
  description: string;
  counterparty: Counterparty | string;
  held_minor: unknown;
  created_at: Date | string;
}

const OPERATION_COLUMNS = sql.raw(
  'id, user_id, reference_number, kind, direction, amount_minor, status, failure_message_id, description, counterparty, held_minor, created_at',
);

const toOperation = (row: OperationRecord): Operation => ({
  id: toMinor(row.id),
  userId: row.user_id,
  referenceNumber: row.reference_number,
  kind: row.kind,
  direction: row.direction,
  amountMinor: toMinor(row.amount_minor),
  status: row.status,
  failureMessageId: row.failure_message_id,
  description: row.description,
  counterparty:
    typeof row.counterparty === 'string' ? (JSON.parse(row.counterparty) as Counterparty) : row.counterparty,
  heldMinor: toMinor(row.held_minor),
  createdAt: new Date(row.created_at),
});

export type Created =
  | { outcome: 'created'; operation: Operation; availableMinor: number }
  | { outcome: 'duplicateKey' }
  | { outcome: 'refused'; answer: StoredAnswer };

/**
 * Creates the operation and records its Idempotency-Key in one statement (so one transaction): a concurrent
 * request with the same key waits on the key's primary key, then fails with a unique violation and reads the
 * committed record instead. A withdrawal also takes its hold in the same statement: the UPDATE locks the wallet
 * row and PostgreSQL re-checks `balance - held >= amount` against the newest row version after any wait, so two
 * withdrawals can never hold more than the wallet has.
 *
 * When the wallet cannot cover the hold, the same statement records `refusal` as the key's answer (no operation):
 * the refusal is decided and stored atomically, so concurrent copies of the request serialize on the key's
 * primary key like accepted ones and every copy, and every later repeat, gets that one answer.
 */
export const createOperation = async (
  db: Queryable,
  idempotency: IdempotencyKey,
  draft: OperationDraft,
  refusal: StoredAnswer,
): Promise<Created> => {
  const { userId, key, requestHash } = idempotency;
  const direction = directionOf(draft.kind);
  const held = direction === 'Debit' ? draft.amountMinor : 0;
  const referenceNumber = newReferenceNumber();
  const wallet =
    held > 0
      ? sql`update wallets set held_minor = held_minor + ${held}::bigint
            where user_id = ${userId} and balance_minor - held_minor >= ${held}::bigint
            returning balance_minor - held_minor as available`
      : sql`select balance_minor - held_minor as available from wallets where user_id = ${userId}`;
  try {
    const [row] = await queryRows<Partial<OperationRecord> & { available: unknown; refused: boolean }>(
      db,
      sql`with w as (${wallet}), op as (
            insert into wallet_operations
              (user_id, reference_number, kind, direction, amount_minor, description, counterparty, held_minor)
            select ${userId}, ${referenceNumber}, ${draft.kind}, ${direction}, ${draft.amountMinor}::bigint,
                   ${draft.description}, ${JSON.stringify(draft.counterparty)}::jsonb, ${held}::bigint
            from w
            returning ${OPERATION_COLUMNS}
          ), k as (
            insert into idempotency_keys (user_id, key, request_hash, operation_id, response_status, response_body)
            select ${userId}, ${key}, ${requestHash}, op.id,
                   case when op.id is null then ${refusal.statusCode}::int end,
                   case when op.id is null then ${JSON.stringify(refusal.body)}::jsonb end
            from (select 1) as one left join op on true
          )
          select op.*, w.available, op.id is null as refused from (select 1) as one
          left join op on true left join w on true`,
    );
    if (!row || row.refused) return { outcome: 'refused', answer: refusal };
    return {
      outcome: 'created',
      operation: toOperation(row as OperationRecord),
      availableMinor: toMinor(row.available),
    };
  } catch (error) {
    if (isUniqueViolation(error, 'idempotency_keys_pk')) return { outcome: 'duplicateKey' };
    throw error;
  }
};

export const findOperation = async (
  db: Queryable,
  where: { id: number } | { referenceNumber: string; userId?: number },
): Promise<Operation | null> => {
  const condition =
    'id' in where
      ? sql`id = ${where.id}`
      : where.userId === undefined
        ? sql`reference_number = ${where.referenceNumber}`
        : sql`reference_number = ${where.referenceNumber} and user_id = ${where.userId}`;
  const [row] = await queryRows<OperationRecord>(
    db,
    sql`select ${OPERATION_COLUMNS} from wallet_operations where ${condition}`,
  );
  return row ? toOperation(row) : null;
};

export const availableBalance = async (db: Queryable, userId: number): Promise<number> => {
  const [row] = await queryRows<{ available: unknown }>(
    db,
    sql`select balance_minor - held_minor as available from wallets where user_id = ${userId}`,
  );
  if (!row) throw new Error(`user ${userId} has no wallet`);
  return toMinor(row.available);
};

export interface Resolved {
  operation: Operation;
  /** The wallet's available balance after the resolution, when this step changed it. */
  availableMinor: number | null;
}

/**
 * Resolves a pending operation exactly once: the conditional UPDATE decides who resolves (a concurrent or later
 * resolver finds it no longer pending and gets null). Success posts the ledger transaction (and a withdrawal's
 * hold becomes the posted debit); failure of a withdrawal only releases its hold. `then` runs in the same DB
 * transaction (storing the answer of an Idempotency-Key).
 */
export const resolveOperation = async (
  db: Db,
  accounts: LedgerAccounts,
  operationId: number,
  resolution: Resolution,
  then?: (tx: Queryable, resolved: Resolved) => Promise<void>,
): Promise<Resolved | null> =>
  db.transaction(async (tx) => {
    const failureMessageId = resolution.status === 'Failed' ? resolution.failureMessageId : null;
    const [row] = await queryRows<OperationRecord>(
      tx,
      sql`update wallet_operations
          set status = ${resolution.status}, failure_message_id = ${failureMessageId}, held_minor = 0, resolved_at = now()
          where id = ${operationId} and status = 'pending'
          returning ${OPERATION_COLUMNS}`,
    );
    if (!row) return null;
    const operation = toOperation(row);
    // While pending, a withdrawal holds exactly its amount (set at creation, only cleared here).
    const release = isWithdrawal(operation.kind) ? operation.amountMinor : 0;
    let availableMinor: number | null = null;
    if (resolution.status === 'Successful') {
      const sign = operation.direction === 'Credit' ? 1 : -1;
      const [wallet] = await postTransaction(tx, accounts, {
        operationId: operation.id,
        description: operation.description,
        entries: [
          { accountCode: accountCodes.wallet(operation.userId), amountMinor: sign * operation.amountMinor },
          {
            accountCode: counterpartyAccount(operation.kind, operation.counterparty),
            amountMinor: -sign * operation.amountMinor,
          },
        ],
        releaseHeld: new Map(release > 0 ? [[operation.userId, release]] : []),
      });
      if (wallet) availableMinor = wallet.balanceMinor - wallet.heldMinor;
    } else if (release > 0) {
      const [wallet] = await queryRows<{ available: unknown }>(
        tx,
        sql`update wallets set held_minor = held_minor - ${release}::bigint where user_id = ${operation.userId}
            returning balance_minor - held_minor as available`,
      );
      if (!wallet) throw new Error(`user ${operation.userId} has no wallet`);
      availableMinor = toMinor(wallet.available);
    }
    const resolved = { operation, availableMinor };
    if (then) await then(tx, resolved);
    return resolved;
  });

/** Where a pass over pending operations has got to (they are read in (created_at, id) order). */
export interface PendingCursor {
  createdAt: Date;
  id: number;
}

/** Pending operations created before `createdBefore`, oldest first, after `cursor`: what the worker checks. */
export const pendingOperations = async (
  db: Queryable,
  createdBefore: Date,
  limit: number,
  cursor: PendingCursor | null = null,
): Promise<Operation[]> => {
  const after = cursor
    ? sql`and (created_at, id) > (${cursor.createdAt.toISOString()}::timestamptz, ${cursor.id}::bigint)`
    : sql``;
  const rows = await queryRows<OperationRecord>(
    db,
    sql`select ${OPERATION_COLUMNS} from wallet_operations
        where status = 'pending' and created_at < ${createdBefore.toISOString()}::timestamptz ${after}
        order by created_at, id limit ${limit}`,
  );
  return rows.map(toOperation);
};

/** A user's operations, newest first. */
export const operationsOfUser = async (
  db: Queryable,
  userId: number,
  limit: number,
): Promise<Operation[]> => {
  const rows = await queryRows<OperationRecord>(
    db,
    sql`select ${OPERATION_COLUMNS} from wallet_operations where user_id = ${userId}
        order by created_at desc, id desc limit ${limit}`,
  );
  return rows.map(toOperation);
};
