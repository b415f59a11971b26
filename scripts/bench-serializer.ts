/**
 * `npx tsx scripts/bench-serializer.ts`: what checking every answer with zod costs, against sending it with
 * JSON.stringify alone (docs/decisions.md, "Issue 7: server layout").
 *
 * 1. The serializers alone, on the ValidateToken answer (the hottest route) and on the country list (the biggest
 *    reference answer): microseconds per answer.
 * 2. Whole requests through the API host (`app.inject`, the whole Fastify pipeline and the database, no sockets):
 *    wall time and CPU per request, with the checking and the production serializer, in alternating rounds.
 *
 * Bounded: BENCH_REQUESTS requests per round (default 3000), BENCH_ROUNDS rounds per serializer (default 4),
 * BENCH_CONCURRENCY requests in flight (default 8). The database: PostgreSQL when BENCH_DATABASE_URL is set (a
 * scratch database, dropped at the end), else an in-memory PGlite.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import { serializerCompiler as zodProviderSerializerCompiler } from 'fastify-type-provider-zod';
import pg from 'pg';
import { envelopeSchema } from '../src/contract/envelope';
import { apiPaths } from '../src/contract/paths';
import { countryListSchema } from '../src/contract/reference';
import { validateTokenResponseSchema } from '../src/contract/user';
import { buildApp } from '../src/server/app';
import { loadConfig, type Config } from '../src/server/config';
import { databaseFromPglite, databaseFromPool, type Database } from '../src/server/db/client';
import { migrateDatabase } from '../src/server/db/migrate';
import { checkedSerializerCompiler, fastSerializerCompiler } from '../src/server/plugins/response-serializer';
import { listCountries } from '../src/server/routes/reference/reference-repository';
import { seedReferenceData } from '../src/server/seed/seed';
import { createScratchDatabase, type ScratchDatabase } from '../tests/load/support/pg-admin';

const env = process.env;
const requests = Number(env.BENCH_REQUESTS ?? 3000);
const rounds = Number(env.BENCH_ROUNDS ?? 4);
const concurrency = Number(env.BENCH_CONCURRENCY ?? 8);
const serverUrl = env.BENCH_DATABASE_URL;

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

/** Microseconds per call of `run`, the median of 5 timed batches of `count` calls after a warm-up. */
const microsPerCall = (run: () => unknown, count: number): number => {
  for (let i = 0; i < count; i += 1) run();
  const batches: number[] = [];
  for (let batch = 0; batch < 5; batch += 1) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < count; i += 1) run();
    batches.push(Number(process.hrtime.bigint() - start) / 1000 / count);
  }
  return median(batches);
};

const compile = (compiler: typeof fastSerializerCompiler, schema: unknown) =>
  compiler({ schema, method: 'GET', url: '/bench', httpStatus: '200' } as never);

const openBenchDatabase = async (): Promise<{ database: Database; scratch?: ScratchDatabase }> => {
  if (!serverUrl) return { database: databaseFromPglite(await PGlite.create()) };
  const scratch = await createScratchDatabase(serverUrl, 'bench_serializer');
  return { database: databaseFromPool(new pg.Pool({ connectionString: scratch.url, max: 10 })), scratch };
};

/** Runs `total` injections, `concurrency` at a time: wall and CPU microseconds per request. */
const measure = async (app: FastifyInstance, call: () => Promise<{ statusCode: number }>, total: number) => {
  let next = 0;
  const cpuBefore = process.cpuUsage();
  const start = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        next += 1;
        const response = await call();
        if (response.statusCode !== 200) throw new Error(`answered ${response.statusCode}`);
      }
    }),
  );
  const wallUs = Number(process.hrtime.bigint() - start) / 1000 / total;
  const cpu = process.cpuUsage(cpuBefore);
  void app;
  return { wallUs, cpuUs: (cpu.user + cpu.system) / total };
};

const main = async () => {
  const { database, scratch } = await openBenchDatabase();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-serializer-'));
  try {
    await migrateDatabase(database);
    await seedReferenceData(database.db);
    const countries = { code: 200, message: 'OK', data: await listCountries(database.db) };
    const valid = { code: 200, message: 'OK', data: { valid: true } };

    console.log(`Serializer alone (µs per answer; ${countries.data.length} countries):`);
    for (const [name, schema, answer] of [
      ['ValidateToken', envelopeSchema(validateTokenResponseSchema), valid],
      ['GetAllCountries', envelopeSchema(countryListSchema), countries],
    ] as const) {
      const provider = compile(zodProviderSerializerCompiler as typeof fastSerializerCompiler, schema);
      const checked = compile(checkedSerializerCompiler, schema);
      const fast = compile(fastSerializerCompiler, schema);
      const count = name === 'ValidateToken' ? 200_000 : 5_000;
      console.log(
        `  ${name.padEnd(16)} fastify-type-provider-zod ${microsPerCall(() => provider(answer), count).toFixed(2)}` +
          `   ours, checked ${microsPerCall(() => checked(answer), count).toFixed(2)}` +
          `   JSON.stringify ${microsPerCall(() => fast(answer), count).toFixed(2)}`,
      );
    }

    const base: Config = {
      ...loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, STATIC_DIR: path.join(dataDir, 'none') }),
      LOG_LEVEL: 'silent',
    };
    const apps = {
      checked: await buildApp({ config: { ...base, NODE_ENV: 'development' }, database }),
      fast: await buildApp({ config: { ...base, NODE_ENV: 'production' }, database }),
    };
    // One user and session, made through the API.
    const email = 'bench@example.com';
    const password = 'Bench-Password-1';
    const signUp = await apps.checked.inject({
      method: 'POST',
      url: apiPaths.register,
      payload: {
        email,
        phoneCode: '+233',
        phoneNumber: '241234567',
        firstName: 'Ama',
        lastName: 'Mensah',
        createPassword: password,
        confirmPassword: password,
        countryId: 1,
      },
    });
    if (signUp.statusCode !== 201) throw new Error(`sign-up answered ${signUp.statusCode}: ${signUp.body}`);
    const logIn = await apps.checked.inject({
      method: 'POST',
      url: apiPaths.logIn,
      payload: { email, password },
    });
    const token = (logIn.json() as { data: { token: string } }).data.token;

    const routes = {
      ValidateToken: (app: FastifyInstance) =>
        app.inject({ method: 'POST', url: apiPaths.validateToken, payload: { token } }),
      GetAllCountries: (app: FastifyInstance) => app.inject({ method: 'GET', url: apiPaths.countries }),
    };
    console.log(
      `\nWhole requests (app.inject, ${database.kind}, ${requests} per round, ${concurrency} in flight, ` +
        `median of ${rounds} alternating rounds; µs per request):`,
    );
    for (const [name, call] of Object.entries(routes)) {
      const results: Record<keyof typeof apps, { wallUs: number[]; cpuUs: number[] }> = {
        checked: { wallUs: [], cpuUs: [] },
        fast: { wallUs: [], cpuUs: [] },
      };
      for (const app of Object.values(apps)) await measure(app, () => call(app), Math.ceil(requests / 5));
      for (let round = 0; round < rounds; round += 1) {
        for (const [kind, app] of Object.entries(apps) as [keyof typeof apps, FastifyInstance][]) {
          const { wallUs, cpuUs } = await measure(app, () => call(app), requests);
          results[kind].wallUs.push(wallUs);
          results[kind].cpuUs.push(cpuUs);
        }
      }
      const line = (kind: keyof typeof apps) =>
        `wall ${median(results[kind].wallUs).toFixed(1)} (${(1e6 / median(results[kind].wallUs)).toFixed(0)}/s), ` +
        `CPU ${median(results[kind].cpuUs).toFixed(1)}`;
      console.log(`  ${name.padEnd(16)} checked: ${line('checked')}   production: ${line('fast')}`);
    }
    await Promise.all(Object.values(apps).map((app) => app.close()));
  } finally {
    await database.close();
    await scratch?.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
};

await main();
