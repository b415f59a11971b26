import pg from 'pg';
import type { LedgerSnapshot } from './invariants';

const num = (value: unknown): number => {
  const parsed = typeof value === 'number' ? value : Number(value);
  if (!Number.isSafeInteger(parsed)) throw new Error(`not a safe integer: ${String(value)}`);
  return parsed;
};
const numOrNull = (value: unknown): number | null =>
  value === null || value === undefined ? null : num(value);

/** Reads every ledger table in one REPEATABLE READ transaction, so the snapshot is consistent. */
export const readLedgerSnapshot = async (databaseUrl: string): Promise<LedgerSnapshot> => {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const rows = async (text: string) => (await client.query(text)).rows as Record<string, unknown>[];
    const accounts = (await rows('SELECT id, code, kind, user_id, asset FROM ledger_accounts')).map(
      (row) => ({
        id: num(row.id),
        code: String(row.code),
        kind: String(row.kind),
        userId: numOrNull(row.user_id),
        asset: String(row.asset),
      }),
    );
    const wallets = (await rows('SELECT user_id, balance_minor, held_minor FROM wallets')).map((row) => ({
      userId: num(row.user_id),
      balanceMinor: num(row.balance_minor),
      heldMinor: num(row.held_minor),
    }));
    const transactions = (await rows('SELECT id, operation_id FROM ledger_transactions')).map((row) => ({
      id: num(row.id),
      operationId: numOrNull(row.operation_id),
    }));
    const entries = (
      await rows('SELECT id, transaction_id, account_id, amount_minor FROM ledger_entries')
    ).map((row) => ({
      id: num(row.id),
      transactionId: num(row.transaction_id),
      accountId: num(row.account_id),
      amountMinor: num(row.amount_minor),
    }));
    const operations = (
      await rows(
        'SELECT id, user_id, reference_number, kind, direction, amount_minor, fee_minor, status, held_minor, source_operation_id, ' +
          'row_number() OVER (PARTITION BY user_id ORDER BY created_at DESC, id DESC) AS recency FROM wallet_operations',
      )
    ).map((row) => ({
      id: num(row.id),
      userId: num(row.user_id),
      referenceNumber: String(row.reference_number),
      kind: String(row.kind),
      direction: String(row.direction) as 'Credit' | 'Debit',
      amountMinor: num(row.amount_minor),
      feeMinor: num(row.fee_minor),
      status: String(row.status) as 'pending' | 'Successful' | 'Failed',
      heldMinor: num(row.held_minor),
      sourceOperationId: numOrNull(row.source_operation_id),
      recency: num(row.recency),
    }));
    const idempotencyKeys = (await rows('SELECT user_id, key, operation_id FROM idempotency_keys')).map(
      (row) => ({
        userId: num(row.user_id),
        key: String(row.key),
        operationId: numOrNull(row.operation_id),
      }),
    );
    await client.query('COMMIT');
    return { accounts, wallets, transactions, entries, operations, idempotencyKeys };
  } finally {
    await client.end();
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
