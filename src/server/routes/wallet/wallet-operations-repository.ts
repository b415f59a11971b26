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
