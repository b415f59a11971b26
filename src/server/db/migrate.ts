import { fileURLToPath } from 'node:url';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { Database } from './client';

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Applies every migration not yet applied (drizzle records them in drizzle.__drizzle_migrations). */
export const migrateDatabase = async (database: Database): Promise<void> => {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder });
  } else {
    await migratePostgres(database.db as unknown as NodePgDatabase, { migrationsFolder });
  }
};

/** The one advisory lock every host takes to migrate and seed (a fixed key: only this app uses it). */
const STARTUP_LOCK_KEY = 7_215_040_013;

/**
 * Runs `work` holding a session-level advisory lock on a connection of its own (PostgreSQL), so hosts starting
 * together on one database migrate and seed one after the other: the first does it, the next find it done.
 * PGlite is one process with one connection: nothing to wait for.
 */
export const withStartupLock = async <T>(database: Database, work: () => Promise<T>): Promise<T> => {
  if (database.kind === 'pglite') return work();
  const pool = (database.db as unknown as { $client: pg.Pool }).$client;
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1::bigint)', [STARTUP_LOCK_KEY]);
    try {
      return await work();
    } finally {
      await client.query('select pg_advisory_unlock($1::bigint)', [STARTUP_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
};
