import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseFromPglite, databaseFromPool, type Database } from '../../src/server/db/client';
import { migrateDatabase, migrationsFolder } from '../../src/server/db/migrate';
import { queryRows } from '../../src/server/db/sql';
import { databaseUrl } from '../support/server-global-setup';

/*
 * Migration 0018_account_tiers on a database of main before it (0000-0017) holding users: those with an
 * identification on file are placed at 'minimum', the others at 'none'; the limits table holds the Bank of Ghana
 * rows of 1 March 2024. On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */

const BEFORE_TIERS = 17;

let database: Database;
let cleanUp: () => Promise<void> = async () => undefined;
let oldFolder = '';

/** The migrations folder as it was before issue 24: the files and a journal of entries 0000-0017. */
const folderBeforeTiers = async (): Promise<string> => {
  const folder = await mkdtemp(path.join(tmpdir(), 'migrations-before-tiers-'));
  await cp(migrationsFolder, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalPath, 'utf8')) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((entry) => entry.idx <= BEFORE_TIERS);
  await writeFile(journalPath, JSON.stringify(journal));
  return folder;
};

const migrateFrom = async (folder: string) => {
  if (database.kind === 'pglite')
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder: folder });
  else await migratePostgres(database.db as unknown as NodePgDatabase, { migrationsFolder: folder });
};

beforeAll(async () => {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `wallet_tiers_${randomBytes(6).toString('hex')}`;
    const admin = async (statement: string) => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(statement).finally(() => client.end());
    };
    await admin(`CREATE DATABASE ${name}`);
    database = databaseFromPool(new pg.Pool({ connectionString: databaseUrl(serverUrl, name), max: 2 }));
    cleanUp = () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } else {
    database = databaseFromPglite(await PGlite.create());
  }
  oldFolder = await folderBeforeTiers();
});

afterAll(async () => {
  await database?.close();
  await cleanUp();
  if (oldFolder) await rm(oldFolder, { recursive: true, force: true });
});

describe('migration 0018_account_tiers', () => {
  it('places existing users in the tier their data earns and seeds the 1 March 2024 limits', async () => {
    await migrateFrom(oldFolder);
    const db = database.db;
    await db.execute(
      sql`insert into countries (id, name, iso_code, dial_code) values (1, 'Ghana', 'GH', '+233')`,
    );
    await db.execute(sql`insert into identification_types (id, name) values (1, 'Ghana Card')`);
    const userIds: number[] = [];
    for (const name of ['identified', 'unidentified']) {
      const [row] = await queryRows<{ id: number }>(
        db,
        sql`insert into users (email, password_hash, first_name, last_name, phone_code, phone_number, country_id)
            values (${`${name}@example.com`}, 'x', 'Ama', 'Mensah', '+233', '241234567', 1) returning id`,
      );
      userIds.push(row!.id);
    }
    const [identified, unidentified] = userIds as [number, number];
    const [image] = await queryRows<{ id: string }>(
      db,
      sql`insert into identification_images (user_id, content_type, size_bytes, storage_path)
          values (${identified}, 'image/png', 1024, 'x.png') returning id`,
    );
    await db.execute(
      sql`insert into identifications (user_id, identification_type_id, identification_number, issued_date,
                                       expiry_date, image_id)
          values (${identified}, 1, '1234567890', '2020-01-01', '2035-01-01', ${image!.id}::uuid)`,
    );

    await migrateDatabase(database);

    const tiers = await queryRows<{ id: number; account_tier: string }>(
      db,
      sql`select id, account_tier from users order by id`,
    );
    expect(tiers).toEqual([
      { id: identified, account_tier: 'minimum' },
      { id: unidentified, account_tier: 'none' },
    ]);
    const limits = await queryRows<Record<string, unknown>>(
      db,
      sql`select tier, daily_minor::text as daily, monthly_minor::text as monthly, balance_minor::text as balance,
                 effective_from::text as effective_from
          from tier_limits order by daily_minor`,
    );
    expect(limits).toEqual([
      {
        tier: 'minimum',
        daily: '300000',
        monthly: '1000000',
        balance: '500000',
        effective_from: '2024-03-01',
      },
      { tier: 'medium', daily: '1500000', monthly: null, balance: '4000000', effective_from: '2024-03-01' },
      { tier: 'enhanced', daily: '2500000', monthly: null, balance: '7500000', effective_from: '2024-03-01' },
    ]);
    // A tier the code does not know is refused by the database.
    await expect(
      db.execute(sql`update users set account_tier = 'gold' where id = ${unidentified}`),
    ).rejects.toThrow();
  });
});
