import { sql } from 'drizzle-orm';
import type { WalletOperationKind, WalletOperationStatus } from '../../contract/wallet';
import type { DomainMessageId } from '../../domain/messages';
import { preparedRows, type Db, type Queryable } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import type { IdempotencyKey, StoredAnswer } from '../plugins/idempotency';
import { accountCodes, type LedgerAccounts } from './accounts';
import { answerFor } from './answers';
import { newReferenceNumber } from './reference';
import { queryRows, toMinor } from '../db/sql';

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

const OPERATION_COLUMN_LIST =
  'id, user_id, reference_number, kind, direction, amount_minor, status, failure_message_id, description, counterparty, held_minor, created_at';
const OPERATION_COLUMNS = sql.raw(OPERATION_COLUMN_LIST);

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
  | {
      outcome: 'created';
      operation: Operation;
      availableMinor: number;
      /** The answer already stored under the key (kinds that answer at creation, see `answersAtCreation`). */
      answer: StoredAnswer | null;
    }
  | { outcome: 'duplicateKey' }
  | { outcome: 'refused'; answer: StoredAnswer };

/**
 * Kinds whose answer is known when the operation is created: a withdrawal (the money is held, the payout is
 * confirmed later) answers 200 pending, a MoMo top-up (the payer approves on the phone) 202 pending. Their answer
 * is stored with the operation, in the same statement, so the request needs no third commit after the provider
 * call. Whatever the provider then says is reported by the operation's status, like a later callback.
 */
export const answersAtCreation = (kind: WalletOperationKind): boolean =>
  isWithdrawal(kind) || kind === 'momo_top_up';

/** What `answerFor` says of a just-created operation (its walletAmount is filled in by the statement). */
const pendingOperation = (
  userId: number,
  referenceNumber: string,
  draft: OperationDraft,
  held: number,
): Operation => ({
  ...draft,
  id: 0,
  userId,
  referenceNumber,
  direction: directionOf(draft.kind),
  status: 'pending',
  failureMessageId: null,
  heldMinor: held,
  createdAt: new Date(0),
});

// The stored answer's walletAmount is made in SQL from pesewas with exact numeric division (bigint / numeric, never
// a float), the same conversion as minorToApiAmount, so the answer and its operation are written in one statement.
const createStatement = (wallet: string) => `with w as (${wallet}), op as (
    insert into wallet_operations
      (user_id, reference_number, kind, direction, amount_minor, description, counterparty, held_minor)
    select $1::int, $2::text, $3::text, $4::text, $5::bigint, $6::text, $7::jsonb, $8::bigint from w
    returning ${OPERATION_COLUMN_LIST}
  ), k as (
    insert into idempotency_keys (user_id, key, request_hash, operation_id, response_status, response_body)
    select $1::int, $9::text, $10::text, op.id,
           case when op.id is null then $11::int else $13::int end,
           case when op.id is null then $12::jsonb
                else jsonb_set($14::jsonb, '{data,walletAmount}', to_jsonb(round(w.available / 100.0, 2))) end
    from (select 1) as one left join op on true left join w on true
  )
  select op.*, w.available, op.id is null as refused
  from (select 1) as one left join op on true left join w on true`;

/** A withdrawal takes its hold; the conditional UPDATE is the balance check (under the wallet row lock). */
const CREATE_DEBIT = createStatement(`
    update wallets set held_minor = held_minor + $8::bigint
    where user_id = $1::int and balance_minor - held_minor >= $8::bigint
    returning balance_minor - held_minor as available`);
const CREATE_CREDIT = createStatement(
  'select balance_minor - held_minor as available from wallets where user_id = $1::int and $8::bigint = 0',
);

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
  db: Db,
  idempotency: IdempotencyKey,
  draft: OperationDraft,
  refusal: StoredAnswer,
): Promise<Created> => {
  const { userId, key, requestHash } = idempotency;
  const direction = directionOf(draft.kind);
  const held = direction === 'Debit' ? draft.amountMinor : 0;
  const referenceNumber = newReferenceNumber();
  const accepted = answersAtCreation(draft.kind)
    ? answerFor(pendingOperation(userId, referenceNumber, draft, held), 0)
    : null;
  try {
    const [row] = await preparedRows<Partial<OperationRecord> & { available: unknown; refused: boolean }>(
      db,
      held > 0 ? 'wallet_create_debit' : 'wallet_create_credit',
      held > 0 ? CREATE_DEBIT : CREATE_CREDIT,
      [
        userId,
        referenceNumber,
        draft.kind,
        direction,
        draft.amountMinor,
        draft.description,
        JSON.stringify(draft.counterparty),
        held,
        key,
        requestHash,
        refusal.statusCode,
        JSON.stringify(refusal.body),
        accepted?.statusCode ?? null,
        accepted ? JSON.stringify(accepted.body) : null,
      ],
    );
    if (!row || row.refused) return { outcome: 'refused', answer: refusal };
    const operation = toOperation(row as OperationRecord);
    const availableMinor = toMinor(row.available);
    return {
      outcome: 'created',
      operation,
      availableMinor,
      answer: accepted ? answerFor(operation, availableMinor) : null,
    };
  } catch (error) {
    if (isUniqueViolation(error, 'idempotency_keys_pk')) return { outcome: 'duplicateKey' };
    throw error;
  }
};

export const findOperation = async (
  db: Db,
  where: { id: number } | { referenceNumber: string; userId?: number },
): Promise<Operation | null> => {
  const [row] =
    'id' in where
      ? await preparedRows<OperationRecord>(
          db,
          'wallet_operation_by_id',
          `select ${OPERATION_COLUMN_LIST} from wallet_operations where id = $1::bigint`,
          [where.id],
        )
      : await preparedRows<OperationRecord>(
          db,
          'wallet_operation_by_reference',
          `select ${OPERATION_COLUMN_LIST} from wallet_operations
           where reference_number = $1::text and ($2::int is null or user_id = $2::int)`,
          [where.referenceNumber, where.userId ?? null],
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
  /** The answer stored under `key` by the same statement; null when no key was given or it already had one. */
  answer: StoredAnswer | null;
}

/**
 * The whole resolution in one statement, so one round trip and one (autocommit) transaction: the conditional
 * status UPDATE decides who resolves; on success the ledger transaction and its two entries (accounts found by
 * code: a missing one is a NOT NULL violation, never a silent lost entry) and the wallet's cached balance (its
 * UPDATE takes the row lock; a withdrawal's hold becomes the posted debit); on failure only the wallet's hold is
 * released; and the answer stored under the request's Idempotency-Key, its walletAmount read from the wallet
 * update (exact numeric, as in createStatement). The deferred trigger still checks at commit that the entries sum to zero.
 */
const RESOLVE = `with op as (
    update wallet_operations
    set status = $2::text, failure_message_id = $3::text, held_minor = 0, resolved_at = now()
    where id = $1::bigint and status = 'pending'
    returning ${OPERATION_COLUMN_LIST}
  ), t as (
    insert into ledger_transactions (operation_id, description)
    select id, description from op where $2::text = 'Successful'
    returning id
  ), e as (
    insert into ledger_entries (transaction_id, account_id, amount_minor)
    select t.id, a.id, v.amount from t
    cross join (values ($4::text, $5::bigint), ($6::text, -$5::bigint)) as v(code, amount)
    left join ledger_accounts a on a.code = v.code
    returning 1
  ), w as (
    update wallets set balance_minor = wallets.balance_minor + $7::bigint, held_minor = wallets.held_minor - $8::bigint
    from op
    where wallets.user_id = op.user_id and ($7::bigint <> 0 or $8::bigint <> 0)
    returning wallets.balance_minor - wallets.held_minor as available
  ), k as (
    update idempotency_keys
    set response_status = $11::int,
        response_body = case when $13::boolean
          then jsonb_set($12::jsonb, '{data,walletAmount}', to_jsonb(round((select available from w) / 100.0, 2)))
          else $12::jsonb end
    where user_id = $9::int and key = $10::text and response_status is null and exists (select 1 from op)
    returning 1
  )
  select op.*, (select count(*) from e)::int as entry_count, (select available from w) as available,
         exists (select 1 from k) as answered,
         case when ($7::bigint <> 0 or $8::bigint <> 0) and not exists (select 1 from w)
              then ('no wallet for operation ' || op.reference_number)::int end as wallet_check
  from op`;

/**
 * Resolves a pending operation exactly once (a concurrent or later resolver finds it no longer pending and gets
 * null). Success posts the ledger transaction (and a withdrawal's hold becomes the posted debit); failure of a
 * withdrawal only releases its hold. With `key`, the request's answer is stored under it in the same statement.
 */
export const resolveOperation = async (
  db: Db,
  accounts: LedgerAccounts,
  operation: Operation,
  resolution: Resolution,
  key?: Pick<IdempotencyKey, 'userId' | 'key'>,
): Promise<Resolved | null> => {
  const successful = resolution.status === 'Successful';
  const failureMessageId = successful ? null : resolution.failureMessageId;
  const walletCode = accountCodes.wallet(operation.userId);
  const otherCode = counterpartyAccount(operation.kind, operation.counterparty);
  // While pending, a withdrawal holds exactly its amount (set at creation, only cleared here).
  const release = isWithdrawal(operation.kind) ? operation.amountMinor : 0;
  const walletDelta = successful ? (operation.direction === 'Credit' ? 1 : -1) * operation.amountMinor : 0;
  if (successful) await accounts.ensure(db, [walletCode, otherCode], { autocommit: true });
  const after: Operation = { ...operation, status: resolution.status, failureMessageId, heldMinor: 0 };
  const answer = key ? answerFor(after, 0) : null;
  const [row] = await preparedRows<
    OperationRecord & { entry_count: number; available: unknown; answered: boolean }
  >(db, 'wallet_resolve', RESOLVE, [
    operation.id,
    resolution.status,
    failureMessageId,
    walletCode,
    walletDelta === 0 ? operation.amountMinor : walletDelta,
    otherCode,
    walletDelta,
    release,
    key?.userId ?? null,
    key?.key ?? null,
    answer?.statusCode ?? null,
    answer ? JSON.stringify(answer.body) : null,
    successful,
  ]);
  if (!row) return null;
  if (successful && row.entry_count !== 2) {
    throw new Error(
      `ledger transaction of ${operation.referenceNumber} posted ${row.entry_count} of 2 entries`,
    );
  }
  const resolved = toOperation(row);
  const availableMinor = row.available === null ? null : toMinor(row.available);
  return {
    operation: resolved,
    availableMinor,
    answer: answer && row.answered ? answerFor(resolved, availableMinor ?? 0) : null,
  };
};

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

/** How many operations a user has (counted on the (user_id, created_at) index). */
export const countOperationsOfUser = async (db: Db, userId: number): Promise<number> => {
  const [row] = await preparedRows<{ total: unknown }>(
    db,
    'wallet_operations_count_of_user',
    'select count(*) as total from wallet_operations where user_id = $1::int',
    [userId],
  );
  return toMinor(row?.total ?? 0);
};

/** One page of a user's operations, newest first (the (user_id, created_at) index, OFFSET within it). */
export const operationsPageOfUser = async (
  db: Db,
  userId: number,
  { offset, limit }: { offset: number; limit: number },
): Promise<Operation[]> => {
  const rows = await preparedRows<OperationRecord>(
    db,
    'wallet_operations_page_of_user',
    `select ${OPERATION_COLUMN_LIST} from wallet_operations where user_id = $1::int
     order by created_at desc, id desc limit $2::int offset $3::int`,
    [userId, limit, offset],
  );
  return rows.map(toOperation);
};
