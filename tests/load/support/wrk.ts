import { spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { REPO_ROOT } from './api-host';
import type { LoadUser } from './users';

/**
 * Debian's wrk with scripts/bench/money-load.lua: the benchmark's load generator, a few microseconds of CPU a
 * request where Node clients cost about half a millisecond (issue 28). `apt-get install wrk` (CI installs it).
 */
export const WRK_SCRIPT = path.join(REPO_ROOT, 'scripts/bench/money-load.lua');

/** 'floor': GET /api/health only (a request with one `select 1`), what the cheapest request costs the host. */
export type WrkMix = 'classic' | 'transfers' | 'floor';

/** What money-load.lua's done() prints, and the CPU wrk itself used. */
export interface WrkResult {
  durationUs: number;
  /** Every answered request (InitiateTransfer's carts included). */
  requests: number;
  /** InitiateTransfer answers (201 with a cart); every one is paid by the thread's next request. */
  carts: number;
  answers2xx: number;
  answers4xx: number;
  answers5xx: number;
  timeouts: number;
  socketErrors: number;
  p50Us: number;
  p90Us: number;
  p99Us: number;
  maxUs: number;
  /** Errors inside the script's request() or response() (each guarded); a run with any is refused. */
  scriptErrors: number;
  firstScriptError: string;
  /** CPU seconds (user + system, every thread) wrk used, read from /proc within 0.2 s of its end. */
  cpuS: number;
}

export const wrkAvailable = (): boolean => spawnSync('wrk', ['--version']).error === undefined;

/** The users file money-load.lua reads: `userId token momo bank onUs` a line (beneficiary ids, 0: none). */
export const writeWrkUsers = async (users: readonly LoadUser[], file: string): Promise<void> => {
  const lines = users.map((user) => {
    const targets = user.transfers;
    return [
      user.userId,
      user.token,
      targets?.momo ?? 0,
      targets?.bank ?? 0,
      targets?.onUs?.beneficiaryId ?? 0,
    ].join(' ');
  });
  await writeFile(file, `${lines.join('\n')}\n`);
};

const cpuSecondsOf = async (pid: number): Promise<number> => {
  try {
    const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).replace(/^.*\) /, '').split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
};

export interface WrkOptions {
  baseUrl: string;
  usersFile: string;
  mix: WrkMix;
  connections: number;
  durationS: number;
  /** wrk threads (default 2, one per core); each needs 1 to 100 of the users. */
  threads?: number;
  /** Unique per run on one database (the Idempotency-Keys' prefix). */
  runId?: string;
}

/** Runs wrk once and returns its counts; throws when it fails or prints no WRK_JSON line. */
export const runWrk = (options: WrkOptions): Promise<WrkResult> =>
  new Promise((resolve, reject) => {
    const args = [
      `-t${options.threads ?? 2}`,
      `-c${options.connections}`,
      `-d${options.durationS}s`,
      '--timeout',
      '10s',
      '-s',
      WRK_SCRIPT,
      options.baseUrl,
      '--',
      options.usersFile,
      options.mix,
      options.runId ?? randomUUID().slice(0, 8),
    ];
    const child = spawn('wrk', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    let cpuS = 0;
    const sampler = setInterval(() => {
      if (child.pid) void cpuSecondsOf(child.pid).then((seconds) => (cpuS = Math.max(cpuS, seconds)));
    }, 200);
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), (options.durationS + 60) * 1000);
    child.on('error', (error) => {
      clearInterval(sampler);
      clearTimeout(timer);
      reject(error);
    });
    child.on('exit', (code) => {
      clearInterval(sampler);
      clearTimeout(timer);
      const json = /^WRK_JSON (.*)$/m.exec(output)?.[1];
      if (code !== 0 || !json) {
        reject(new Error(`wrk ${args.join(' ')} exited with ${code}:\n${output}`));
        return;
      }
      const result: WrkResult = { ...(JSON.parse(json) as Omit<WrkResult, 'cpuS'>), cpuS };
      if (result.scriptErrors > 0) {
        reject(new Error(`wrk: ${result.scriptErrors} script errors, the first: ${result.firstScriptError}`));
        return;
      }
      resolve(result);
    });
  });

/** Money POSTs answered: every answer but the carts (a transfer's InitiateTransfer is counted apart). */
export const moneyPostsOf = (result: WrkResult): number => result.requests - result.carts;
