import type { PGlite, Transaction } from '@electric-sql/pglite';
import pg from 'pg';
import { batchedRows, clientOf, preparedRows, retriedAfterDeadlock, type Db } from '../db/client';

/**
 * Where the ledger's statements run: each on its own (autocommit, a named prepared statement on node-postgres),
 * or one after another in one transaction on one connection (a payment that touches two user wallets).
 */
export interface Statements {
  rows<R>(name: string, text: string, values: unknown[]): Promise<R[]>;
}

export const autocommit = (db: Db): Statements => ({
  rows: (name, text, values) => preparedRows(db, name, text, values),
});

/**
 * A posting or creation of the money path: committed with the concurrent ones of other requests in one transaction
 * (PostgreSQL: commit-batcher.ts; `laneKey` is the user whose wallet and keys it writes), answered once committed.
 */
export const batched = (db: Db, laneKey: number): Statements => ({
  rows: (name, text, values) => batchedRows(db, laneKey, name, text, values),
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
        const result = await work({
          rows: async (name, text, values) => (await connection.query({ name, text, values })).rows,
        });
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
  return (client as PGlite).transaction((tx: Transaction) =>
    work({
      rows: async <R>(_name: string, text: string, values: unknown[]) =>
        (await tx.query<R>(text, values)).rows,
    }),
  );
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
