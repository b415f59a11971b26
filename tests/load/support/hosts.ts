import type { ApiHost } from './api-host';
import { dataOf, request, sleep, type Answer } from './http';
import { withClient } from './pg-admin';
import { LOAD_PASSWORD, type LoadUser } from './users';

/*
 * What several API hosts on one database must agree on, checked through their HTTP APIs (sessions, rate limits)
 * and in the database (the background jobs' run log).
 */

const post = (baseUrl: string, path: string, json: unknown, token?: string): Promise<Answer> =>
  request(baseUrl, { method: 'POST', path, json, ...(token ? { token } : {}), timeoutMs: 10_000 });

/**
 * A new session of `user` made on host `a`, validated on host `b` (so b has it cached), logged out on `a`: how long
 * after the logout's answer `b` still accepted the token, as the send time of the last ValidateToken it answered
 * 200 (0 if none; asked every 20 ms until a 401, at most 3 s; Infinity if never refused). Send times, not answer
 * times: how long a busy host takes to answer is not how long the revoked session lived.
 */
export const msUntilLogoutHonoured = async (a: string, b: string, user: LoadUser): Promise<number> => {
  const logIn = await post(a, '/api/User/UserLogin', { email: user.email, password: LOAD_PASSWORD });
  const token = dataOf<{ token: string }>(logIn)?.token;
  if (logIn.status !== 200 || !token) throw new Error(`log in on ${a}: ${logIn.status} ${logIn.text}`);
  const valid = await post(b, '/api/User/ValidateToken', { token });
  if (valid.status !== 200) throw new Error(`ValidateToken on ${b} before the logout: ${valid.status}`);
  const logOut = await post(a, '/api/User/Logout', {}, token);
  if (logOut.status !== 200) throw new Error(`log out on ${a}: ${logOut.status} ${logOut.text}`);
  const started = performance.now();
  let lastAcceptedMs = 0;
  while (performance.now() - started < 3_000) {
    const sentMs = performance.now() - started;
    if ((await post(b, '/api/User/ValidateToken', { token })).status === 401) return lastAcceptedMs;
    lastAcceptedMs = sentMs;
    await sleep(20);
  }
  return Number.POSITIVE_INFINITY;
};

/**
 * `attempts` log-ins with a wrong password for `email`, sent in turn to each host (one at a time): their
 * statuses. With a per-minute limit of `attempts - 1` counted in the shared database, the last one is a 429
 * whichever host it reaches; counted per process, no host would have seen enough.
 */
export const wrongLogInStatuses = async (
  baseUrls: readonly string[],
  email: string,
  attempts: number,
): Promise<number[]> => {
  const statuses: number[] = [];
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    const host = baseUrls[attempt % baseUrls.length]!;
    statuses.push(
      (await post(host, '/api/User/UserLogin', { email, password: 'not-the-password-1' })).status,
    );
  }
  return statuses;
};

interface JobRun {
  name: string;
  run: number;
  host: string;
  startedAt: Date;
  finishedAt: Date | null;
  outcome: string | null;
}

export interface JobAudit {
  problems: string[];
  /** Runs by host (its name: hostname:pid:suffix). */
  runsByHost: Record<string, number>;
  runs: number;
}

/** The pid in a scheduler host id (`hostname:pid:suffix`). */
const pidOf = (hostId: string): number => Number(hostId.split(':').at(-2));

/**
 * The background jobs' run log once every host has stopped: no two runs of one job overlapped (each run ended, as
 * logged, before the next began), every run finished unless its host was killed (kill -9: its lease ran out and
 * another host went on), and no job is still leased to a host that was stopped gracefully.
 */
export const auditJobRuns = async (databaseUrl: string, killedPids: readonly number[]): Promise<JobAudit> => {
  return withClient(databaseUrl, async (client) => {
    const runs = (
      await client.query<JobRun>(
        `select name, run::int as run, host, started_at as "startedAt", finished_at as "finishedAt", outcome
         from scheduled_job_runs order by name, run`,
      )
    ).rows;
    const leased = (
      await client.query<{ name: string; leaseOwner: string }>(
        `select name, lease_owner as "leaseOwner" from scheduled_jobs where lease_owner is not null`,
      )
    ).rows;
    const problems: string[] = [];
    const killed = new Set(killedPids);
    const runsByHost: Record<string, number> = {};
    for (const [index, run] of runs.entries()) {
      runsByHost[run.host] = (runsByHost[run.host] ?? 0) + 1;
      if (run.finishedAt === null && !killed.has(pidOf(run.host)))
        problems.push(
          `job ${run.name} run ${run.run} on ${run.host} never finished, and its host was not killed`,
        );
      const next = runs[index + 1];
      if (next?.name === run.name && run.finishedAt !== null && next.startedAt < run.finishedAt)
        problems.push(
          `job ${run.name}: run ${next.run} on ${next.host} started at ${next.startedAt.toISOString()}, before run ${run.run} on ${run.host} finished at ${run.finishedAt.toISOString()}`,
        );
    }
    for (const lease of leased)
      if (!killed.has(pidOf(lease.leaseOwner)))
        problems.push(
          `job ${lease.name} is still leased to ${lease.leaseOwner}, which was stopped gracefully`,
        );
    return { problems, runsByHost, runs: runs.length };
  });
};

/** Stops every host (SIGTERM): each must exit 0 by itself within 10 s. Returns a problem line per host that did not. */
export const stopHostsGracefully = async (hosts: readonly ApiHost[]): Promise<string[]> => {
  const exits = await Promise.all(hosts.map((host) => host.terminate()));
  return exits.flatMap((exit, index) =>
    exit && (exit.code !== 0 || exit.ms > 10_000)
      ? [
          `host ${hosts[index]!.baseUrl} exited with code ${exit.code} signal ${exit.signal} ${Math.round(exit.ms)} ms after SIGTERM:\n${hosts[index]!.output.slice(-15).join('\n')}`,
        ]
      : [],
  );
};
