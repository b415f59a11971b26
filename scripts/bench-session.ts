/**
 * `npm run bench:session`: how close token validation comes to a bare route. In one go, with the same client count
 * and duration, it measures against the real API host (a child process on 127.0.0.1, scripts/bench-session-host.ts)
 * a bare route beside ValidateToken (same plugins, hooks and schemas, no work) and POST api/User/ValidateToken with
 * live tokens, first on the embedded database (PGlite), then on PostgreSQL, and
 * prints both rates and their ratio for each.
 *
 * The load comes from a small bounded client loop in this process (keep-alive connections, one request at a time
 * per client), on the same machine as the host: both runs pay the same client cost.
 *
 * Environment (all optional):
 *   BENCH_DATABASE_URL  PostgreSQL server to use (default: DATABASE_URL, else postgres://root@127.0.0.1:5432/test);
 *                       a database bench_session_* is created on it and dropped afterwards
 *   BENCH_CLIENTS       concurrent clients (default 16)
 *   BENCH_DURATION_S    seconds of each timed run (default 10)
 *   BENCH_WARMUP_S      untimed warm-up before each timed run (default 2)
 *   BENCH_BACKENDS      'pglite,postgres' (default), or one of them
 *   BENCH_ROUNDS        the timed runs are split in this many rounds, bare and ValidateToken taking turns in
 *                       alternating order, so a change in the machine's other load weighs on both (default 4)
 */
import { Agent, request as httpRequest } from 'node:http';
import { performance } from 'node:perf_hooks';
import { ApiHost } from '../tests/load/support/api-host';
import { dataOf, request } from '../tests/load/support/http';
import { createScratchDatabase } from '../tests/load/support/pg-admin';

const env = process.env;
const serverUrl = env.BENCH_DATABASE_URL ?? env.DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test';
const clients = Number(env.BENCH_CLIENTS ?? 16);
const durationS = Number(env.BENCH_DURATION_S ?? 10);
const warmupS = Number(env.BENCH_WARMUP_S ?? 2);
const rounds = Number(env.BENCH_ROUNDS ?? 4);
const backends = (env.BENCH_BACKENDS ?? 'pglite,postgres').split(',').map((name) => name.trim());
for (const backend of backends) {
  if (backend !== 'pglite' && backend !== 'postgres') throw new Error(`BENCH_BACKENDS: unknown ${backend}`);
}
if (!(clients >= 1 && clients <= 256)) throw new Error('BENCH_CLIENTS: 1 to 256');
if (!(durationS > 0 && durationS <= 120)) throw new Error('BENCH_DURATION_S: at most 120');
if (!(Number.isInteger(rounds) && rounds >= 1 && rounds <= 20)) throw new Error('BENCH_ROUNDS: 1 to 20');

/** Served by scripts/bench-session-host.ts, which is told the path. */
const BENCH_BARE_PATH = '/api/Bench/Bare';
const VALIDATE_PATH = '/api/User/ValidateToken';

interface Rate {
  requests: number;
  perSecond: number;
  unexpected: number;
  p50Ms: number;
  p99Ms: number;
}

const percentileOf = (sorted: number[], p: number): number =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/** One POST on a kept-alive connection; resolves with the status (the body is read and dropped). */
const post = (agent: Agent, port: number, path: string, body: string): Promise<number> =>
  new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        timeout: 10_000,
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end(body);
  });

interface Sample {
  latencies: number[];
  unexpected: number;
  elapsedS: number;
}

/** `clients` loops, each one request at a time, for `seconds`; only answers with `expected` status count as ok. */
const hammer = async (
  port: number,
  path: string,
  bodies: string[],
  expected: number,
  seconds: number,
): Promise<Sample> => {
  const agent = new Agent({ keepAlive: true, maxSockets: clients });
  const latencies: number[] = [];
  let unexpected = 0;
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      const body = bodies[client % bodies.length]!;
      while (performance.now() < until) {
        const sent = performance.now();
        const status = await post(agent, port, path, body).catch(() => 0);
        latencies.push(performance.now() - sent);
        if (status !== expected) unexpected += 1;
      }
    }),
  );
  const elapsedS = (performance.now() - started) / 1000;
  agent.destroy();
  return { latencies, unexpected, elapsedS };
};

const rateOf = (samples: Sample[]): Rate => {
  const latencies = samples.flatMap((sample) => sample.latencies).sort((a, b) => a - b);
  const elapsedS = samples.reduce((sum, sample) => sum + sample.elapsedS, 0);
  return {
    requests: latencies.length,
    perSecond: latencies.length / elapsedS,
    unexpected: samples.reduce((sum, sample) => sum + sample.unexpected, 0),
    p50Ms: percentileOf(latencies, 50),
    p99Ms: percentileOf(latencies, 99),
  };
};

/** Signs up and logs in one user per client: their tokens. */
const liveTokens = async (baseUrl: string): Promise<string[]> => {
  const tokens: string[] = [];
  for (let i = 0; i < clients; i += 1) {
    const email = `bench.session.${i}.${Date.now()}@example.com`;
    const password = 'Akwaaba2026';
    const signUp = await request(baseUrl, {
      method: 'POST',
      path: '/api/User/UserRegistration',
      json: {
        email,
        phoneCode: '+233',
        phoneNumber: `24${String(1_000_000 + i).padStart(7, '0')}`,
        firstName: 'Ama',
        middleName: '',
        lastName: 'Mensah',
        createPassword: password,
        confirmPassword: password,
        countryId: 1,
      },
    });
    if (signUp.status !== 201) throw new Error(`sign up answered ${signUp.status}: ${signUp.text}`);
    const logIn = await request(baseUrl, {
      method: 'POST',
      path: '/api/User/UserLogin',
      json: { email, password },
    });
    const token = dataOf<{ token: string }>(logIn)?.token;
    if (logIn.status !== 200 || !token) throw new Error(`log in answered ${logIn.status}: ${logIn.text}`);
    tokens.push(token);
  }
  return tokens;
};

interface BackendResult {
  backend: string;
  bare: Rate;
  validate: Rate;
}

const measure = async (backend: string, host: ApiHost): Promise<BackendResult> => {
  const tokens = await liveTokens(host.baseUrl);
  const validateBodies = tokens.map((token) => JSON.stringify({ token }));
  const bare = { path: BENCH_BARE_PATH, samples: [] as Sample[] };
  const validate = { path: VALIDATE_PATH, samples: [] as Sample[] };
  if (warmupS > 0) {
    for (const run of [bare, validate]) await hammer(host.port, run.path, validateBodies, 200, warmupS / 2);
  }
  for (let round = 0; round < rounds; round += 1) {
    for (const run of round % 2 === 0 ? [bare, validate] : [validate, bare]) {
      run.samples.push(await hammer(host.port, run.path, validateBodies, 200, durationS / rounds));
    }
  }
  return { backend, bare: rateOf(bare.samples), validate: rateOf(validate.samples) };
};

const withHost = async (
  backend: string,
  databaseUrl: string,
  work: (host: ApiHost) => Promise<BackendResult>,
): Promise<BackendResult> => {
  const host = await ApiHost.start({
    databaseUrl,
    env: { LOG_LEVEL: 'warn', BENCH_BARE_PATH },
    entry: 'scripts/bench-session-host.ts',
  });
  try {
    return await work(host);
  } catch (error) {
    console.error(host.output.slice(-20).join('\n'));
    throw error;
  } finally {
    await host.stop();
  }
};

const format = (rate: Rate) =>
  `${rate.perSecond.toFixed(0).padStart(6)} req/s  p50 ${rate.p50Ms.toFixed(1)} ms  p99 ${rate.p99Ms.toFixed(1)} ms` +
  (rate.unexpected > 0 ? `  (${rate.unexpected} unexpected answers)` : '');

const main = async () => {
  console.log(
    `bench:session: ${clients} clients, ${durationS} s per run (after ${warmupS} s of warm-up), backends ${backends.join(', ')}`,
  );
  const results: BackendResult[] = [];
  for (const backend of backends) {
    if (backend === 'pglite') {
      results.push(await withHost(backend, '', (host) => measure(backend, host)));
    } else {
      const database = await createScratchDatabase(serverUrl, 'bench_session');
      try {
        results.push(await withHost(backend, database.url, (host) => measure(backend, host)));
      } finally {
        await database.drop();
      }
    }
    const result = results.at(-1)!;
    console.log(`\n${result.backend}`);
    console.log(`  bare route     ${format(result.bare)}`);
    console.log(`  ValidateToken  ${format(result.validate)}`);
    console.log(`  ratio          ${(result.validate.perSecond / result.bare.perSecond).toFixed(2)}`);
  }
  const failed = results.some((result) => result.validate.unexpected > 0 || result.bare.unexpected > 0);
  if (failed) {
    console.error('\nsome answers were not the expected status: the figures above are not valid');
    process.exitCode = 1;
  }
};

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
