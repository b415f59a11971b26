import { afterAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { ApiHost } from './support/api-host';
import { request } from './support/http';
import { createScratchDatabase, type ScratchDatabase } from './support/pg-admin';

/**
 * Two API hosts started at the same moment on a fresh, empty PostgreSQL database: migrations and the seed run
 * under an advisory lock, so one host migrates and seeds while the other waits, then finds it done. Both start
 * cleanly and answer; every migration is applied once; the reference data is there once.
 */
describe('two hosts starting together on a fresh database (PostgreSQL)', () => {
  let database: ScratchDatabase | undefined;
  const hosts: ApiHost[] = [];

  afterAll(async () => {
    await Promise.all(hosts.map((host) => host.stop()));
    await database?.drop();
  });

  it('both start, once the first has migrated and seeded', async () => {
    database = await createScratchDatabase(process.env.TEST_DATABASE_URL ?? '', 'startup');
    const url = database.url;
    const started = await Promise.allSettled([
      ApiHost.start({ databaseUrl: url, env: { LOG_LEVEL: 'warn' } }),
      ApiHost.start({ databaseUrl: url, env: { LOG_LEVEL: 'warn' } }),
    ]);
    for (const result of started) if (result.status === 'fulfilled') hosts.push(result.value);
    const failures = started.flatMap((result) =>
      result.status === 'rejected' ? [String(result.reason)] : [],
    );
    expect(failures).toEqual([]);

    for (const host of hosts) {
      const health = await request(host.baseUrl, { method: 'GET', path: '/api/health' });
      expect(health.status).toBe(200);
      const countries = await request(host.baseUrl, { method: 'GET', path: '/api/Country/GetAllCountries' });
      expect(countries.status).toBe(200);
    }

    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const migrations = await client.query<{ hash: string; n: string }>(
        'select hash, count(*) as n from drizzle.__drizzle_migrations group by hash having count(*) > 1',
      );
      expect(migrations.rows).toEqual([]);
      const ghana = await client.query<{ n: string }>(
        "select count(*) as n from countries where iso_code = 'GH'",
      );
      expect(Number(ghana.rows[0]?.n)).toBe(1);
      const jobs = await client.query<{ name: string }>('select name from scheduled_jobs order by name');
      expect(jobs.rows.map((row) => row.name)).toEqual([
        'ledger-check',
        'monitoring-hold-escalation',
        'provider-poll',
        'purge',
      ]);
    } finally {
      await client.end();
    }
  });
});
