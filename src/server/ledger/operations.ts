import { sql } from 'drizzle-orm';
import type { Db, Queryable } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { queryRows, toMinor } from '../db/sql';
import type { IdempotencyKey, StoredAnswer } from '../idempotency/idempotency-key';
import { accountCodes, type LedgerAccounts } from './accounts';
import { answerFor } from './answers';
import { CounterpartyMismatchError, WalletNotFoundError } from './errors';
import { feeOf, holdOf, operationKinds } from './kinds';
import {
  OPERATION_COLUMN_LIST,
  toOperation,
  type Operation,
  type OperationDraft,
  type OperationRecord,
  type Resolution,
} from './operation';
import {
  entriesPart,
  entryArrays,
  gemChanges,
  gemsPart,
  isWalletShortfall,
  runPosting,
  walletChanges,
  walletCheck,
  walletsPart,
} from './posting';
import { newReferenceNumber } from './reference';
import { autocommit, batched, walletLockCheck, type Precondition } from './statements';

/*
 * An operation's life on the ledger, driven by its kind's entry plan (kinds.ts): created with its Idempotency-Key
 * (and, for a debit followed by a provider, its hold of amount + fee); later posted (the plan's entries) or
 * released (the hold) exactly once; or, for a kind decided at once, created and posted in one statement.
 */

export type Created =
  | {
      outcome: 'created';
      operation: Operation;
      availableMinor: number;
      /** The answer already stored under the key (kinds that answer at creation). */
      answer: StoredAnswer | null;
    }
  | { outcome: 'duplicateKey' }
  /** Another operation already pays this draft's cart: nothing of this one happened. */
  | { outcome: 'duplicateCart' }
  | { outcome: 'refused'; answer: StoredAnswer };

/** The operation as it stands once created, before the statement has given it an id and a date. */
export const draftOperation = (
  userId: number,
  referenceNumber: string,
  draft: OperationDraft,
  feeMinor: number,
  status: Operation['status'],
  held: number,
): Operation => ({
  ...draft,
  cartId: draft.cartId ?? null,
  id: 0,
  userId,
  referenceNumber,
  direction: operationKinds[draft.kind].direction,
  feeMinor,
  status,
  failureMessageId: null,
  heldMinor: held,
  createdAt: new Date(0),
});

/**
 * A new operation's reference, fee and the first seven parameters of the creating statements ($1-$7); its cart is
 * the last parameter of each.
 */
export const newOperation = ({ userId }: IdempotencyKey, draft: OperationDraft) => {
  const feeMinor = draft.feeMinor ?? feeOf(draft.kind, draft.amountMinor);
  if (
    !Number.isSafeInteger(feeMinor) ||
    feeMinor < 0 ||
    (feeMinor > 0 && !operationKinds[draft.kind].charged)
  )
    throw new RangeError(`${draft.kind} cannot charge a fee of ${feeMinor}`);
  const referenceNumber = newReferenceNumber();
  const direction = operationKinds[draft.kind].direction;
  const counterparty = JSON.stringify(draft.counterparty);
  const values = [userId, referenceNumber, draft.kind, direction, draft.amountMinor, feeMinor, counterparty];
  return { feeMinor, referenceNumber, values };
};

/**
 * The unique constraints that let a transfer cart, a bill quote and a bill be paid by one operation only, and a cart
 * be funded by one collection at a time (schema.ts): a violation of any of them means "paid already".
 */
const PAID_ONCE = [
  'wallet_operations_cart_unique',
  'wallet_operations_funding_unique',
  'wallet_operations_bill_quote_unique',
  'wallet_operations_bill_key_unique',
] as const;
export const isPaidAlready = (error: unknown) =>
  PAID_ONCE.some((constraint) => isUniqueViolation(error, constraint));

/** A receiving row's reference: the payer's operation's, with this suffix (one transfer, one reference to quote). */
export const RECEIVED_SUFFIX = '-R';

/** The user whose wallet receives a draft's amount (a transfer between wallets). */
export const receivingUser = ({ kind, counterparty }: OperationDraft): number => {
  if (counterparty.rail !== 'wallet') throw new CounterpartyMismatchError(kind, counterparty.rail);
  return counterparty.userId;
};

// The stored answer's walletAmount is made in SQL from pesewas with exact numeric division (bigint / numeric, never
// a float), the same conversion as minorToApiAmount, so the answer and its operation are written in one statement.
const createStatement = (wallet: string) => `with w as (${wallet}), op as (
    insert into wallet_operations
      (user_id, reference_number, kind, direction, amount_minor, fee_minor, counterparty, held_minor, cart_id,
       funding_cart_id, bill_quote_id, bill_key)
    select $1::int, $2::text, $3::text, $4::text, $5::bigint, $6::bigint, $7::jsonb, $8::bigint,
           case when $4::text = 'Debit' then $15::uuid end, case when $4::text = 'Credit' then $15::uuid end,
           $16::uuid, $17::text
    from w
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

/** A debit takes its hold (amount + fee); the conditional UPDATE is the balance check (under the wallet row lock). */
const CREATE_HOLDING = createStatement(`
    update wallets set held_minor = held_minor + $8::bigint
    where user_id = $1::int and balance_minor - held_minor >= $8::bigint
    returning balance_minor - held_minor as available`);
const CREATE_CREDIT = createStatement(
  'select balance_minor - held_minor as available from wallets where user_id = $1::int and $8::bigint = 0',
);

/**
 * Creates an operation that a provider decides later, and records its Idempotency-Key, in one statement (so one
 * transaction): a concurrent request with the same key waits on the key's primary key, then fails with a unique
 * violation and reads the committed record instead. A debit also takes its hold (its plan's amount + fee) in the
 * same statement: the UPDATE locks the wallet row and PostgreSQL re-checks `balance - held >= hold` against the
 * newest row version after any wait, so two debits can never hold more than the wallet has.
 *
 * When the wallet cannot cover the hold, the same statement records `refusal` as the key's answer (no operation):
 * the refusal is decided and stored atomically, so concurrent copies of the request serialize on the key's
 * primary key like accepted ones and every copy, and every later repeat, gets that one answer.
 *
 * The `preconditions` are read after the user's wallet row is locked, in the statement's transaction (savepoint, in a
 * batch): refused, nothing is created and no answer is stored (PreconditionFailedError).
 */
export const createOperation = async (
  db: Db,
  idempotency: IdempotencyKey,
  draft: OperationDraft,
  refusal: StoredAnswer,
  preconditions: readonly Precondition[] = [],
): Promise<Created> => {
  const { userId, key, requestHash } = idempotency;
  const { feeMinor, referenceNumber, values } = newOperation(idempotency, draft);
  const held = holdOf(draft.kind, draft.amountMinor, feeMinor);
  const accepted = operationKinds[draft.kind].answersAtCreation
    ? answerFor(draftOperation(userId, referenceNumber, draft, feeMinor, 'pending', held), 0)
    : null;
  try {
    const [row] = await batched(db, userId).rows<
      Partial<OperationRecord> & { available: unknown; refused: boolean }
    >(
      held > 0 ? 'wallet_create_debit' : 'wallet_create_credit',
      held > 0 ? CREATE_HOLDING : CREATE_CREDIT,
      [
        ...values,
        held,
        key,
        requestHash,
        refusal.statusCode,
        JSON.stringify(refusal.body),
        accepted?.statusCode ?? null,
        accepted ? JSON.stringify(accepted.body) : null,
        draft.cartId ?? null,
        draft.billQuoteId ?? null,
        draft.billKey ?? null,
      ],
      preconditions.length > 0 ? [walletLockCheck([userId]), ...preconditions] : [],
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
    if (isPaidAlready(error)) return { outcome: 'duplicateCart' };
    throw error;
  }
};

/** The answer's walletAmount: the paying wallet's available balance after the statement, in exact numeric. */
export const answerWithBalance = (answer: string, fill: string, user: string) =>
  `case when ${fill} then jsonb_set(${answer}::jsonb, '{data,walletAmount}',
     to_jsonb(round((select w.balance_minor - w.held_minor from w where w.user_id = ${user}::int) / 100.0, 2)))
   else ${answer}::jsonb end`;

/**
 * The receiving row `m` of a transfer between wallets posted from `op` (kind `kind`, or none when it is null; the
 * receiver `user`): a Successful credit of the amount, its counterparty the payer's full name, its reference the
 * payer's with '-R', no entries of its own (the payer's posting credits that wallet).
 */
export const receivedPart = (kind: string, user: string) => `m as (
    insert into wallet_operations
      (user_id, reference_number, kind, direction, amount_minor, fee_minor, counterparty, held_minor, status, resolved_at, source_operation_id)
    select ${user}::int, op.reference_number || '${RECEIVED_SUFFIX}', ${kind}::text, 'Credit', op.amount_minor, 0,
           jsonb_build_object('rail', 'wallet', 'userId', op.user_id, 'label',
             (select concat_ws(' ', u.first_name, nullif(u.middle_name, ''), u.last_name) from users u where u.id = op.user_id)),
           0, 'Successful', now(), op.id
    from op where ${kind}::text is not null
    returning 1
  )`;

/**
 * Created and posted at once (a kind decided without a provider): the operation (Successful), its ledger
 * transaction and entries, the wallets' balances and the key's answer, in one statement. A wallet that cannot
 * cover its debit fails the statement on the wallets' CHECK, so nothing of it is kept. A kind received by another
 * wallet (`receivedAs`: a transfer between wallets) also writes the receiver's row `m` ($18 its kind, $19 its user):
 * a Successful credit of the amount, its counterparty the payer's full name, its reference the payer's with '-R',
 * no entries of its own (the payer's posting credits that wallet). Gems its plan credits ($20 users, $21 gems: a gem
 * purchase) go to the users' gem balances `g` in the same statement.
 */
const CREATE_POSTED = `with op as (
    insert into wallet_operations
      (user_id, reference_number, kind, direction, amount_minor, fee_minor, counterparty, held_minor, status, resolved_at, cart_id)
    values ($1::int, $2::text, $3::text, $4::text, $5::bigint, $6::bigint, $7::jsonb, 0, 'Successful', now(), $17::uuid)
    returning ${OPERATION_COLUMN_LIST}
  ), ${receivedPart('$18', '$19')}, ${entriesPart(
    "insert into ledger_transactions (operation_id, description) select id, kind || ' ' || reference_number from op",
    '$8',
    '$9',
  )}, ${walletsPart('op, ', '$10', '$11', '$12')}, ${gemsPart('op, ', '$20', '$21')}, k as (
    insert into idempotency_keys (user_id, key, request_hash, operation_id, response_status, response_body)
    select $1::int, $13::text, $14::text, op.id, $15::int, ${answerWithBalance('$16', 'true', '$1')}
    from op where $13::text is not null
  )
  select op.*, (select count(*) from e)::int as entry_count, (select count(*) from m)::int as received_rows,
         (select count(*) from g)::int as gem_rows,
         (select w.balance_minor - w.held_minor from w where w.user_id = op.user_id) as available,
         ${walletCheck('$10', "'no wallet for operation ' || op.reference_number")}
  from op`;

export type Posted =
  | { outcome: 'posted'; operation: Operation; availableMinor: number; answer: StoredAnswer }
  | { outcome: 'duplicateKey' }
  | { outcome: 'duplicateCart' }
  | { outcome: 'insufficientFunds' };

/**
 * Creates and posts an operation decided at once, with its Idempotency-Key. When it touches two user wallets (a
 * transfer between wallets) they are locked first, in user id order, in one transaction. The `preconditions` are
 * read once the wallets are locked (runPosting).
 */
export const createPostedOperation = async (
  db: Db,
  accounts: LedgerAccounts,
  idempotency: IdempotencyKey,
  draft: OperationDraft,
  preconditions: readonly Precondition[] = [],
): Promise<Posted> => {
  const { userId, key, requestHash } = idempotency;
  const kind = operationKinds[draft.kind];
  const { feeMinor, referenceNumber, values } = newOperation(idempotency, draft);
  const entries = kind.entries({
    userId,
    amountMinor: draft.amountMinor,
    feeMinor,
    counterparty: draft.counterparty,
  });
  const changes = walletChanges(entries);
  const gems = gemChanges(entries);
  const { codes, amounts } = entryArrays(entries);
  const answer = answerFor(draftOperation(userId, referenceNumber, draft, feeMinor, 'Successful', 0), 0);
  const receiver = kind.receivedAs ? receivingUser(draft) : null;
  await accounts.ensure(db, codes, { autocommit: true });
  try {
    const [row] = await runPosting(
      db,
      changes,
      userId,
      (statements) =>
        statements.rows<
          OperationRecord & {
            entry_count: number;
            received_rows: number;
            gem_rows: number;
            available: unknown;
          }
        >('wallet_create_posted', CREATE_POSTED, [
          ...values,
          codes,
          amounts,
          changes.users,
          changes.deltas,
          changes.releases,
          key,
          requestHash,
          answer.statusCode,
          JSON.stringify(answer.body),
          draft.cartId ?? null,
          kind.receivedAs ?? null,
          receiver,
          gems.users,
          gems.deltas,
        ]),
      preconditions,
    );
    if (!row || row.entry_count !== entries.length) {
      throw new Error(
        `operation ${referenceNumber} posted ${row?.entry_count ?? 0} of ${entries.length} entries`,
      );
    }
    if (row.received_rows !== (receiver === null ? 0 : 1)) {
      throw new Error(`operation ${referenceNumber} wrote ${row.received_rows} receiving rows`);
    }
    if (row.gem_rows !== gems.users.length) {
      throw new Error(
        `operation ${referenceNumber} changed ${row.gem_rows} of ${gems.users.length} gem balances`,
      );
    }
    const operation = toOperation(row);
    const availableMinor = toMinor(row.available);
    return { outcome: 'posted', operation, availableMinor, answer: answerFor(operation, availableMinor) };
  } catch (error) {
    if (isUniqueViolation(error, 'idempotency_keys_pk')) return { outcome: 'duplicateKey' };
    if (isPaidAlready(error)) return { outcome: 'duplicateCart' };
    if (isWalletShortfall(error)) return { outcome: 'insufficientFunds' };
    throw error;
  }
};

export const findOperation = async (
  db: Db,
  where: { id: number } | { referenceNumber: string; userId?: number },
): Promise<Operation | null> => {
  const [row] =
    'id' in where
      ? await autocommit(db).rows<OperationRecord>(
          'wallet_operation_by_id',
          `select ${OPERATION_COLUMN_LIST} from wallet_operations where id = $1::bigint`,
          [where.id],
        )
      : await autocommit(db).rows<OperationRecord>(
          'wallet_operation_by_reference',
          `select ${OPERATION_COLUMN_LIST} from wallet_operations
           where reference_number = $1::text and ($2::int is null or user_id = $2::int)`,
          [where.referenceNumber, where.userId ?? null],
        );
  return row ? toOperation(row) : null;
};

export const availableBalance = async (db: Db, userId: number): Promise<number> => {
  const [row] = await autocommit(db).rows<{ available: unknown }>(
    'wallet_available',
    'select balance_minor - held_minor as available from wallets where user_id = $1::int',
    [userId],
  );
  if (!row) throw new WalletNotFoundError(userId);
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
 * status UPDATE decides who resolves; on success the ledger transaction and its plan's entries and the wallet's
 * cached balance (a debit's hold becomes the posted debit); on failure only the hold is released; and the answer
 * stored under the request's Idempotency-Key, its walletAmount read from the wallet update (exact numeric, as in
 * createStatement). The deferred trigger still checks at commit that the entries sum to zero.
 */
const RESOLVE = `with op as (
    update wallet_operations
    set status = $2::text, failure_message_id = $3::text, held_minor = 0, resolved_at = now()
    where id = $1::bigint and status = 'pending'
    returning ${OPERATION_COLUMN_LIST}
  ), ${entriesPart(
    "insert into ledger_transactions (operation_id, description) select id, kind || ' ' || reference_number from op where $2::text = 'Successful'",
    '$4',
    '$5',
  )}, ${walletsPart('op, ', '$6', '$7', '$8')}, k as (
    update idempotency_keys
    set response_status = $11::int, response_body = ${answerWithBalance('$12', '$13::boolean', '$9')}
    where user_id = $9::int and key = $10::text and response_status is null and exists (select 1 from op)
    returning 1
  )
  select op.*, (select count(*) from e)::int as entry_count,
         (select w.balance_minor - w.held_minor from w where w.user_id = op.user_id) as available,
         exists (select 1 from k) as answered,
         ${walletCheck('$6', "'no wallet for operation ' || op.reference_number")}
  from op`;

/**
 * Resolves a pending operation exactly once (a concurrent or later resolver finds it no longer pending and gets
 * null). Success posts its kind's entries (and a debit's hold becomes the posted debit); failure only releases the
 * hold. With `key`, the request's answer is stored under it in the same statement.
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
  const entries = successful
    ? operationKinds[operation.kind].entries({
        userId: operation.userId,
        amountMinor: operation.amountMinor,
        feeMinor: operation.feeMinor,
        counterparty: operation.counterparty,
      })
    : [];
  // Gems move only in postings decided at once (createPostedOperation); a provider's kind never plans any.
  if (gemChanges(entries).users.length > 0)
    throw new Error(`${operation.kind} plans gem entries, which a resolution does not post`);
  // While pending, a debit holds exactly what its plan takes from the wallet (set at creation, only cleared here).
  const hold = holdOf(operation.kind, operation.amountMinor, operation.feeMinor);
  const changes = walletChanges(entries, new Map(hold > 0 ? [[operation.userId, hold]] : []));
  const { codes, amounts } = entryArrays(entries);
  if (successful)
    await accounts.ensure(db, [accountCodes.wallet(operation.userId), ...codes], { autocommit: true });
  const after: Operation = { ...operation, status: resolution.status, failureMessageId, heldMinor: 0 };
  const answer = key ? answerFor(after, 0) : null;
  const [row] = await runPosting(db, changes, operation.userId, (statements) =>
    statements.rows<OperationRecord & { entry_count: number; available: unknown; answered: boolean }>(
      'wallet_resolve',
      RESOLVE,
      [
        operation.id,
        resolution.status,
        failureMessageId,
        codes,
        amounts,
        changes.users,
        changes.deltas,
        changes.releases,
        key?.userId ?? null,
        key?.key ?? null,
        answer?.statusCode ?? null,
        answer ? JSON.stringify(answer.body) : null,
        successful,
      ],
    ),
  );
  if (!row) return null;
  if (row.entry_count !== entries.length) {
    throw new Error(
      `ledger transaction of ${operation.referenceNumber} posted ${row.entry_count} of ${entries.length} entries`,
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
    sql`select ${sql.raw(OPERATION_COLUMN_LIST)} from wallet_operations
        where status = 'pending' and created_at < ${createdBefore.toISOString()}::timestamptz ${after}
        order by created_at, id limit ${limit}`,
  );
  return rows.map(toOperation);
};
