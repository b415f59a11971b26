import pg from 'pg';
import { databaseFromPool } from '../../../src/server/db/client';
import { monitoringOff } from '../../support/server-monitoring-helpers';
import { ApiHost } from './api-host';
import { percentile } from './http';
import type { ClientRecord } from './invariants';
import { createScratchDatabase, type ScratchDatabase } from './pg-admin';
import { placeTiers } from './tier-limits';
import { createUserWithIdentification, fundByCard, prepareTransfers, type LoadUser } from './users';
import type { WorkloadResult } from './workload';

/** The sandbox and worker timings of the load tests: decisions in 50 ms, polling every 200 ms, MoMo expiry in 3 s. */
export const LOAD_SERVER_ENV: Record<string, string> = {
  LOG_LEVEL: 'warn',
  SANDBOX_DECISION_MS: '50',
  PROVIDER_POLL_MS: '200',
  SANDBOX_MOMO_EXPIRY_MS: '3000',
  // The hosts batch ledger commits by default; LEDGER_BATCH_MAX=1 in the test's environment commits each alone.
  ...(process.env.LEDGER_BATCH_MAX ? { LEDGER_BATCH_MAX: process.env.LEDGER_BATCH_MAX } : {}),
};

export interface LoadEnvironment {
  database: ScratchDatabase;
  /** The first API host (of `hosts`). */
  host: ApiHost;
  /** Every API host on the database, each its own process and port (started at the same moment). */
  hosts: ApiHost[];
  users: LoadUser[];
  /** The funding top-ups, as client records (part of every user's balance model). */
  fundingRecords: ClientRecord[];
  close(): Promise<void>;
}

/**
 * A fresh database `load_<random>` on the server of `serverUrl`, `hostCount` real API hosts on it (child processes
 * started at the same moment on the empty database: they migrate and seed under the advisory lock), and
 * `userCount` users with an identification, a verified phone and beneficiaries for every kind of transfer (each
 * user's on-us beneficiary is the next user), each funded by card with `fundingMinor`.
 */
export const createLoadEnvironment = async (options: {
  serverUrl: string;
  userCount: number;
  fundingMinor: number;
  /** How many API hosts (default 1). */
  hostCount?: number;
  env?: Record<string, string>;
  /**
   * The monitoring rules (issue 25): 'off' (default) for the load's bursts of hundreds of moves a minute per user,
   * which the velocity rule holds by design; 'as-is' keeps the rules in force (tests/load/monitoring-load.test.ts).
   */
  monitoring?: 'off' | 'as-is';
}): Promise<LoadEnvironment> => {
  const database = await createScratchDatabase(options.serverUrl, 'load');
  const starts = Array.from({ length: options.hostCount ?? 1 }, () =>
    ApiHost.start({ databaseUrl: database.url, env: { ...LOAD_SERVER_ENV, ...options.env } }),
  );
  const settled = await Promise.allSettled(starts);
  const hosts = settled.flatMap((start) => (start.status === 'fulfilled' ? [start.value] : []));
  const stopAll = () => Promise.all(hosts.map((host) => host.stop()));
  try {
    const failed = settled.find((start) => start.status === 'rejected');
    if (failed) throw failed.reason;
    // Each user is made and funded through one host in turn: the others see it through the database.
    const hostFor = (index: number) => hosts[index % hosts.length]!.baseUrl;
    const users = await Promise.all(
      Array.from({ length: options.userCount }, (_, index) =>
        createUserWithIdentification(hostFor(index), `u${index}`),
      ),
    );
    await prepareTransfers(database.url, users);
    if ((options.monitoring ?? 'off') === 'off') await turnMonitoringOff(database.url);
    // Issue 24: the users at mixed tiers (Minimum, Medium, Enhanced in turn), so the load meets the limits.
    await placeTiers(database.url, users);
    const fundingRecords = (
      await Promise.all(
        users.map((user, index) => fundByCard(hostFor(index + 1), user, options.fundingMinor)),
      )
    ).flat();
    return {
      database,
      host: hosts[0]!,
      hosts,
      users,
      fundingRecords,
      close: async () => {
        await stopAll();
        await database.drop();
      },
    };
  } catch (error) {
    for (const host of hosts) console.error(host.output.slice(-30).join('\n'));
    await stopAll();
    await database.drop();
    throw error;
  }
};

const fixed = (value: number, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : 'n/a');

/** One paragraph of figures for the test log. */
export const describeWorkload = (title: string, result: WorkloadResult, clients: number): string => {
  const seconds = result.loadMs / 1000;
  const c = result.counts;
  return [
    `${title}: ${clients} clients for ${fixed(seconds)} s (all done after ${fixed(result.totalMs / 1000)} s)`,
    `  money POSTs answered: ${result.postLatencies.length} (${fixed(result.postLatencies.length / seconds)}/s); ` +
      `p50 ${fixed(percentile(result.postLatencies, 50))} ms, p99 ${fixed(percentile(result.postLatencies, 99))} ms, ` +
      `max ${fixed(percentile(result.postLatencies, 100))} ms`,
    `  transfers: ${c.carts} carts initiated (p50 ${fixed(percentile(result.initiateLatencies, 50))} ms, p99 ${fixed(percentile(result.initiateLatencies, 99))} ms), ` +
      `${result.records.filter((record) => record.kind.endsWith('_transfer')).length} PayNow keys`,
    `  gem pack prices and bill quotes asked: ${c.quotes}; keys by kind: ` +
      [...new Set(result.records.map((record) => record.kind))]
        .sort()
        .map((kind) => `${kind} ${result.records.filter((record) => record.kind === kind).length}`)
        .join(', '),
    `  reads: ${c.reads} (p50 ${fixed(percentile(result.readLatencies, 50))} ms, p99 ${fixed(percentile(result.readLatencies, 99))} ms)`,
    `  keys: ${result.records.length}, acknowledged ${c.acknowledged}; sends ${c.requests}; no answer ${c.noAnswer}; ` +
      `5xx ${c.serverErrors}; 409 in progress ${c.inProgress409}; replays ${c.replaysChecked}; ` +
      `concurrent duplicates ${c.concurrentDuplicates}; conflicts ${c.conflictsChecked}; insufficient funds ${c.refusedInsufficient}; ` +
      `402 after a cut send ${c.interruptedFailures}; repeats of a 400 refusal ${c.refusalRepeats} (answered differently ${c.refusalRepeatsDiffering})`,
  ].join('\n');
};

/**
 * Every monitoring rule off from now, as a compliance officer's change would (a new version of each rule): the
 * rules' check still runs under the wallet lock, and finds nothing enabled. Also bench:ledger's.
 */
export const turnMonitoringOff = async (databaseUrl: string): Promise<void> => {
  const database = databaseFromPool(new pg.Pool({ connectionString: databaseUrl, max: 1 }));
  try {
    await monitoringOff(database.db);
  } finally {
    await database.close();
  }
};
