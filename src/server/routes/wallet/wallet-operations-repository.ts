import { sql } from 'drizzle-orm';
import { preparedRows, type Db, type Queryable } from '../../db/client';
import { queryRows, toMinor } from '../../db/sql';
import {
  OPERATION_COLUMN_LIST,
  toOperation,
  type Operation,
  type OperationRecord,
} from '../../ledger/operation';

/*
 * The wallet operations as the money routes read them (the ledger writes them: ledger/operations.ts).
 */

/** A user's operations, newest first. */
export const operationsOfUser = async (
  db: Queryable,
  userId: number,
  limit: number,
): Promise<Operation[]> => {
  const rows = await queryRows<OperationRecord>(
    db,
    sql`select ${sql.raw(OPERATION_COLUMN_LIST)} from wallet_operations where user_id = ${userId}
        order by created_at desc, id desc limit ${limit}`,
  );
  return rows.map(toOperation);
};

/** An ILIKE pattern for "contains `term`": its backslash, `%` and `_` escaped, so each matches only itself. */
export const containsPattern = (term: string): string => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The search's condition on an operation ($2: a containsPattern). */
const MATCHES_SEARCH = `(reference_number ilike $2::text escape '\\' or counterparty->>'label' ilike $2::text escape '\\')`;

/**
 * How many operations a user has (counted on the (user_id, created_at) index); with a search, how many of them
 * have a reference number or counterparty label containing it (the user's rows filtered, no other user's read).
 */
export const countOperationsOfUser = async (db: Db, userId: number, search = ''): Promise<number> => {
  const [row] = search
    ? await preparedRows<{ total: unknown }>(
        db,
        'wallet_operations_count_of_user_search',
        `select count(*) as total from wallet_operations where user_id = $1::int and ${MATCHES_SEARCH}`,
        [userId, containsPattern(search)],
      )
    : await preparedRows<{ total: unknown }>(
        db,
        'wallet_operations_count_of_user',
        'select count(*) as total from wallet_operations where user_id = $1::int',
        [userId],
      );
  return toMinor(row?.total ?? 0);
};

/**
 * One page of a user's operations, newest first (the (user_id, created_at) index, OFFSET within it); with a
 * search, of those that match it (filtered along the same index order).
 */
export const operationsPageOfUser = async (
  db: Db,
  userId: number,
  { offset, limit, search = '' }: { offset: number; limit: number; search?: string },
): Promise<Operation[]> => {
  const rows = search
    ? await preparedRows<OperationRecord>(
        db,
        'wallet_operations_search_page_of_user',
        `select ${OPERATION_COLUMN_LIST} from wallet_operations where user_id = $1::int and ${MATCHES_SEARCH}
         order by created_at desc, id desc limit $3::int offset $4::int`,
        [userId, containsPattern(search), limit, offset],
      )
    : await preparedRows<OperationRecord>(
        db,
        'wallet_operations_page_of_user',
        `select ${OPERATION_COLUMN_LIST} from wallet_operations where user_id = $1::int
         order by created_at desc, id desc limit $2::int offset $3::int`,
        [userId, limit, offset],
      );
  return rows.map(toOperation);
};
