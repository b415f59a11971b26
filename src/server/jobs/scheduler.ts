import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryRows } from '../db/sql';

export interface ScheduledJob {
  /** Unique; names its row in scheduled_jobs. */
  name: string;
  /** The time from the end of one run to the start of the next. */
  everyMs: number;
  /** A new job's first run waits this long (default: due at once); a job already in the table keeps its time. */
  firstRunAfterMs?: number;
  run(): Promise<void>;
}

export interface SchedulerOptions {
  db: Db;
  log: FastifyBaseLogger;
  /**
   * How long a claimed run is this host's without a renewal (renewed every third of it while it runs); a killed
   * host's run is taken by another after it (default 5 s).
   */
  leaseMs?: number;
  /** How often due jobs are looked for (default: the shortest job period, at most 1 s). */
  tickMs?: number;
  /** This host's name in the leases and the run log (default: hostname, pid and a random suffix). */
  hostId?: string;
}

export interface ClaimedRun {
  name: string;
  run: number;
}

export type RunOutcome = 'ok' | 'failed' | 'released';

const defaultHostId = (): string =>
  `${hostname().slice(0, 60)}:${process.pid}:${randomBytes(3).toString('hex')}`;

/**
 * A tick of 75-125% of `tickMs`. With fixed ticks, the host that ran a job looks again exactly when it is due next,
 * ahead of the others, and takes every run; spread ticks share the runs among the hosts.
 */
export const jittered = (tickMs: number, random: () => number = Math.random): number =>
  Math.round(tickMs * (0.75 + random() * 0.5));

/**
 * Background jobs shared by every API host through the one PostgreSQL. Each job is a row of scheduled_jobs; a host
 * claims a due one with `FOR UPDATE SKIP LOCKED` and takes a lease (renewed while it runs), so one run happens at a
 * time whichever host takes it, and each run is logged in scheduled_job_runs. A host killed mid-run stops renewing:
 * once the lease has expired another host claims the job (its run number moves on, so the dead run's late finish,
 * if it ever came, would change nothing). Stopping (SIGTERM) claims nothing more, releases a run claimed meanwhile and lets the runs under way finish.
 */
export class JobScheduler {
  readonly hostId: string;
  private readonly jobs = new Map<string, ScheduledJob>();
  private readonly leaseMs: number;
  /** The passes of runDue under way: their claims as well as their runs, which stop() waits for. */
  private readonly passes = new Set<Promise<unknown>>();
  private timer: NodeJS.Timeout | undefined;
  private stopped = true;
  /** Set by stop(): nothing more is claimed, and a run claimed meanwhile is released at once. */
  private stopping = false;

  constructor(private readonly options: SchedulerOptions) {
    this.hostId = options.hostId ?? defaultHostId();
    this.leaseMs = options.leaseMs ?? 5_000;
  }

  add(job: ScheduledJob): void {
    if (this.jobs.has(job.name)) throw new Error(`job ${job.name} is already scheduled`);
    this.jobs.set(job.name, job);
  }

  get names(): string[] {
    return [...this.jobs.keys()];
  }

  /** Makes the jobs' rows (due at once when new) and looks for due jobs every tick until stopped. */
  async start(): Promise<void> {
    if (!this.stopped) return;
    this.stopped = false;
    this.stopping = false;
    await this.prepare();
    const shortest = Math.min(1_000, ...[...this.jobs.values()].map((job) => job.everyMs));
    const tickMs = this.options.tickMs ?? Math.max(20, shortest);
    const loop = () => {
      if (this.stopped) return;
      this.timer = setTimeout(() => {
        this.runDue()
          .catch((error: unknown) => this.options.log.error({ err: error }, 'claiming scheduled jobs failed'))
          .finally(loop);
      }, jittered(tickMs));
      this.timer.unref();
    };
    loop();
  }

  /** Claims nothing more; resolves when the runs this host holds have finished. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.stopping = true;
    clearTimeout(this.timer);
    // A claim in flight is waited for too: its run is released before the host closes its database.
    await Promise.allSettled([...this.passes]);
  }

  /** Claims and runs every job due now that no other host holds (each at most once). */
  async runDue(): Promise<ClaimedRun[]> {
    const pass = this.claimAndRunDue();
    this.passes.add(pass);
    try {
      return await pass;
    } finally {
      this.passes.delete(pass);
    }
  }

  private async claimAndRunDue(): Promise<ClaimedRun[]> {
    const runs: ClaimedRun[] = [];
    for (;;) {
      if (this.stopping) return runs;
      const claimed = await this.claim();
      if (!claimed) return runs;
      runs.push(claimed);
      await this.execute(claimed);
    }
  }

  /** The oldest due job nobody holds, leased to this host; null when there is none. */
  async claim(): Promise<ClaimedRun | null> {
    if (this.jobs.size === 0) return null;
    const [row] = await queryRows<{ name: string; runs: number | string }>(
      this.options.db,
      sql`update scheduled_jobs set lease_owner = ${this.hostId},
            lease_until = clock_timestamp() + make_interval(secs => ${this.leaseMs / 1000}),
            runs = runs + 1
          where name = (
            select name from scheduled_jobs
            where name in (${sql.join(
              this.names.map((name) => sql`${name}`),
              sql`, `,
            )})
              and next_run_at <= clock_timestamp()
              and (lease_until is null or lease_until <= clock_timestamp())
            order by next_run_at limit 1
            for update skip locked
          )
          returning name, runs`,
    );
    if (!row) return null;
    const claimed = { name: row.name, run: Number(row.runs) };
    await this.options.db.execute(
      sql`insert into scheduled_job_runs (name, run, host) values (${claimed.name}, ${claimed.run}, ${this.hostId})`,
    );
    return claimed;
  }

  /**
   * Ends a run: the job is due again `everyMs` later (failed ones too: the next run retries), and its lease is
   * let go. Only the current run of this host can finish it (a run whose lease was taken over finishes nothing).
   */
  async finish(claimed: ClaimedRun, outcome: RunOutcome): Promise<void> {
    const job = this.jobs.get(claimed.name);
    const delayMs = outcome === 'released' ? 0 : (job?.everyMs ?? 0);
    // The run log first, then the lease: a run logged as finished has ended before any host can claim the next.
    await this.options.db.execute(
      sql`update scheduled_job_runs set finished_at = clock_timestamp(), outcome = ${outcome}
          where name = ${claimed.name} and run = ${claimed.run}`,
    );
    await this.options.db.execute(
      sql`update scheduled_jobs set lease_owner = null, lease_until = null,
            next_run_at = clock_timestamp() + make_interval(secs => ${delayMs / 1000}),
            last_finished_at = case when ${outcome} = 'released' then last_finished_at else clock_timestamp() end
          where name = ${claimed.name} and runs = ${claimed.run} and lease_owner = ${this.hostId}`,
    );
  }

  private async execute(claimed: ClaimedRun): Promise<void> {
    const job = this.jobs.get(claimed.name);
    if (!job) throw new Error(`claimed an unknown job ${claimed.name}`);
    if (this.stopping) {
      await this.finish(claimed, 'released');
      return;
    }
    const renew = setInterval(() => void this.renew(claimed), Math.max(10, Math.floor(this.leaseMs / 3)));
    renew.unref();
    let outcome: RunOutcome = 'ok';
    try {
      await job.run();
    } catch (error) {
      outcome = 'failed';
      this.options.log.error({ err: error, job: claimed.name, run: claimed.run }, 'scheduled job failed');
    } finally {
      clearInterval(renew);
    }
    await this.finish(claimed, outcome);
  }

  private async renew(claimed: ClaimedRun): Promise<void> {
    try {
      await this.options.db.execute(
        sql`update scheduled_jobs
            set lease_until = clock_timestamp() + make_interval(secs => ${this.leaseMs / 1000})
            where name = ${claimed.name} and runs = ${claimed.run} and lease_owner = ${this.hostId}`,
      );
    } catch (error) {
      this.options.log.warn({ err: error, job: claimed.name }, 'renewing a job lease failed');
    }
  }

  /** Makes the jobs' rows (due at once when new); start() does it first. */
  async prepare(): Promise<void> {
    for (const job of this.jobs.values()) {
      const firstRunAfterMs = job.firstRunAfterMs ?? 0;
      await this.options.db.execute(
        sql`insert into scheduled_jobs (name, next_run_at)
            values (${job.name}, now() + ${firstRunAfterMs} * interval '1 millisecond')
            on conflict (name) do nothing`,
      );
    }
  }
}
