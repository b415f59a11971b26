import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { CommitBatcherOptions } from '../../../src/server/db/commit-batcher';
import { databaseFromPool, type Database } from '../../../src/server/db/client';
import { migrateDatabase } from '../../../src/server/db/migrate';
import { queryRows } from '../../../src/server/db/sql';
import { createScratchDatabase, type ScratchDatabase } from './pg-admin';

/* A migrated scratch database on the test server, for the commit batcher's tests: users and wallets by SQL. */

export const serverUrl = (): string => {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  return url;
};

export const migratedScratch = async (): Promise<ScratchDatabase> => {
  const scratch = await createScratchDatabase(serverUrl(), 'batch_test');
  const database = databaseFromPool(new pg.Pool({ connectionString: scratch.url, max: 2 }), false);
  try {
    await migrateDatabase(database);
  } finally {
    await database.close();
  }
  return scratch;
};

export const openBatched = (url: string, options: CommitBatcherOptions, max = 8): Database =>
  databaseFromPool(new pg.Pool({ connectionString: url, max }), options);

/** `count` users with empty wallets; their ids. */
export const createWallets = async (database: Database, count: number): Promise<number[]> => {
  await queryRows(
    database.db,
    sql`insert into countries (id, name, iso_code, dial_code) select 999, 'Testland', 'TL', '+999'
        where not exists (select 1 from countries)`,
  );
  const rows = await queryRows<{ id: number }>(
    database.db,
    sql`insert into users (email, password_hash, first_name, last_name, phone_code, phone_number, country_id)
        select 'batch-' || gen_random_uuid() || '@example.com', 'x', 'Ama', 'Mensah', '+233', '200000000',
               (select min(id) from countries)
        from generate_series(1, ${count})
        returning id`,
  );
  const ids = rows.map((row) => Number(row.id));
  await queryRows(
    database.db,
    sql`insert into wallets (user_id) select unnest(${`{${ids.join(',')}}`}::int[])`,
  );
  return ids;
};

export const balancesOf = async (database: Database, ids: number[]): Promise<Map<number, number>> => {
  const rows = await queryRows<{ user_id: number; balance_minor: unknown }>(
    database.db,
    sql`select user_id, balance_minor from wallets where user_id = any(${`{${ids.join(',')}}`}::int[])`,
  );
  return new Map(rows.map((row) => [Number(row.user_id), Number(row.balance_minor)]));
};

/**
 * The ledger's own sums: every transaction sums to zero, and each wallet's cached balance is the sum of its
 * account's entries. Returns the problems found (none: an empty list).
 */
export const ledgerProblems = async (database: Database): Promise<string[]> => {
  const unbalanced = await queryRows<{ transaction_id: unknown }>(
    database.db,
    sql`select transaction_id from ledger_entries group by transaction_id having sum(amount_minor) <> 0`,
  );
  const drifted = await queryRows<{ user_id: unknown }>(
    database.db,
    sql`select w.user_id from wallets w
        left join ledger_accounts a on a.code = 'wallet:' || w.user_id
        left join lateral (select coalesce(sum(amount_minor), 0) as total from ledger_entries e where e.account_id = a.id) s on true
        where w.balance_minor <> coalesce(s.total, 0) or w.balance_minor < 0 or w.held_minor < 0`,
  );
  return [
    ...unbalanced.map((row) => `transaction ${String(row.transaction_id)} does not sum to zero`),
    ...drifted.map((row) => `wallet of user ${String(row.user_id)} differs from its entries or is negative`),
  ];
};
