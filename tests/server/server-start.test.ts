import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { DEVELOPMENT_SECRETS_FILE } from '../../src/server/development-secrets';

/*
 * `npm start` as a user runs it (issue 21): the real src/server/main.ts in its own process, with nothing set but
 * what the test names (no NODE_ENV, no secrets inherited from the test runner).
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dataDirs: string[] = [];
const children: ChildProcess[] = [];

afterAll(async () => {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const dataDir of dataDirs) await rm(dataDir, { recursive: true, force: true });
});

const freshDataDir = async () => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'wallet-start-'));
  dataDirs.push(dataDir);
  return dataDir;
};

interface Server {
  child: ChildProcess;
  /** stdout and stderr so far. */
  output: () => string;
  exited: Promise<number | null>;
}

const run = (env: Record<string, string>): Server => {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'warn', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (chunk) => (output += String(chunk)));
  child.stderr?.on('data', (chunk) => (output += String(chunk)));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
};

/** The URL the server says it runs on, once it listens. */
const listening = async (server: Server, ms = 90_000): Promise<string> => {
  const deadline = Date.now() + ms;
  for (;;) {
    const url = /is running on (http:\/\/\S+)/.exec(server.output())?.[1];
    if (url) return url;
    if (server.child.exitCode !== null || Date.now() > deadline)
      throw new Error(`the server did not start:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

const stop = async (server: Server) => {
  server.child.kill('SIGTERM');
  await server.exited;
};

describe('starting the server (src/server/main.ts)', () => {
  it('refuses a host beyond loopback with NODE_ENV and the secrets unset, naming what is missing', async () => {
    const dataDir = await freshDataDir();
    const server = run({ HOST: '0.0.0.0', DATA_DIR: dataDir });
    // Today's code must exit; a server that listens instead fails here at once.
    expect(await Promise.race([server.exited, listening(server).then(() => 'listening')])).toBe(1);
    expect(server.output()).toContain('NODE_ENV is not set and HOST=0.0.0.0 is not a loopback address');
    expect(server.output()).toContain('set NODE_ENV=production with APP_SECRET and WEBHOOK_SECRET');
    expect(server.output()).not.toContain('is running on');
    await expect(stat(path.join(dataDir, DEVELOPMENT_SECRETS_FILE))).rejects.toThrow(/ENOENT/);
  });

  it('on a default start, makes development secrets in DATA_DIR (0600), says so, and keeps them for the next start', async () => {
    const dataDir = await freshDataDir();
    const file = path.join(dataDir, DEVELOPMENT_SECRETS_FILE);
    const env = { DATA_DIR: dataDir, STATIC_DIR: path.join(dataDir, 'no-build') };

    const first = run(env);
    const url = await listening(first);
    expect(first.output()).toContain(`Development secrets APP_SECRET, WEBHOOK_SECRET made in ${file}`);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const made = await readFile(file, 'utf8');
    // Loopback only: /metrics answers the local scraper without a token.
    expect((await fetch(`${url}/metrics`)).status).toBe(200);
    await stop(first);

    const next = run(env);
    await listening(next);
    expect(next.output()).toContain(`Development secrets APP_SECRET, WEBHOOK_SECRET kept in ${file}`);
    expect(await readFile(file, 'utf8')).toBe(made);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    await stop(next);
  }, 180_000);
});
