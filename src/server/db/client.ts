import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Config } from '../config';
import * as schema from './schema';

/** The one database type the server's code sees, whichever driver is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** The database or a transaction: what query helpers accept. */
export type Queryable = Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

/** PGlite under DATA_DIR/pglite by default; PostgreSQL when DATABASE_URL is set. */
export const openDatabase = async (
  config: Pick<Config, 'DATA_DIR' | 'DATABASE_URL'> & Partial<Pick<Config, 'DATABASE_POOL_SIZE'>>,
): Promise<Database> => {
  if (config.DATABASE_URL) {
    const max = config.DATABASE_POOL_SIZE ?? 20;
    return databaseFromPool(new pg.Pool({ connectionString: config.DATABASE_URL, max }));
  }
  const directory = path.resolve(config.DATA_DIR, 'pglite');
  mkdirSync(directory, { recursive: true });
  return databaseFromPglite(await PGlite.create(directory));
};

export const databaseFromPglite = (client: PGlite): Database => ({
  db: drizzlePglite(client, { schema }) as unknown as Db,
  kind: 'pglite',
  close: () => client.close(),
});

export const databaseFromPool = (pool: pg.Pool): Database => {
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  return {
    db: drizzlePostgres(pool, { schema }) as unknown as Db,
    kind: 'postgres',
    close: () => pool.end(),
  };
};
