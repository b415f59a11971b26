import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type BuildAppOptions } from '../../src/server/app';
import { loadConfig, type Config } from '../../src/server/config';
import { databaseFromPglite, databaseFromPool, type Database } from '../../src/server/db/client';
import { batchOptionsFor, type CommitBatcherOptions } from '../../src/server/db/commit-batcher';
import { checkAnswersOf, routeRecorder, type RegisteredRoute } from './answer-checks';
import { databaseUrl } from './server-global-setup';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** Every route buildApp registered, with its response schemas. */
  routes: RegisteredRoute[];
  /** Closes the app and the database, drops the cloned PostgreSQL database, removes DATA_DIR. Always call it. */
  close(): Promise<void>;
}

/** A clone of the run's migrated and seeded template: PGlite from its dump, or PostgreSQL `CREATE DATABASE ... TEMPLATE`. */
const cloneTemplate = async (): Promise<{ database: Database; drop: () => Promise<void> }> => {
  const template = inject('serverTemplate');
  if (template.kind === 'pglite') {
    const dump = await readFile(template.dumpPath);
    const client = await PGlite.create({ loadDataDir: new Blob([dump]) });
    return { database: databaseFromPglite(client), drop: async () => undefined };
  }
  const name = `wallet_test_${randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: template.serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name} TEMPLATE ${template.templateName}`);
  const pool = new pg.Pool({ connectionString: databaseUrl(template.serverUrl, name), max: 10 });
  return {
    database: databaseFromPool(pool, testBatchOptions()),
    drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
};

/** The PostgreSQL tests run with batched ledger commits as a host does by default; TEST_LEDGER_BATCH_MAX=1: each alone. */
const testBatchOptions = (): CommitBatcherOptions | false =>
  batchOptionsFor(
    process.env.TEST_LEDGER_BATCH_MAX === undefined ? undefined : Number(process.env.TEST_LEDGER_BATCH_MAX),
  );

/**
 * The API on its own database clone and DATA_DIR, for `app.inject`: every answer is checked against the response
 * schema its route declares for its status (a mismatch fails the test).
 */
export const createTestApp = async (
  configOverrides: Partial<Config> = {},
  options: Omit<BuildAppOptions, 'config' | 'database'> = {},
): Promise<TestApp> => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'wallet-test-'));
  const config: Config = {
    ...loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      STATIC_DIR: path.join(dataDir, 'no-build'),
      LOG_LEVEL: (process.env.TEST_LOG_LEVEL as 'silent' | undefined) ?? 'silent',
    }),
    ...configOverrides,
  };
  const { database, drop } = await cloneTemplate();
  const { routes, onRoute } = routeRecorder();
  let app: FastifyInstance;
  try {
    app = await buildApp({ config, database, ...options, onRoute });
    await app.ready();
    checkAnswersOf(app, routes);
  } catch (error) {
    await database.close();
    await drop();
    throw error;
  }
  return {
    app,
    database,
    config,
    routes,
    close: async () => {
      await app.close();
      await database.close();
      await drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
};
