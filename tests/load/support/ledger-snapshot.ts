import pg from 'pg';
import { databaseFromPool } from '../../../src/server/db/client';
import {
  readLedgerSnapshot as readSnapshot,
  type LedgerSnapshot,
} from '../../../src/server/ledger/invariants';

const num = (value: unknown): number => {
  const parsed = typeof value === 'number' ? value : Number(value);
  if (!Number.isSafeInteger(parsed)) throw new Error(`not a safe integer: ${String(value)}`);
  return parsed;
};

/** The server's consistent snapshot of the ledger tables (src/server/ledger/invariants.ts), over a URL. */
export const readLedgerSnapshot = async (databaseUrl: string): Promise<LedgerSnapshot> => {
  const database = databaseFromPool(new pg.Pool({ connectionString: databaseUrl, max: 1 }));
  try {
    return await readSnapshot(database.db);
  } finally {
    await database.close();
  }
};

/** How many operations are still pending (to wait for the worker before checking). */
export const pendingOperationCount = async (databaseUrl: string): Promise<number> => {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const result = await client.query(
      "SELECT count(*)::int AS n FROM wallet_operations WHERE status = 'pending'",
    );
    return num(result.rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
};
