/**
 * `npm run bench:ledger`: the database's own debit/credit benchmark (pgbench TPC-B) and our wallet debits and
 * credits through the HTTP API, in one go, with the same client count and duration, against the machine's
 * PostgreSQL. The HTTP load comes from Debian's wrk (`apt-get install wrk`) with scripts/bench/money-load.lua, so
 * the load generator costs microseconds a request, not the half millisecond Node clients did (issue 28). Prints both
 * rates, their ratio, our p50/p99 latency and, per money move, the CPU of PostgreSQL, the API host and wrk, the
 * commits and rows written; then a short profile of what each kind of request costs the database (statements,
 * transactions, rows), read from PostgreSQL's own statement log.
 *
 * Environment (all optional):
 *   BENCH_DATABASE_URL  server to use (default postgres://root@127.0.0.1:5432/test); its own databases are created
 *                       and dropped (bench_pgbench_*, bench_api_*)
 *   BENCH_CLIENTS       concurrent clients for both (default 16)
 *   BENCH_DURATION_S    seconds of each timed run (default 20)
 *   BENCH_SCALE         pgbench scale factor (default 10)
 *   BENCH_WALLETS       wallets the HTTP connections share (default 64, at most 100 per wrk thread: 200)
 *   BENCH_WARMUP_S      untimed HTTP warm-up before the timed run (default 3)
 *   BENCH_POOL_SIZE     DATABASE_POOL_SIZE of the API host (default: the server's own default)
 *   BENCH_BATCH_MAX     LEDGER_BATCH_MAX of the API host (1: every posting commits on its own, as before issue 13)
 *   BENCH_BATCH_LANES   LEDGER_BATCH_LANES of the API host
 *   BENCH_PROFILE       0 to skip the statement profile (default 1)
 *   BENCH_SKIP_PGBENCH  1 to run only the HTTP side
 *   BENCH_CPU_PROFILE   1: run the API host under `node --cpu-prof` and print where its CPU time goes during the
 *                       timed run (self time by package/file and by function); skips the statement profile
 *   BENCH_SYNCHRONOUS_COMMIT  a diagnostic: synchronous_commit for both benchmark databases (e.g. off, to see how
 *                       much of the time is waiting for WAL flushes); the default is the server's (on)
 *   BENCH_PG_STATEMENTS 1: print where PostgreSQL's execution time goes in each timed run, by statement, from
 *                       pg_stat_statements (the server must load it, with pg_stat_statements.track = all)
 *   BENCH_PERF          1: sample every core with Linux perf during each timed run and print the CPU by process and
 *                       PostgreSQL's by stage of a statement (parse, plan, execute, triggers, commit, WAL...)
 *   BENCH_MIX           which timed runs, one after the other on the same host and wallets: 'classic' (card top-ups
 *                       and bank withdrawals, the figures of docs/performance.md), 'transfers' (card top-ups and
 *                       transfers in turn: on-us, MoMo payout, bank payout; each transfer is InitiateTransfer then
 *                       PayNow), 'floor' (GET /api/health only: a request with one `select 1`, the least a
 *                       request costs the host and PostgreSQL), 'both' (classic and transfers) or 'all' (default)
 */
import { spawn } from 'node:child_process';
import { mkdtemp, open, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { ApiHost } from '../tests/load/support/api-host';
import { summarizeCpuProfile } from '../tests/load/support/cpu-profile';
import { percentile, request } from '../tests/load/support/http';
import { createScratchDatabase, type ScratchDatabase } from '../tests/load/support/pg-admin';
import { buildMoneyRequest } from '../tests/load/support/workload';
import {
  moneyPostsOf,
  runWrk,
  wrkAvailable,
  writeWrkUsers,
  type WrkMix,
  type WrkResult,
} from '../tests/load/support/wrk';
import {
  createUserWithIdentification,
  fundByCard,
  prepareTransfers,
  type LoadUser,
} from '../tests/load/support/users';
import { limitRefusalCount, placeUsers } from '../tests/load/support/tier-limits';
import { turnMonitoringOff } from '../tests/load/support/environment';
import { resetStatementTimes, statementTimes, statementTimesAvailable } from './bench/pg-statements';
import { perfAvailable, recordPerf, summarizePerf } from './bench/perf-profile';

const env = process.env;
const serverUrl = env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test';
const clients = Number(env.BENCH_CLIENTS ?? 16);
const durationS = Number(env.BENCH_DURATION_S ?? 20);
const scale = Number(env.BENCH_SCALE ?? 10);
// Enough wallets that none passes the Enhanced tier's daily limit (GH₵ 25,000) in a run near 1,100 POSTs a second
// (issue 24: the users are Enhanced, through the test seed of verified users; limits stay on).
const walletCount = Number(env.BENCH_WALLETS ?? Math.max(clients, 64));
const warmupS = Number(env.BENCH_WARMUP_S ?? 3);
const cpuProfile = env.BENCH_CPU_PROFILE === '1';
const profile = env.BENCH_PROFILE !== '0' && !cpuProfile;
const skipPgbench = env.BENCH_SKIP_PGBENCH === '1';
const synchronousCommit = env.BENCH_SYNCHRONOUS_COMMIT;
const pgStatements = env.BENCH_PG_STATEMENTS === '1';
const perfProfile = env.BENCH_PERF === '1';
if (perfProfile && !perfAvailable())
  throw new Error('BENCH_PERF: install perf first (apt-get install linux-perf)');
const mixOptions: Record<string, WrkMix[]> = {
  classic: ['classic'],
  transfers: ['transfers'],
  floor: ['floor'],
  both: ['classic', 'transfers'],
  all: ['classic', 'transfers', 'floor'],
};
const mixes = mixOptions[env.BENCH_MIX ?? 'all'];
if (!mixes) throw new Error(`BENCH_MIX: one of ${Object.keys(mixOptions).join(', ')}`);
if (!wrkAvailable()) {
  throw new Error('bench:ledger drives the load with wrk: install it first (apt-get install wrk)');
}
if (
  synchronousCommit !== undefined &&
  !/^(on|off|local|remote_write|remote_apply)$/.test(synchronousCommit)
) {
  throw new Error(`BENCH_SYNCHRONOUS_COMMIT: not a synchronous_commit value: ${synchronousCommit}`);
}

/** A benchmark database, with the diagnostic synchronous_commit setting when one is asked for. */
const benchDatabase = async (prefix: string): Promise<ScratchDatabase> => {
  const database = await createScratchDatabase(serverUrl, prefix);
  scratch.push(database);
  if (synchronousCommit !== undefined) {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      await admin.query(`ALTER DATABASE ${database.name} SET synchronous_commit = ${synchronousCommit}`);
    } finally {
      await admin.end();
    }
  }
  return database;
};

const POSTGRES_LOG = env.BENCH_POSTGRES_LOG ?? '/var/log/postgresql/postgresql-15-main.log';

/**
 * CPU seconds (user + system) a process has used, from /proc (clock ticks of 10 ms); with `reapedChildren`, also
 * what its exited and reaped children used (the postmaster reaps every backend that ends).
 */
const cpuSecondsOf = async (pid: number, reapedChildren = false): Promise<number> => {
  try {
    const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).replace(/^.*\) /, '').split(' ');
    const own = Number(fields[11]) + Number(fields[12]);
    return (own + (reapedChildren ? Number(fields[13]) + Number(fields[14]) : 0)) / 100;
  } catch {
    return 0;
  }
};

/** CPU seconds used by every `postgres` process (the server's backends, WAL writer, checkpointer...). */
const postgresCpuSeconds = async (): Promise<number> => {
  let total = 0;
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = await readFile(`/proc/${entry}/stat`, 'utf8');
      if (/^\d+ \(postgres\)/.test(stat)) total += await cpuSecondsOf(Number(entry), true);
    } catch {
      // gone meanwhile
    }
  }
  return total;
};

/** The machine's load average over the last minute (other work on it skews every figure). */
const loadAverage = async (): Promise<string> => {
  try {
    return (await readFile('/proc/loadavg', 'utf8')).split(' ').slice(0, 3).join(' ');
  } catch {
    return 'n/a';
  }
};

const fixed = (value: number, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : 'n/a');

const scratch: ScratchDatabase[] = [];
let host: ApiHost | undefined;
const cleanUp = async () => {
  await host?.stop().catch(() => undefined);
  host = undefined;
  for (const database of scratch.splice(0)) await database.drop().catch(() => undefined);
};
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    void cleanUp().finally(() => process.exit(130));
  });
}

const run = (
  command: string,
  args: string[],
  timeoutMs: number,
  onSpawn: (pid: number) => void = () => undefined,
): Promise<string> =>
  new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    if (child.pid) onSpawn(child.pid);
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve(output);
      else reject(new Error(`${command} ${args.join(' ')} exited with ${code}:\n${output}`));
    });
  });

interface PgbenchResult {
  tps: number;
  latencyAverageMs: number;
  p50Ms: number;
  p99Ms: number;
  transactions: number;
  /** CPU seconds of every postgres process, and of pgbench itself (its last reading, within 0.5 s of its end). */
  postgresCpuS: number;
  pgbenchCpuS: number;
}

/** pgbench -i -s SCALE into its own database, then TPC-B with CLIENTS clients, 2 threads, DURATION seconds. */
const runPgbench = async (): Promise<PgbenchResult> => {
  const database = await benchDatabase('bench_pgbench');
  console.log(`pgbench: initialising scale ${scale} in ${database.name}...`);
  await run('pgbench', ['-i', '-q', '-s', String(scale), database.url], 300_000);
  const logDir = await mkdtemp(path.join(tmpdir(), 'pgbench-log-'));
  try {
    const args = [
      '-c',
      String(clients),
      '-j',
      '2',
      '-T',
      String(durationS),
      '-l',
      '--log-prefix',
      path.join(logDir, 'tx'),
      database.url,
    ];
    console.log(`pgbench: ${['pgbench', ...args.slice(0, -1), '<db>'].join(' ')}`);
    const postgresBefore = await postgresCpuSeconds();
    let pgbenchCpuS = 0;
    let sampler: NodeJS.Timeout | undefined;
    const output = await run('pgbench', args, (durationS + 120) * 1000, (pid) => {
      sampler = setInterval(() => {
        void cpuSecondsOf(pid).then((seconds) => {
          if (seconds > 0) pgbenchCpuS = seconds;
        });
      }, 500);
    });
    clearInterval(sampler);
    const postgresCpuS = (await postgresCpuSeconds()) - postgresBefore;
    const tps = Number(/tps = ([\d.]+) \(without initial connection time\)/.exec(output)?.[1] ?? Number.NaN);
    const latencyAverageMs = Number(/latency average = ([\d.]+) ms/.exec(output)?.[1] ?? Number.NaN);
    // Per-transaction log lines: client_id transaction_no time_us script_no epoch epoch_us
    const latencies: number[] = [];
    for (const file of await readdir(logDir)) {
      for (const line of (await readFile(path.join(logDir, file), 'utf8')).split('\n')) {
        const microseconds = Number(line.split(' ')[2]);
        if (Number.isFinite(microseconds) && line.trim() !== '') latencies.push(microseconds / 1000);
      }
    }
    return {
      tps,
      latencyAverageMs,
      p50Ms: percentile(latencies, 50),
      p99Ms: percentile(latencies, 99),
      transactions: latencies.length,
      postgresCpuS,
      pgbenchCpuS,
    };
  } finally {
    await rm(logDir, { recursive: true, force: true });
    await database.drop();
    scratch.splice(scratch.indexOf(database), 1);
  }
};

interface DatabaseCounters {
  commits: number;
  rollbacks: number;
  inserted: number;
  updated: number;
  returned: number;
  fetched: number;
}

const databaseCounters = async (client: pg.Client, name: string): Promise<DatabaseCounters> => {
  const { rows } = await client.query(
    'select xact_commit, xact_rollback, tup_inserted, tup_updated, tup_returned, tup_fetched from pg_stat_database where datname = $1',
    [name],
  );
  const row = rows[0] as Record<string, string>;
  return {
    commits: Number(row.xact_commit),
    rollbacks: Number(row.xact_rollback),
    inserted: Number(row.tup_inserted),
    updated: Number(row.tup_updated),
    returned: Number(row.tup_returned),
    fetched: Number(row.tup_fetched),
  };
};

/** Lines PostgreSQL logged for `database` after byte `from` of its log file (needs log_statement = all). */
const statementLines = async (database: string, from: number): Promise<string[]> => {
  const handle = await open(POSTGRES_LOG, 'r');
  try {
    const size = (await handle.stat()).size;
    const buffer = Buffer.alloc(Math.max(0, size - from));
    await handle.read(buffer, 0, buffer.length, from);
    return buffer
      .toString('utf8')
      .split('\n')
      .filter((line) => line.includes(`@${database} `) && /LOG: {2}(statement|execute [^:]*):/.test(line));
  } finally {
    await handle.close();
  }
};

interface ProfileRow {
  kind: string;
  requests: number;
  statementsPerRequest: number;
  commitsPerRequest: number;
  p50Ms: number;
  sample: string[];
}

/**
 * One client, one request at a time, for each kind: what a request costs PostgreSQL (statements from the
 * statement log, transactions and rows from pg_stat_database) and its latency without contention.
 */
const profileRequests = async (
  database: ScratchDatabase,
  api: ApiHost,
  user: LoadUser,
): Promise<ProfileRow[]> => {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const rows: ProfileRow[] = [];
  try {
    let logReadable = true;
    try {
      await stat(POSTGRES_LOG);
    } catch {
      logReadable = false;
    }
    const kinds: { label: string; action: Parameters<typeof buildMoneyRequest>[0] }[] = [
      { label: 'card top-up (credit)', action: 'card' },
      { label: 'bank withdrawal (debit, hold)', action: 'withdrawBank' },
      { label: 'bank top-up (credit)', action: 'bank' },
      ...(user.transfers
        ? [
            { label: 'on-us transfer (InitiateTransfer + PayNow)', action: 'transferOnUs' as const },
            { label: 'MoMo transfer (InitiateTransfer + PayNow, hold)', action: 'transferMomo' as const },
          ]
        : []),
    ];
    const count = 30;
    const send = async (action: Parameters<typeof buildMoneyRequest>[0], index: number, pass: string) => {
      const money = buildMoneyRequest(action, user);
      let cartMs = 0;
      if (money.cart) {
        const initiated = await request(api.baseUrl, {
          method: 'POST',
          path: '/api/Transaction/InitiateTransfer',
          token: user.token,
          json: {
            sendAmount: money.amountMinor / 100,
            senderId: user.userId,
            beneficiaryId: money.cart.beneficiaryId,
            deliveryMethodId: money.cart.deliveryMethodId,
            transactionPurposeId: 1,
          },
          timeoutMs: 10_000,
        });
        if (initiated.status !== 201)
          throw new Error(`profile ${action}: ${initiated.status} ${initiated.text}`);
        cartMs = initiated.ms;
        money.body = { ...money.body, cartId: (initiated.body as { data: { guidId: string } }).data.guidId };
      }
      const answer = await request(api.baseUrl, {
        method: 'POST',
        path: money.path,
        token: user.token,
        idempotencyKey: `profile-${pass}-${action}-${index}-${Date.now()}`,
        json: money.body,
        timeoutMs: 10_000,
      });
      if (answer.status >= 300) throw new Error(`profile ${action}: ${answer.status} ${answer.text}`);
      return cartMs + answer.ms;
    };
    // Latency alone, statement log off.
    const alone = new Map<string, number>();
    for (const { label, action } of kinds) {
      const latencies: number[] = [];
      for (let index = 0; index < count; index += 1) latencies.push(await send(action, index, 'alone'));
      alone.set(label, percentile(latencies, 50));
    }
    await admin.query(`ALTER DATABASE ${database.name} SET log_statement = 'all'`);
    // New sessions pick the setting up: restart the host so its pool reconnects.
    await api.restart();
    for (const { label, action } of kinds) {
      // Let earlier withdrawals' payouts settle (worker and webhook statements belong to no request).
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      const logFrom = logReadable ? (await stat(POSTGRES_LOG)).size : 0;
      const before = await databaseCounters(admin, database.name);
      for (let index = 0; index < count; index += 1) await send(action, index, 'logged');
      // pg_stat_database is updated when a backend reports (at most every 500 ms or so): wait for it.
      await new Promise((resolve) => setTimeout(resolve, 1_200));
      const after = await databaseCounters(admin, database.name);
      const lines = logReadable ? await statementLines(database.name, logFrom) : [];
      const statements = lines.map((line) =>
        line.replace(/^.*LOG: {2}(statement|execute [^:]*): /, '').slice(0, 90),
      );
      const distinct = [...new Set(statements.map((text) => text.replace(/\s+/g, ' ').slice(0, 70)))];
      rows.push({
        kind: label,
        requests: count,
        statementsPerRequest: logReadable ? lines.length / count : Number.NaN,
        commitsPerRequest: (after.commits - before.commits) / count,
        p50Ms: alone.get(label) ?? Number.NaN,
        sample: distinct.slice(0, 16),
      });
    }
  } finally {
    await admin.query(`ALTER DATABASE ${database.name} RESET log_statement`).catch(() => undefined);
    await admin.end();
  }
  return rows;
};

interface RunFigures {
  /** Money POSTs answered a second (PayNow counts once per transfer; InitiateTransfer is counted apart). */
  rate: number;
  /** Latency percentiles of every request of the run (wrk's histogram: InitiateTransfer included in the transfer mix). */
  p50: number;
  p99: number;
  /** Transfers paid a second (the transfer mix: each cart is paid by the thread's next request). */
  transfersPerSecond: number;
  /** pg_stat_database's xact_commit per money POST (read-only statements and asynchronous commits count too). */
  commitsPerRequest: number;
  /** Rows inserted and updated per money POST. */
  rowsWrittenPerRequest: number;
  /** CPU milliseconds per money POST: every postgres process, the API host, and the load generator (wrk). */
  pgCpuMsPerRequest: number;
  apiCpuMsPerRequest: number;
  loadCpuMsPerRequest: number;
}

const mixLabels: Record<WrkMix, string> = {
  classic: 'wallet debits/credits',
  transfers: 'top-ups and transfers',
  floor: 'floor (GET /api/health, one select 1)',
};

/** Prints one timed run's figures and returns them. */
const reportRun = (
  mix: WrkMix,
  result: WrkResult,
  before: DatabaseCounters,
  after: DatabaseCounters,
  cpu: { api: number; postgres: number },
): RunFigures => {
  const seconds = result.durationUs / 1e6;
  const moves = moneyPostsOf(result);
  const rate = moves / seconds;
  const perMove = (value: number) => value / moves;
  const figures: RunFigures = {
    rate,
    p50: result.p50Us / 1000,
    p99: result.p99Us / 1000,
    transfersPerSecond: result.carts / seconds,
    commitsPerRequest: perMove(after.commits - before.commits),
    rowsWrittenPerRequest: perMove(after.inserted - before.inserted + after.updated - before.updated),
    pgCpuMsPerRequest: perMove(cpu.postgres * 1000),
    apiCpuMsPerRequest: perMove(cpu.api * 1000),
    loadCpuMsPerRequest: perMove(result.cpuS * 1000),
  };
  console.log(
    `HTTP ${mixLabels[mix]}: ${fixed(rate)} ${mix === 'floor' ? 'requests' : 'money POSTs'}/s (${moves} answered in ${fixed(seconds)} s; ` +
      `${result.answers4xx} refused (4xx), ${result.answers5xx} 5xx, ${result.timeouts} timeouts, ${result.socketErrors} socket errors); ` +
      `p50 ${fixed(figures.p50, 2)} ms, p99 ${fixed(figures.p99, 2)} ms, max ${fixed(result.maxUs / 1000, 2)} ms` +
      (mix === 'transfers' ? ' (every request, InitiateTransfer included)' : ''),
  );
  if (mix === 'transfers') {
    console.log(
      `  transfers: ${fixed(figures.transfersPerSecond)} paid a second (${result.carts} carts, each paid next)`,
    );
  }
  console.log(
    `  per ${mix === 'floor' ? 'request' : 'money POST'}: PostgreSQL ${fixed(figures.pgCpuMsPerRequest, 3)} ms CPU, API host ${fixed(figures.apiCpuMsPerRequest, 3)} ms, ` +
      `load generator (wrk) ${fixed(figures.loadCpuMsPerRequest, 3)} ms; ${fixed(figures.commitsPerRequest, 2)} commits ` +
      `(requests, worker and webhooks together), ${fixed(figures.rowsWrittenPerRequest, 2)} rows written, ` +
      `${after.rollbacks - before.rollbacks} rollbacks in the run`,
  );
  return figures;
};

const main = async () => {
  console.log(`machine load average before: ${await loadAverage()} (2 cores; other work skews every figure)`);
  console.log(
    `bench:ledger: ${clients} clients, ${durationS} s each, PostgreSQL at ${new URL(serverUrl).host}` +
      (skipPgbench ? ' (pgbench skipped)' : '') +
      (synchronousCommit !== undefined ? `; DIAGNOSTIC synchronous_commit = ${synchronousCommit}` : ''),
  );
  if (pgStatements) {
    const missing = await statementTimesAvailable(serverUrl);
    if (missing) throw new Error(`BENCH_PG_STATEMENTS: ${missing}`);
  }
  const pgbench = skipPgbench ? null : await runPgbench();
  if (pgbench) {
    console.log(
      `pgbench TPC-B: ${fixed(pgbench.tps)} tps; latency avg ${fixed(pgbench.latencyAverageMs, 2)} ms, ` +
        `p50 ${fixed(pgbench.p50Ms, 2)} ms, p99 ${fixed(pgbench.p99Ms, 2)} ms (${pgbench.transactions} transactions)`,
    );
    console.log(
      `  CPU: PostgreSQL ${fixed(pgbench.postgresCpuS)} s (${fixed((pgbench.postgresCpuS / pgbench.transactions) * 1000, 2)} ms per transaction), ` +
        `pgbench itself ${fixed(pgbench.pgbenchCpuS)} s; load average after ${await loadAverage()}`,
    );
  }

  const database = await benchDatabase('bench_api');
  const profileDir = cpuProfile ? await mkdtemp(path.join(tmpdir(), 'api-cpu-profile-')) : null;
  const spawnedAt = Date.now();
  host = await ApiHost.start({
    databaseUrl: database.url,
    ...(profileDir ? { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] } : {}),
    env: {
      LOG_LEVEL: 'warn',
      SANDBOX_DECISION_MS: '100',
      PROVIDER_POLL_MS: '1000',
      ...(env.BENCH_POOL_SIZE ? { DATABASE_POOL_SIZE: env.BENCH_POOL_SIZE } : {}),
      ...(env.BENCH_BATCH_MAX ? { LEDGER_BATCH_MAX: env.BENCH_BATCH_MAX } : {}),
      ...(env.BENCH_BATCH_LANES ? { LEDGER_BATCH_LANES: env.BENCH_BATCH_LANES } : {}),
    },
  });
  const api = host;
  console.log(
    `API host: pid ${api.pid} on ${api.baseUrl}, NODE_ENV=production, LOG_LEVEL=warn; ${walletCount} wallets`,
  );
  const users: LoadUser[] = [];
  for (let index = 0; index < walletCount; index += 1) {
    users.push(await createUserWithIdentification(api.baseUrl, `bench${index}`));
  }
  // GH₵ 50,000 each: the Enhanced tier holds up to GH₵ 75,000.
  await placeUsers(
    database.url,
    users,
    users.map(() => 'enhanced'),
  );
  await Promise.all(users.map((user) => fundByCard(api.baseUrl, user, 5_000_000)));
  // Beneficiaries for every kind of transfer, and each user's on-us beneficiary the next user's verified phone.
  if (mixes.includes('transfers')) await prepareTransfers(database.url, users);
  // As in the load tests: the velocity rule (more than 20 moves out in 10 minutes) would hold nearly every debit of
  // the load for review, so the runs and the profile would measure holds. The rules' check still runs on each move.
  await turnMonitoringOff(database.url);
  const usersFile = path.join(await mkdtemp(path.join(tmpdir(), 'bench-users-')), 'users.txt');
  await writeWrkUsers(users, usersFile);

  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const runs: { mix: WrkMix; figures: RunFigures }[] = [];
  let runStartedAt = 0;
  for (const mix of mixes) {
    const wrk = { baseUrl: api.baseUrl, usersFile, mix, connections: clients };
    if (warmupS > 0) await runWrk({ ...wrk, durationS: warmupS });
    const before = await databaseCounters(admin, database.name);
    runStartedAt = runStartedAt || Date.now();
    if (pgStatements) await resetStatementTimes(serverUrl);
    const cpuBefore = { api: await cpuSecondsOf(api.pid ?? 0), postgres: await postgresCpuSeconds() };
    const perfFile = perfProfile ? path.join(tmpdir(), `bench-perf-${mix}-${process.pid}.data`) : null;
    const sampling = perfFile ? recordPerf(perfFile, durationS) : null;
    const result = await runWrk({ ...wrk, durationS });
    const cpuAfter = { api: await cpuSecondsOf(api.pid ?? 0), postgres: await postgresCpuSeconds() };
    const loadAfterRun = await loadAverage();
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    const after = await databaseCounters(admin, database.name);
    const figures = reportRun(mix, result, before, after, {
      api: cpuAfter.api - cpuBefore.api,
      postgres: cpuAfter.postgres - cpuBefore.postgres,
    });
    console.log(`  load average after the run ${loadAfterRun}`);
    if (perfFile && sampling) {
      await sampling;
      const summary = summarizePerf(perfFile);
      await rm(perfFile, { force: true });
      console.log('  CPU samples (perf, every core) by process:');
      for (const row of summary.byCommand) console.log(`    ${fixed(row.share * 100)}%  ${row.command}`);
      console.log("  PostgreSQL's samples by stage (inclusive; stages overlap):");
      for (const row of summary.postgresStages) console.log(`    ${fixed(row.share * 100)}%  ${row.stage}`);
      console.log("  PostgreSQL's functions with the most samples of their own:");
      for (const row of summary.postgresSelf) console.log(`    ${fixed(row.share * 100)}%  ${row.name}`);
    }
    if (pgStatements) {
      console.log('  PostgreSQL execution time by statement, per money POST (nested: inside a function):');
      for (const row of await statementTimes(serverUrl, database.name, moneyPostsOf(result))) {
        console.log(
          `    ${fixed(row.execMsPerMove, 3)} ms exec + ${fixed(row.planMsPerMove, 3)} ms plan, ` +
            `${fixed(row.callsPerMove, 2)} calls${row.toplevel ? '' : ' (nested)'}: ${row.text}`,
        );
      }
    }
    // Issue 24: the users' tier allows the bench's amounts; a refusal here means the run measured refusals.
    console.log(`  tier limit refusals so far: ${await limitRefusalCount(database.url)}`);
    runs.push({ mix, figures });
    if (pgbench) {
      const ratio = figures.rate / pgbench.tps;
      console.log(
        `  ratio HTTP / pgbench: ${fixed(ratio, 2)}; PostgreSQL CPU per money POST / per TPC-B transaction: ` +
          `${fixed(figures.pgCpuMsPerRequest / ((pgbench.postgresCpuS / pgbench.transactions) * 1000), 2)}`,
      );
    }
    if (mix === 'floor') continue;
    const aim = mix === 'classic' ? { rate: 2000, p99: 25 } : { rate: 1000, p99: 50 };
    console.log(
      `  aims (issue 28): >= ${aim.rate} money POSTs/s ${figures.rate >= aim.rate ? 'met' : 'NOT met'}, ` +
        `p99 < ${aim.p99} ms ${figures.p99 < aim.p99 ? 'met' : 'NOT met'}` +
        (mix === 'classic'
          ? `, PostgreSQL <= 0.45 ms ${figures.pgCpuMsPerRequest <= 0.45 ? 'met' : 'NOT met'}, ` +
            `API host <= 0.3 ms ${figures.apiCpuMsPerRequest <= 0.3 ? 'met' : 'NOT met'}`
          : ''),
    );
  }
  await rm(path.dirname(usersFile), { recursive: true, force: true });
  await admin.end();

  if (profileDir) {
    // The profile is written when the host exits normally.
    await api.stop();
    host = undefined;
    const [file] = (await readdir(profileDir)).filter((name) => name.endsWith('.cpuprofile'));
    if (!file) {
      console.log('CPU profile: none was written');
    } else {
      const summary = await summarizeCpuProfile(path.join(profileDir, file), runStartedAt - spawnedAt);
      console.log(
        `CPU profile of the API host from the timed run on (${fixed(summary.sampledMs / 1000, 1)} s sampled, idle included):`,
      );
      for (const row of summary.byPlace) console.log(`  ${fixed(row.share * 100)}%  ${row.place}`);
      console.log('  top functions (self time):');
      for (const row of summary.byFunction) console.log(`  ${fixed(row.share * 100)}%  ${row.name}`);
    }
    await rm(profileDir, { recursive: true, force: true });
  }

  const statementProfile: { kind: string; statements: number; commits: number }[] = [];
  if (profile) {
    console.log('profile (one client, one request at a time, statement log on):');
    for (const row of await profileRequests(database, api, users[0]!)) {
      statementProfile.push({
        kind: row.kind,
        statements: row.statementsPerRequest,
        commits: row.commitsPerRequest,
      });
      console.log(
        `  ${row.kind}: ${fixed(row.statementsPerRequest, 1)} statements and ${fixed(row.commitsPerRequest, 1)} commits per request ` +
          `(worker and webhooks included), p50 ${fixed(row.p50Ms, 2)} ms alone`,
      );
      for (const text of row.sample) console.log(`      ${text}`);
    }
  }
  const classic = runs.find((run) => run.mix === 'classic')?.figures;
  const transfers = runs.find((run) => run.mix === 'transfers')?.figures;
  const floor = runs.find((run) => run.mix === 'floor')?.figures;
  console.log(
    `BENCH_JSON ${JSON.stringify({
      clients,
      durationS,
      pgbenchTps: pgbench?.tps ?? null,
      pgbenchP99Ms: pgbench?.p99Ms ?? null,
      httpRate: classic?.rate ?? null,
      httpP50Ms: classic?.p50 ?? null,
      httpP99Ms: classic?.p99 ?? null,
      commitsPerRequest: classic?.commitsPerRequest ?? null,
      batchMax: env.BENCH_BATCH_MAX ?? 'server default',
      ratio: pgbench && classic ? classic.rate / pgbench.tps : null,
      transfersRate: transfers?.rate ?? null,
      transfersP50Ms: transfers?.p50 ?? null,
      transfersP99Ms: transfers?.p99 ?? null,
      transfersPerSecond: transfers?.transfersPerSecond ?? null,
      // wrk keeps one latency histogram for every request: InitiateTransfer's own is in statementProfile's run alone.
      initiateP50Ms: null,
      initiateP99Ms: null,
      transfersCommitsPerRequest: transfers?.commitsPerRequest ?? null,
      rowsWrittenPerRequest: classic?.rowsWrittenPerRequest ?? null,
      transfersRowsWrittenPerRequest: transfers?.rowsWrittenPerRequest ?? null,
      pgCpuMsPerRequest: classic?.pgCpuMsPerRequest ?? null,
      apiCpuMsPerRequest: classic?.apiCpuMsPerRequest ?? null,
      loadCpuMsPerRequest: classic?.loadCpuMsPerRequest ?? null,
      transfersPgCpuMsPerRequest: transfers?.pgCpuMsPerRequest ?? null,
      transfersApiCpuMsPerRequest: transfers?.apiCpuMsPerRequest ?? null,
      transfersLoadCpuMsPerRequest: transfers?.loadCpuMsPerRequest ?? null,
      floorRate: floor?.rate ?? null,
      floorP99Ms: floor?.p99 ?? null,
      floorPgCpuMsPerRequest: floor?.pgCpuMsPerRequest ?? null,
      floorApiCpuMsPerRequest: floor?.apiCpuMsPerRequest ?? null,
      pgbenchPgCpuMsPerTransaction: pgbench ? (pgbench.postgresCpuS / pgbench.transactions) * 1000 : null,
      statementProfile,
    })}`,
  );
};

main()
  .then(cleanUp)
  .catch(async (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    if (host) console.error(host.output.slice(-20).join('\n'));
    await cleanUp();
    process.exitCode = 1;
  });
