import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../src/contract/paths';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase, type Database } from '../../src/server/db/client';
import { migrateDatabase, withStartupLock } from '../../src/server/db/migrate';
import { seedReferenceData } from '../../src/server/seed/seed';
import { createScratchDatabase, type ScratchDatabase } from './support/pg-admin';
import { registerUser, logIn } from '../support/server-helpers';

/**
 * The session cache's LISTEN connection really cut by PostgreSQL (pg_terminate_backend): the host stops trusting its
 * cache at once and reads sessions from the database, so a revocation nobody heard of is still refused; it then
 * reopens the connection and trusts its cache again once its ping comes back.
 */
describe('the session cache when PostgreSQL cuts its LISTEN connection', () => {
  let scratch: ScratchDatabase;
  let database: Database;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let dataDir: string;

  beforeAll(async () => {
    scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL ?? '', 'listen');
    dataDir = await mkdtemp(path.join(tmpdir(), 'wallet-listen-'));
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      DATABASE_URL: scratch.url,
      LOG_LEVEL: 'silent',
    });
    database = await openDatabase(config);
    await withStartupLock(database, async () => {
      await migrateDatabase(database);
      await seedReferenceData(database.db);
    });
    app = await buildApp({ config, database });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await scratch?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  const waitFor = async (condition: () => boolean, ms: number) => {
    const deadline = Date.now() + ms;
    while (!condition() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    return condition();
  };
  const validate = (token: string) =>
    app.inject({ method: 'POST', url: apiPaths.validateToken, payload: { token } });
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: scratch.url });
    await client.connect();
    try {
      return await client.query(statement);
    } finally {
      await client.end();
    }
  };

  it('falls back to the database at once, then listens and trusts its cache again', async () => {
    expect(await waitFor(() => app.sessions.trusted(), 5_000)).toBe(true);
    const user = await registerUser(app);
    const { token } = await logIn(app, user.input.email, user.input.createPassword);
    expect((await validate(token)).statusCode).toBe(200);
    expect(app.sessions.size).toBe(1);

    const cut = await admin(
      `select pg_terminate_backend(pid) from pg_stat_activity
       where datname = current_database() and query ilike 'LISTEN%'`,
    );
    expect(cut.rowCount).toBe(1);
    expect(await waitFor(() => !app.sessions.trusted(), 1_000)).toBe(true);
    expect(app.sessions.size).toBe(0);

    // Revoked while the host listens to nothing: still refused, read from the database.
    await admin(`update sessions set revoked_at = now() where user_id = ${user.userId}`);
    expect((await validate(token)).statusCode).toBe(401);

    expect(await waitFor(() => app.sessions.trusted(), 5_000)).toBe(true);
    const again = await logIn(app, user.input.email, user.input.createPassword);
    expect((await validate(again.token)).statusCode).toBe(200);
    expect(app.sessions.size).toBe(1);
    await admin(
      `update sessions set revoked_at = now() where user_id = ${user.userId} and revoked_at is null`,
    );
    expect(await waitFor(() => app.sessions.size === 0, 1_000)).toBe(true);
    expect((await validate(again.token)).statusCode).toBe(401);
  });
});
