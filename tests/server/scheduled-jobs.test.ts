import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/sql';
import fc from 'fast-check';
import { jittered, JobScheduler } from '../../src/server/jobs/scheduler';
import { createSecondHost, type SecondHost } from '../support/second-host';
import { createTestApp, type TestApp } from '../support/test-app';

/*
 * Two hosts (two schedulers, each on its own pool of the same database on PostgreSQL) racing for the same jobs:
 * each due run is claimed by one of them; a host that dies mid-run leaves the job to the other after the lease.
 */

let t: TestApp;
let other: SecondHost;

beforeAll(async () => {
  t = await createTestApp();
  other = await createSecondHost(t);
});
afterAll(async () => {
  await other?.close();
  await t?.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Runs {
  host: string;
  run: number;
  outcome: string | null;
  finished: boolean;
}

const runsOf = async (name: string): Promise<Runs[]> =>
  (
    await queryRows<{ host: string; run: number | string; outcome: string | null; finished_at: unknown }>(
      t.database.db,
      sql`select host, run, outcome, finished_at from scheduled_job_runs where name = ${name} order by run`,
    )
  ).map((row) => ({
    host: row.host,
    run: Number(row.run),
    outcome: row.outcome,
    finished: row.finished_at !== null,
  }));

/** A scheduler per host with one job `name`, counting the runs each host made, never two at once. */
const racingHosts = (name: string, everyMs: number, workMs: number, leaseMs = 30_000) => {
  const made = { A: 0, B: 0 };
  let inside = 0;
  let overlapped = false;
  const schedulerOf = (host: 'A' | 'B', db: TestApp['database']['db']) => {
    const scheduler = new JobScheduler({ db, log: t.app.log, hostId: `${name}-${host}`, leaseMs });
    scheduler.add({
      name,
      everyMs,
      run: async () => {
        inside += 1;
        if (inside > 1) overlapped = true;
        made[host] += 1;
        await sleep(workMs);
        inside -= 1;
      },
    });
    return scheduler;
  };
  return {
    made,
    overlapped: () => overlapped,
    a: schedulerOf('A', t.database.db),
    b: schedulerOf('B', other.database.db),
  };
};

describe('scheduled jobs on two hosts', () => {
  it('run a due job once, whichever host claims it, when both race for it', async () => {
    const race = racingHosts('race-once', 60_000, 30);
    await Promise.all([race.a.prepare(), race.b.prepare()]);
    for (let round = 0; round < 5; round += 1) {
      await Promise.all([race.a.runDue(), race.b.runDue(), race.a.runDue(), race.b.runDue()]);
    }
    expect(race.made.A + race.made.B).toBe(1);
    const runs = await runsOf('race-once');
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ run: 1, outcome: 'ok', finished: true });
  });

  it('never run a job on both hosts at once, and run it again each period', async () => {
    const race = racingHosts('race-period', 50, 20);
    await Promise.all([race.a.start(), race.b.start()]);
    await sleep(1_200);
    await Promise.all([race.a.stop(), race.b.stop()]);
    const runs = await runsOf('race-period');
    expect(race.overlapped()).toBe(false);
    // A run claimed while its host was stopping is released, not made: only after the last run made.
    const made = runs.filter((run) => run.outcome === 'ok');
    expect(made.length).toBe(race.made.A + race.made.B);
    expect(runs.slice(made.length).every((run) => run.outcome === 'released')).toBe(true);
    expect(runs.every((run) => run.finished)).toBe(true);
    // One run after another: 1.2 s of 20 ms runs every 50 ms gives several, each numbered once.
    expect(made.length).toBeGreaterThanOrEqual(4);
    expect(runs.map((run) => run.run)).toEqual(runs.map((_, index) => index + 1));
  });

  it('stop while a claim is in flight: the claimed run is released and logged before stop() returns', async () => {
    const race = racingHosts('race-stop', 60_000, 10);
    await race.a.start();
    const pass = race.a.runDue();
    await race.a.stop();
    expect(await runsOf('race-stop')).toEqual([
      { host: 'race-stop-A', run: 1, outcome: 'released', finished: true },
    ]);
    expect(race.made).toEqual({ A: 0, B: 0 });
    expect(await pass).toEqual([{ name: 'race-stop', run: 1 }]);
  });

  it('leave the run of a host killed mid-run to another host once its lease has expired', async () => {
    const race = racingHosts('race-lease', 60_000, 10, 300);
    await Promise.all([race.a.prepare(), race.b.prepare()]);
    // Host A claims the run and dies: it never runs nor finishes it, and renews nothing.
    const claimed = await race.a.claim();
    expect(claimed).toEqual({ name: 'race-lease', run: 1 });
    expect(await race.b.runDue()).toEqual([]);
    await sleep(350);
    expect(await race.b.runDue()).toEqual([{ name: 'race-lease', run: 2 }]);
    expect(race.made).toEqual({ A: 0, B: 1 });
    // The dead run's late finish (were it ever to come) changes nothing: the job is not due again at once.
    await race.a.finish(claimed!, 'released');
    expect(await race.b.runDue()).toEqual([]);
    const runs = await runsOf('race-lease');
    expect(runs.map(({ host, run, finished }) => ({ host, run, finished }))).toEqual([
      { host: 'race-lease-A', run: 1, finished: true },
      { host: 'race-lease-B', run: 2, finished: true },
    ]);
  });

  it('keep a long run leased to its host while it renews the lease', async () => {
    const race = racingHosts('race-renew', 60_000, 700, 300);
    await Promise.all([race.a.prepare(), race.b.prepare()]);
    const running = race.a.runDue();
    await sleep(500);
    expect(await race.b.runDue()).toEqual([]);
    await running;
    expect(race.made).toEqual({ A: 1, B: 0 });
  });

  it('register the app’s jobs: provider polling, the purge and the hourly ledger check', () => {
    expect(t.app.jobs.names).toEqual([
      'provider-poll',
      'purge',
      'ledger-check',
      'monitoring-hold-escalation',
    ]);
  });
});

describe("a scheduler's tick", () => {
  it('is spread over 75-125% of its length, so no host is always first to a due job', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 20, max: 60_000 }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        (tickMs, random) => {
          const tick = jittered(tickMs, () => random);
          expect(tick).toBeGreaterThanOrEqual(Math.round(tickMs * 0.75));
          expect(tick).toBeLessThanOrEqual(Math.round(tickMs * 1.25));
        },
      ),
    );
    const ticks = new Set(Array.from({ length: 20 }, () => jittered(1_000)));
    expect(ticks.size).toBeGreaterThan(1);
  });
});
