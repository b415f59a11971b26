import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLoadEnvironment, describeWorkload, type LoadEnvironment } from './support/environment';
import {
  auditJobRuns,
  msUntilLogoutHonoured,
  stopHostsGracefully,
  wrongLogInStatuses,
} from './support/hosts';
import { sleep } from './support/http';
import { limitRefusalCount } from './support/tier-limits';
import { settleAndVerify } from './support/verify';
import { runWorkload } from './support/workload';

/**
 * 16 clients for 20 s against two real API hosts (two processes, two ports) on one fresh PostgreSQL database, every
 * send (first, retry, duplicate of the same Idempotency-Key) to either host at random, over 4 shared wallets (4
 * clients per user token): every rail, transfers (MoMo and bank payouts, failing ones, on-us into the next user's wallet),
 * deposits into betting accounts (some refused by the operator), gem packs bought from the shop, prepaid bills
 * paid (some to a biller that is down), the sandbox's failures, duplicate retries
 * (sequential and concurrent) and same-key conflicts. Then every money invariant of DESIGN.md "Money and the
 * ledger" is checked, to the pesewa; and what the hosts share: a logout on one is refused by the other within a
 * second (asked during the load), the log-in limit is counted across both, each background job ran once at a time,
 * and both hosts stop gracefully (SIGTERM: exit 0 within 10 s, no job left claimed).
 */
const CLIENTS = 16;
const USERS = 4;
const DURATION_MS = Number(process.env.LOAD_DURATION_MS ?? 20_000);
/** LOAD_HOSTS=1 gives the one-host figures to compare with (README: Running several hosts). */
const HOSTS = Number(process.env.LOAD_HOSTS ?? 2);
const LOGIN_LIMIT = 10;

describe('the wallet ledger under 16 concurrent clients (PostgreSQL)', () => {
  let environment: LoadEnvironment;

  beforeAll(async () => {
    environment = await createLoadEnvironment({
      serverUrl: process.env.TEST_DATABASE_URL ?? '',
      userCount: USERS,
      fundingMinor: 50_000, // GH₵ 500 each: withdrawals race for it, some are refused for insufficient funds
      hostCount: HOSTS,
      env: { LOGIN_RATE_LIMIT_PER_MINUTE: String(LOGIN_LIMIT) },
    });
  });

  afterAll(async () => {
    await environment?.close();
  });

  it('conserves every pesewa, keeps wallets non-negative and moves money once per Idempotency-Key', async () => {
    const baseUrls = environment.hosts.map((host) => host.baseUrl);
    const [a, b = a] = baseUrls as [string, ...string[]];
    const loadBefore = loadavg();
    const workload = runWorkload({
      baseUrl: baseUrls,
      users: environment.users,
      clients: CLIENTS,
      durationMs: DURATION_MS,
      requestTimeoutMs: 10_000,
      retryForMs: 15_000,
      mix: 'full',
    });
    // Under the load: logouts on one host, refused by the other (which had the session cached).
    const logoutMs: number[] = [];
    for (let round = 0; round < 4; round += 1) {
      await sleep(DURATION_MS / 5);
      const user = environment.users[round % environment.users.length]!;
      logoutMs.push(
        await (round % 2 === 0 ? msUntilLogoutHonoured(a, b, user) : msUntilLogoutHonoured(b, a, user)),
      );
    }
    const loadDuring = loadavg();
    const result = await workload;
    console.log(describeWorkload(`concurrency on ${HOSTS} hosts`, result, CLIENTS));
    console.log(
      `concurrency: load average ${loadBefore.map((n) => n.toFixed(2)).join(' ')} before, ${loadDuring.map((n) => n.toFixed(2)).join(' ')} near the end; ` +
        `revoked token last accepted by the other host ${logoutMs.map((ms) => `${Math.round(ms)} ms`).join(', ')} after the logout`,
    );

    const verified = await settleAndVerify({
      baseUrl: environment.host.baseUrl,
      databaseUrl: environment.database.url,
      users: environment.users,
      records: [...environment.fundingRecords, ...result.records],
      settleTimeoutMs: 20_000,
    });
    // Issue 24: the users are at mixed tiers; verify checked that no day passed its limit.
    console.log(`concurrency: tier limit refusals ${await limitRefusalCount(environment.database.url)}`);
    console.log(
      `concurrency: settled in ${verified.settleMs} ms; ${JSON.stringify(verified.summary)}; history rows/operations per user ${verified.historyCaps.map((cap) => `${cap.rows}/${cap.operations}`).join(' ')}`,
    );
    if (result.problems.length + verified.problems.length > 0) {
      for (const host of environment.hosts) console.log(host.output.slice(-20).join('\n'));
    }

    // The log-in limit holds across hosts: attempts alternate between them, the one past the limit is refused.
    const statuses = await wrongLogInStatuses(
      [a, b],
      `nobody.${randomBytes(4).toString('hex')}@example.com`,
      LOGIN_LIMIT + 2,
    );
    const stopProblems = await stopHostsGracefully(environment.hosts);
    const jobs = await auditJobRuns(environment.database.url, []);
    console.log(
      `concurrency: job runs ${jobs.runs} ${JSON.stringify(jobs.runsByHost)}; wrong log-ins answered ${statuses.join(' ')}`,
    );

    expect(result.problems).toEqual([]);
    expect(verified.problems).toEqual([]);
    expect(result.counts.serverErrors).toBe(0);
    for (const ms of logoutMs) expect(ms).toBeLessThan(1_000);
    expect(statuses.slice(0, LOGIN_LIMIT).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(LOGIN_LIMIT)).toEqual([429, 429]);
    expect(stopProblems).toEqual([]);
    expect(jobs.problems).toEqual([]);
    // Both hosts took runs of the shared jobs.
    expect(Object.keys(jobs.runsByHost).length).toBe(HOSTS);
    // The load really happened, with every kind of retry.
    expect(result.loadMs).toBeGreaterThanOrEqual(DURATION_MS);
    expect(result.records.length).toBeGreaterThan(200);
    expect(result.counts.replaysChecked).toBeGreaterThan(0);
    expect(result.counts.concurrentDuplicates).toBeGreaterThan(0);
    expect(result.counts.conflictsChecked).toBeGreaterThan(0);
    expect(verified.summary.successful).toBeGreaterThan(0);
    expect(verified.summary.failed).toBeGreaterThan(0);
    // Transfers really happened: paid out, failed and released, and on-us with the receiver's row.
    const kinds = verified.snapshot.operations.map((operation) => `${operation.kind} ${operation.status}`);
    for (const seen of [
      'momo_transfer Successful',
      'bank_transfer Successful',
      'momo_transfer Failed',
      'wallet_transfer Successful',
      'wallet_transfer_received Successful',
      'bet Successful',
      'bet Failed',
      'gem_purchase Successful',
      'bill_payment Successful',
      'bill_payment Failed',
    ])
      expect(kinds, seen).toContain(seen);
  });
});
