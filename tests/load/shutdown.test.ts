import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiHost } from './support/api-host';
import { sleep } from './support/http';
import { createScratchDatabase, withClient, type ScratchDatabase } from './support/pg-admin';
import { createUserWithIdentification, LOAD_PASSWORD, type LoadUser } from './support/users';
import { buildMoneyRequest } from './support/workload';

/*
 * Graceful shutdown of the real API host (its own process, PostgreSQL): SIGTERM in the middle of a burst of slow
 * requests (log-ins: an argon2 verification each, queued on the thread pool; MoMo top-ups: a money POST each) and of
 * a claimed background job (provider polling over many pending operations). The requests in flight are answered
 * 2xx, new connections are refused, the claimed job finishes, nothing stays claimed, and the process exits 0 within
 * 10 s. A client that never finishes sending its request holds the shutdown: the host gives up and exits non-zero
 * within 10 s, saying so.
 */

const PENDING_TOP_UPS = 64;
const BURST_LOG_INS = 24;
const BURST_TOP_UPS = 24;

/** Decisions and expiry far away: the MoMo top-ups stay pending, and polling checks them all on every run. */
const SHUTDOWN_ENV = {
  SANDBOX_DECISION_MS: '600000',
  SANDBOX_MOMO_EXPIRY_MS: '600000',
  PROVIDER_POLL_MS: '50',
  LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
  // 24 right log-ins of one account at once: each is counted before its password is checked (parallel guesses cannot
  // pass the limit), so more than 10 in flight would be paused.
  LOGIN_FAILURES_PER_ACCOUNT: '1000',
};

interface Sent {
  status: number;
  /** performance.now() when the answer was complete. */
  at: number;
}

/** One JSON POST through `agent` (its kept-alive sockets); any status is an answer, a transport error rejects. */
const postThrough = (
  agent: http.Agent,
  port: number,
  path: string,
  json: unknown,
  headers: Record<string, string> = {},
): Promise<Sent> =>
  new Promise((resolve, reject) => {
    const body = JSON.stringify(json);
    const req = http.request(
      {
        agent,
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          ...headers,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, at: performance.now() }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });

const getThrough = (agent: http.Agent, port: number, path: string): Promise<number> =>
  new Promise((resolve, reject) => {
    http
      .get({ agent, host: '127.0.0.1', port, path }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      })
      .on('error', reject);
  });

/** Whether a new TCP connection to the port is refused (ECONNREFUSED) rather than accepted. */
const connectionRefused = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });

describe('graceful shutdown of an API host (PostgreSQL)', () => {
  let database: ScratchDatabase;
  let host: ApiHost;
  let user: LoadUser;

  beforeAll(async () => {
    database = await createScratchDatabase(process.env.TEST_DATABASE_URL ?? '', 'shutdown');
    host = await ApiHost.start({ databaseUrl: database.url, env: SHUTDOWN_ENV });
    user = await createUserWithIdentification(host.baseUrl, 'shutdown');
  });

  afterAll(async () => {
    await host?.stop();
    await database?.drop();
  });

  const topUp = (agent: http.Agent) => {
    const money = buildMoneyRequest('momo', user);
    return postThrough(agent, host.port, money.path, money.body, {
      authorization: `Bearer ${user.token}`,
      'idempotency-key': randomUUID(),
    });
  };

  it('on SIGTERM answers the requests in flight, refuses new connections, finishes its job and exits 0 within 10 s', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: BURST_LOG_INS + BURST_TOP_UPS });
    // Pending operations for the polling job to check on every run.
    for (let i = 0; i < PENDING_TOP_UPS; i += 8) {
      const answers = await Promise.all(Array.from({ length: 8 }, () => topUp(agent)));
      expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(202));
    }
    // One kept-alive connection per request of the burst, already accepted by the host.
    await Promise.all(
      Array.from({ length: BURST_LOG_INS + BURST_TOP_UPS }, () =>
        getThrough(agent, host.port, '/api/health'),
      ),
    );

    const burst = [
      ...Array.from({ length: BURST_LOG_INS }, () =>
        postThrough(agent, host.port, '/api/User/UserLogin', { email: user.email, password: LOAD_PASSWORD }),
      ),
      ...Array.from({ length: BURST_TOP_UPS }, () => topUp(agent)),
    ];
    const answered = Promise.allSettled(burst);

    // SIGTERM while the host holds the polling job (its run checks every pending operation with the provider).
    const claimedAtSigterm = await withClient(database.url, async (client) => {
      const deadline = Date.now() + 5_000;
      while (Date.now() < deadline) {
        const { rows } = await client.query<{ now: Date }>(
          // A run under way: leased, logged, not finished (the lease is set just before the run is logged and let go
          // just after it is marked finished).
          `select clock_timestamp() as now from scheduled_jobs j
             join scheduled_job_runs r on r.name = j.name and r.run = j.runs
           where j.name = 'provider-poll' and j.lease_owner is not null and r.finished_at is null`,
        );
        if (rows[0]) return rows[0].now;
        await sleep(5);
      }
      return null;
    });
    expect(claimedAtSigterm).not.toBeNull();
    const sigtermAt = performance.now();
    const exited = host.terminate();

    let refusedAt: number | null = null;
    while (refusedAt === null && performance.now() - sigtermAt < 10_000) {
      if (await connectionRefused(host.port)) refusedAt = performance.now();
      else await sleep(10);
    }
    const answers = await answered;
    const exit = await exited;
    agent.destroy();

    const statuses = answers.map((answer) => (answer.status === 'fulfilled' ? answer.value.status : 0));
    const lastAnswerAt = Math.max(
      ...answers.map((answer) => (answer.status === 'fulfilled' ? answer.value.at : Infinity)),
    );
    const afterSigterm = answers.filter(
      (answer) => answer.status === 'fulfilled' && answer.value.at > sigtermAt,
    ).length;
    const { leased, unfinished, spanning, runs, operations } = await withClient(
      database.url,
      async (client) => ({
        leased: (await client.query(`select name from scheduled_jobs where lease_owner is not null`))
          .rowCount,
        unfinished: (await client.query(`select name from scheduled_job_runs where finished_at is null`))
          .rowCount,
        // The run that held the lease when SIGTERM came, finished (not released) before the exit.
        spanning: (
          await client.query(
            `select run from scheduled_job_runs
           where name = 'provider-poll' and started_at <= $1 and finished_at >= $1 and outcome = 'ok'`,
            [claimedAtSigterm],
          )
        ).rowCount,
        runs: Number((await client.query(`select count(*) as n from scheduled_job_runs`)).rows[0].n),
        operations: Number(
          (await client.query(`select count(*) as n from wallet_operations where kind = 'momo_top_up'`))
            .rows[0].n,
        ),
      }),
    );
    console.log(
      `shutdown: ${afterSigterm} of ${burst.length} burst requests answered after SIGTERM (statuses ${[...new Set(statuses)].join(', ')}), ` +
        `the last ${Math.round(lastAnswerAt - sigtermAt)} ms after it; new connections refused after ${refusedAt === null ? 'never' : `${Math.round(refusedAt - sigtermAt)} ms`}; ` +
        `exit code ${exit?.code} signal ${exit?.signal} after ${Math.round(exit?.ms ?? NaN)} ms; job runs ${runs}`,
    );
    if (exit?.code !== 0) console.log(host.output.slice(-20).join('\n'));

    expect(statuses.every((status) => status >= 200 && status < 300)).toBe(true);
    expect(statuses.filter((status) => status === 200)).toHaveLength(BURST_LOG_INS);
    expect(statuses.filter((status) => status === 202)).toHaveLength(BURST_TOP_UPS);
    expect(afterSigterm).toBeGreaterThan(0); // the burst really was in flight
    expect(refusedAt).not.toBeNull();
    expect(refusedAt!).toBeLessThan(lastAnswerAt); // refused while the last requests were still being answered
    expect(exit).toMatchObject({ code: 0, signal: null });
    expect(exit!.ms).toBeLessThan(10_000);
    expect(leased).toBe(0);
    expect(unfinished).toBe(0);
    expect(spanning).toBe(1);
    expect(operations).toBe(PENDING_TOP_UPS + BURST_TOP_UPS);
  });

  it('exits non-zero within 10 s, saying why, when a request never completes', async () => {
    await host.restart();
    // A client that sends its headers and part of the body, then nothing more: its request is in flight for ever.
    const socket = connect({ host: '127.0.0.1', port: host.port });
    await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
    socket.on('error', () => undefined);
    socket.write(
      `POST /api/User/UserLogin HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"email":`,
    );
    await sleep(200);
    const exit = await host.terminate();
    socket.destroy();
    console.log(
      `shutdown with a stalled request: exit code ${exit?.code} after ${Math.round(exit?.ms ?? NaN)} ms`,
    );
    expect(exit?.code).toBe(1);
    expect(exit!.ms).toBeLessThan(10_000);
    expect(host.output.join('\n')).toMatch(/shutdown took longer than \d+ ms/);
  });
});
