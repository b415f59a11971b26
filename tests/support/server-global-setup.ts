import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { databaseFromPglite, databaseFromPool, type Database } from '../../src/server/db/client';
import { migrateDatabase } from '../../src/server/db/migrate';
import { seedReferenceData } from '../../src/server/seed/seed';

/** What every server test file clones: one migrated and seeded database per run. */
export type ServerTemplate =
  { kind: 'pglite'; dumpPath: string } | { kind: 'postgres'; serverUrl: string; templateName: string };

declare module 'vitest' {
  export interface ProvidedContext {
    serverTemplate: ServerTemplate;
  }
}

export const databaseUrl = (serverUrl: string, name: string): string => {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

const prepare = async (database: Database): Promise<void> => {
  await migrateDatabase(database);
  await seedReferenceData(database.db);
};

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const templateName = `wallet_tpl_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${templateName}`);
    await admin.end();
    const template = databaseFromPool(
      new pg.Pool({ connectionString: databaseUrl(serverUrl, templateName), max: 2 }),
    );
    try {
      await prepare(template);
    } finally {
      // No connection may stay open on a template database, or CREATE DATABASE ... TEMPLATE fails.
      await template.close();
    }
    project.provide('serverTemplate', { kind: 'postgres', serverUrl, templateName });
    return async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${templateName} WITH (FORCE)`);
      await client.end();
    };
  }

  const directory = await mkdtemp(path.join(tmpdir(), 'wallet-template-'));
  const dumpPath = path.join(directory, 'template.tar');
  const client = await PGlite.create();
  try {
    await prepare(databaseFromPglite(client));
    const dump = await client.dumpDataDir('none');
    await writeFile(dumpPath, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await client.close();
  }
  project.provide('serverTemplate', { kind: 'pglite', dumpPath });
  return async () => {
    await rm(directory, { recursive: true, force: true });
  };
}
