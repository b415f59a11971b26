import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

/** A port that was free a moment ago on 127.0.0.1 (the kernel picks it). */
export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port > 0 ? resolve(port) : reject(new Error('no port'))));
    });
  });

/** How a host's process ended: its exit code or signal, and the time from SIGTERM to exit (stop). */
export interface HostExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  ms: number;
}

export interface ApiHostOptions {
  databaseUrl: string;
  /** Extra or overriding environment (SANDBOX_DECISION_MS, PROVIDER_POLL_MS, LOG_LEVEL...). */
  env?: Record<string, string>;
  /** How long a start may take until /api/health answers 200. */
  startTimeoutMs?: number;
  /** Extra node flags (e.g. --cpu-prof, which NODE_OPTIONS does not allow). */
  nodeArgs?: string[];
  /** The host's entry module, relative to the repository (default src/server/main.ts). */
  entry?: string;
}

const tail = (lines: string[], chunk: string, keep = 200) => {
  for (const line of chunk.split('\n')) if (line.trim() !== '') lines.push(line);
  if (lines.length > keep) lines.splice(0, lines.length - keep);
};

/**
 * The real API host (`node --import tsx src/server/main.ts`: one process, so SIGKILL really kills the server and
 * no wrapper survives it) on 127.0.0.1 and a fixed free port, so it can be killed and restarted on the same
 * address and database while clients keep their base URL.
 */
export class ApiHost {
  readonly baseUrl: string;
  private child: ChildProcess | null = null;
  private exited: Promise<void> = Promise.resolve();
  private lastExit: Omit<HostExit, 'ms'> = { code: null, signal: null };
  /** The last lines the server printed (stdout and stderr), for failure messages. */
  readonly output: string[] = [];
  starts = 0;
  kills = 0;
  /** The pids of the processes killed with SIGKILL (their claimed jobs may be left to a lease's end). */
  readonly killedPids: number[] = [];

  private constructor(
    readonly port: number,
    readonly dataDir: string,
    private readonly env: Record<string, string>,
    private readonly startTimeoutMs: number,
    private readonly nodeArgs: string[],
    private readonly entry: string,
  ) {
    this.baseUrl = `http://127.0.0.1:${port}`;
  }

  static async start(options: ApiHostOptions): Promise<ApiHost> {
    const port = await freePort();
    const dataDir = await mkdtemp(path.join(tmpdir(), 'wallet-load-'));
    const env: Record<string, string> = {
      NODE_ENV: 'production',
      APP_SECRET: randomBytes(32).toString('hex'),
      WEBHOOK_SECRET: randomBytes(32).toString('hex'),
      // Production requires the origin passkeys are bound to (issue 26); this host is reached on 127.0.0.1.
      ORIGIN: `http://localhost:${port}`,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      STATIC_DIR: path.join(dataDir, 'no-static-build'),
      DATABASE_URL: options.databaseUrl,
      LOG_LEVEL: 'warn',
      // Load users sign up from 127.0.0.1, far past the per-address limit of a real carrier address.
      SIGN_UP_LIMIT_PER_HOUR: '1000000',
      ...options.env,
    };
    const host = new ApiHost(
      port,
      dataDir,
      env,
      options.startTimeoutMs ?? 60_000,
      options.nodeArgs ?? [],
      options.entry ?? 'src/server/main.ts',
    );
    await host.launch();
    return host;
  }

  get running(): boolean {
    return this.child !== null;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  private async launch(): Promise<void> {
    if (this.child) throw new Error('the API host is already running');
    const { PATH, HOME, LANG, TZ } = process.env;
    const child = spawn(process.execPath, [...this.nodeArgs, '--import', 'tsx', this.entry], {
      cwd: REPO_ROOT,
      env: {
        ...(PATH ? { PATH } : {}),
        ...(HOME ? { HOME } : {}),
        ...(LANG ? { LANG } : {}),
        ...(TZ ? { TZ } : {}),
        ...this.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    this.starts += 1;
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => tail(this.output, chunk));
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => tail(this.output, chunk));
    this.exited = new Promise((resolve) => {
      child.once('exit', (code, signal) => {
        tail(this.output, `[api host pid ${child.pid} exited: code ${code} signal ${signal}]`);
        if (this.child === child) this.child = null;
        this.lastExit = { code, signal };
        resolve();
      });
    });
    await this.waitForHealth(child);
  }

  private async waitForHealth(child: ChildProcess): Promise<void> {
    const deadline = Date.now() + this.startTimeoutMs;
    while (Date.now() < deadline) {
      if (this.child !== child) {
        throw new Error(`the API host exited while starting:\n${this.output.slice(-30).join('\n')}`);
      }
      try {
        const response = await fetch(`${this.baseUrl}/api/health`, { signal: AbortSignal.timeout(1_000) });
        await response.arrayBuffer();
        if (response.status === 200) return;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(
      `the API host did not become healthy in ${this.startTimeoutMs} ms:\n${this.output.slice(-30).join('\n')}`,
    );
  }

  /** SIGKILL: no shutdown hook runs, in-flight requests and transactions are cut. Resolves once it is gone. */
  async kill9(): Promise<void> {
    const child = this.child;
    if (!child) return;
    this.kills += 1;
    if (child.pid !== undefined) this.killedPids.push(child.pid);
    child.kill('SIGKILL');
    await this.exited;
  }

  /** Starts it again on the same port, database and DATA_DIR. */
  async restart(): Promise<void> {
    await this.kill9();
    await this.launch();
  }

  /**
   * SIGTERM: the host's graceful shutdown (which exits by itself within 10 s, non-zero when cut short); SIGKILL
   * only if it is still there after 15 s. Resolves with how it exited; null when it was not running.
   */
  async terminate(): Promise<HostExit | null> {
    const child = this.child;
    if (!child) return null;
    const started = performance.now();
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await this.exited;
    clearTimeout(timer);
    return { ...this.lastExit, ms: performance.now() - started };
  }

  /** terminate(), then removes DATA_DIR. */
  async stop(): Promise<HostExit | null> {
    const exit = await this.terminate();
    await rm(this.dataDir, { recursive: true, force: true });
    return exit;
  }
}
