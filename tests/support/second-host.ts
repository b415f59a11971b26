import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp, type BuildAppOptions } from '../../src/server/app';
import type { Config } from '../../src/server/config';
import { databaseFromPglite, databaseFromPool, type Database } from '../../src/server/db/client';
import type { TestApp } from './test-app';

export interface SecondHost {
  app: FastifyInstance;
  database: Database;
  close(): Promise<void>;
}

/**
 * Another API host on the test app's database: on PostgreSQL its own pool (and LISTEN connection) on the same
 * database, as a second machine behind the balancer would have; on PGlite another app on the same embedded
 * database (in-process notifications). Closing it leaves the first host's database open.
 */
export const createSecondHost = async (
  t: TestApp,
  configOverrides: Partial<Config> = {},
  options: Omit<BuildAppOptions, 'config' | 'database'> = {},
): Promise<SecondHost> => {
  const client = (t.database.db as unknown as { $client: unknown }).$client;
  let database: Database;
  if (client instanceof pg.Pool) {
    database = databaseFromPool(new pg.Pool({ ...client.options, max: 5 }));
  } else if (client instanceof PGlite) {
    database = { ...databaseFromPglite(client), close: async () => undefined };
  } else {
    throw new Error('the test app has neither a pg pool nor a PGlite client');
  }
  const app = await buildApp({ config: { ...t.config, ...configOverrides }, database, ...options });
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
};
