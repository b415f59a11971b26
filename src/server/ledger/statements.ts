import type { PGlite, Transaction } from '@electric-sql/pglite';
import pg from 'pg';
import { batchedRows, clientOf, preparedRows, retriedAfterDeadlock, type Db } from '../db/client';
import { batcherOf, CHECK_REFUSED, checkedRows } from '../db/commit-batcher';
import { PreconditionFailedError } from './errors';

/**
 * Where the ledger's statements run: each on its own (autocommit, a named prepared statement on node-postgres),
 * or one after another in one transaction on one connection (a payment that touches two user wallets).
 */
export interface Statements {
  /**
   * The statement's rows. With `checks`, each check is run first, in the statement's transaction, as its own query
   * (so after the ones before it, and on what committed while they waited for a lock): a refusal fails the
   * statement with PreconditionFailedError, and nothing of it is kept.
   */
  rows<R>(name: string, text: string, values: unknown[], checks?: readonly Precondition[]): Promise<R[]>;
}

/**
 * A condition a money move needs, decided in the transaction that moves the money once the wallets it changes are
 * locked (wallet-service.ts `precondition`), not before: a query whose rows' `refusal` column, when not null,
 * refuses the move (PreconditionFailedError with that value). No row, or only nulls: nothing refuses. Every
 * parameter is cast (`$1::uuid`), as in the ledger's statements.
 */
export interface Precondition {
  /** The prepared statement's name. */
  name: string;
  text: string;
  values: unknown[];
}

/** Locks the user wallets a posting changes (in user id order) before its preconditions are read. */
export const walletLockCheck = (userIds: readonly number[]): Precondition => ({
  name: 'wallet_lock_check',
  text: 'select null::text as refusal from wallets where user_id = any($1::int[]) order by user_id for update',
  values: [[...new Set(userIds)].sort((a, b) => a - b)],
});

/** The same statements, each run after `checks` (and its own). */
export const withChecks = (statements: Statements, checks: readonly Precondition[]): Statements => ({
  rows: (name, text, values, own = []) => statements.rows(name, text, values, [...checks, ...own]),
});

const runChecks = async (statements: Statements, checks: readonly Precondition[]): Promise<void> => {
  for (const check of checks) {
    const rows = await statements.rows<{ refusal: string | null }>(check.name, check.text, check.values);
    const refused = rows.find((row) => row.refusal !== null && row.refusal !== undefined);
    if (refused?.refusal) throw new PreconditionFailedError(refused.refusal);
  }
};

/** A check's refusal (SQLSTATE CHECK_REFUSED, commit-batcher.ts) as the ledger's PreconditionFailedError. */
const refusedAsPrecondition = (error: unknown): unknown =>
  (error as { code?: unknown } | null)?.code === CHECK_REFUSED
    ? new PreconditionFailedError((error as Error).message)
    : error;

/**
 * A statement with checks outside a batch: checks and statement in one transaction. On PostgreSQL that is one
 * round trip (commit-batcher.ts checkedRows: one function runs the checks, each as its own query, then the
 * statement), run again when it was a deadlock's victim; on PGlite, one statement after another in a transaction.
 */
const checkedAlone = async <R>(
  db: Db,
  name: string,
  text: string,
  values: unknown[],
  checks: readonly Precondition[],
): Promise<R[]> => {
  const client = clientOf(db);
  if (!(client instanceof pg.Pool))
    return inTransaction(db, (statements) => statements.rows<R>(name, text, values, checks));
  try {
    return await retriedAfterDeadlock(() => checkedRows<R>(client, name, text, values, checks));
  } catch (error) {
    throw refusedAsPrecondition(error);
  }
};

export const autocommit = (db: Db): Statements => ({
  rows: (name, text, values, checks = []) =>
    checks.length > 0 ? checkedAlone(db, name, text, values, checks) : preparedRows(db, name, text, values),
});

/**
 * A posting or creation of the money path: committed with the concurrent ones of other requests in one transaction
 * (PostgreSQL: commit-batcher.ts; `laneKey` is the user whose wallet and keys it writes), answered once committed.
 * Its checks run in its savepoint in the batch: a refused one fails only this statement, never its batch.
 * `wallets`: every user whose wallet it changes, when that is more than `laneKey`'s (a transfer between wallets,
 * whose checks lock them; its batch locks them first, in user id order).
 */
export const batched = (db: Db, laneKey: number, wallets: readonly number[] = []): Statements => ({
  rows: async (name, text, values, checks = []) => {
    if (checks.length === 0 && wallets.length <= 1) return batchedRows(db, laneKey, name, text, values);
    const client = clientOf(db);
    const batcher = client instanceof pg.Pool ? batcherOf(client) : undefined;
    if (!batcher) return checkedAlone(db, name, text, values, checks);
    try {
      return await batcher.rows(laneKey, name, text, values, checks, wallets);
    } catch (error) {
      throw refusedAsPrecondition(error);
    }
  },
});

/**
 * Runs `work` in one transaction: committed when it resolves, rolled back when it throws. On PostgreSQL, a deadlock's
 * victim (its wallets locked in user id order can still meet a batch of postings holding them in its queue's order,
 * LEDGER_BATCH_MAX > 1) was rolled back whole and runs again: `work` does nothing but its statements.
 */
export const inTransaction = async <T>(db: Db, work: (statements: Statements) => Promise<T>): Promise<T> => {
  const client = clientOf(db);
  if (client instanceof pg.Pool) {
    const pool = client;
    return retriedAfterDeadlock(async () => {
      const connection = await pool.connect();
      try {
        await connection.query('begin');
        const statements: Statements = {
          rows: async (name, text, values, checks = []) => {
            await runChecks(statements, checks);
            return (await connection.query({ name, text, values })).rows;
          },
        };
        const result = await work(statements);
        await connection.query('commit');
        return result;
      } catch (error) {
        await connection.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        connection.release();
      }
    });
  }
  return (client as PGlite).transaction((tx: Transaction) => {
    const statements: Statements = {
      rows: async <R>(
        _name: string,
        text: string,
        values: unknown[],
        checks: readonly Precondition[] = [],
      ) => {
        await runChecks(statements, checks);
        return (await tx.query<R>(text, values)).rows;
      },
    };
    return work(statements);
  });
};

/** PostgreSQL's check_violation (a CHECK constraint refused a row), whichever driver raised it. */
export const isCheckViolation = (error: unknown, constraints: readonly string[]): boolean => {
  for (let current: unknown = error, depth = 0; current && depth < 4; depth += 1) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (candidate.code === '23514') return constraints.includes(String(candidate.constraint));
    current = candidate.cause;
  }
  return false;
};
