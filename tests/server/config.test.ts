import { chmod, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, readConfig } from '../../src/server/config';
import { DEVELOPMENT_SECRETS_FILE } from '../../src/server/development-secrets';

const dataDirs: string[] = [];
const freshDataDir = async () => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'wallet-config-'));
  dataDirs.push(dataDir);
  return dataDir;
};
afterEach(async () => {
  for (const dataDir of dataDirs.splice(0)) await rm(dataDir, { recursive: true, force: true });
});

const problemsOf = (load: () => unknown): string => {
  try {
    load();
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).message;
  }
  throw new Error('the configuration was accepted');
};

const secretsFileOf = (dataDir: string) => path.join(dataDir, DEVELOPMENT_SECRETS_FILE);

describe('loadConfig', () => {
  it('has working defaults for a laptop', async () => {
    expect(loadConfig({ DATA_DIR: await freshDataDir() })).toMatchObject({
      NODE_ENV: 'development',
      PORT: 3000,
      HOST: 'localhost',
      DATABASE_URL: undefined,
      SMTP_URL: undefined,
      SESSION_IDLE_MINUTES: 30,
      SESSION_MAX_HOURS: 12,
      LOGIN_RATE_LIMIT_PER_MINUTE: 10,
      STATIC_DIR: './dist',
    });
  });

  it('reads numbers and URLs from the environment, treating empty values as unset', async () => {
    const config = loadConfig({
      PORT: '8080',
      DATABASE_URL: 'postgres://wallet@db:5432/wallet',
      SESSION_IDLE_MINUTES: '5',
      SMTP_URL: '',
      DATA_DIR: await freshDataDir(),
    });
    expect(config).toMatchObject({
      PORT: 8080,
      DATABASE_URL: 'postgres://wallet@db:5432/wallet',
      SESSION_IDLE_MINUTES: 5,
    });
    expect(config.SMTP_URL).toBeUndefined();
  });

  it('lists every bad variable in one clear error, without echoing secrets', () => {
    const secret = 'short-secret';
    const message = problemsOf(() =>
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', APP_SECRET: secret, SESSION_MAX_HOURS: '0' }),
    );
    for (const name of ['PORT', 'DATABASE_URL', 'APP_SECRET', 'SESSION_MAX_HOURS'])
      expect(message).toContain(name);
    expect(message).not.toContain(secret);
  });

  it('requires real secrets in production, and accepts them', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /APP_SECRET: is required when NODE_ENV=production/,
    );
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/WEBHOOK_SECRET: is required/);
    const secret = 'a'.repeat(20) + 'b'.repeat(20);
    const webhookSecret = 'w'.repeat(32);
    const config = loadConfig({ NODE_ENV: 'production', APP_SECRET: secret, WEBHOOK_SECRET: webhookSecret });
    expect(config.APP_SECRET).toBe(secret);
    expect(config.WEBHOOK_SECRET).toBe(webhookSecret);
  });
});

describe('development secrets (issue 21)', () => {
  it('are made at the first start in DATA_DIR, readable by the owner only, and kept for the next start', async () => {
    const dataDir = await freshDataDir();
    const first = readConfig({ DATA_DIR: dataDir });
    const file = secretsFileOf(dataDir);
    expect(first.development).toEqual({ names: ['APP_SECRET', 'WEBHOOK_SECRET'], file, created: true });
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    for (const secret of [first.config.APP_SECRET, first.config.WEBHOOK_SECRET])
      expect(secret).toMatch(/^[\w-]{43}$/);
    expect(first.config.APP_SECRET).not.toBe(first.config.WEBHOOK_SECRET);
    expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({
      APP_SECRET: first.config.APP_SECRET,
      WEBHOOK_SECRET: first.config.WEBHOOK_SECRET,
    });

    const next = readConfig({ DATA_DIR: dataDir });
    expect(next.development).toEqual({ names: ['APP_SECRET', 'WEBHOOK_SECRET'], file, created: false });
    expect(next.config).toMatchObject({
      APP_SECRET: first.config.APP_SECRET,
      WEBHOOK_SECRET: first.config.WEBHOOK_SECRET,
    });
    // Another installation has its own.
    const other = loadConfig({ DATA_DIR: await freshDataDir() });
    expect(other.APP_SECRET).not.toBe(first.config.APP_SECRET);
    expect(other.WEBHOOK_SECRET).not.toBe(first.config.WEBHOOK_SECRET);
  });

  it('fill only the secrets left unset, and are not made when both are set', async () => {
    const dataDir = await freshDataDir();
    const appSecret = 'x'.repeat(40);
    const loaded = readConfig({ DATA_DIR: dataDir, APP_SECRET: appSecret });
    expect(loaded.config.APP_SECRET).toBe(appSecret);
    expect(loaded.development?.names).toEqual(['WEBHOOK_SECRET']);

    const untouched = await freshDataDir();
    const real = readConfig({ DATA_DIR: untouched, APP_SECRET: appSecret, WEBHOOK_SECRET: 'w'.repeat(32) });
    expect(real.development).toBeUndefined();
    await expect(stat(secretsFileOf(untouched))).rejects.toThrow(/ENOENT/);
  });

  it('refuses a secrets file others can read, or one that is not a secrets file', async () => {
    const dataDir = await freshDataDir();
    loadConfig({ DATA_DIR: dataDir });
    await chmod(secretsFileOf(dataDir), 0o644);
    expect(problemsOf(() => loadConfig({ DATA_DIR: dataDir }))).toMatch(/readable by others \(mode 644\)/);
    await writeFile(secretsFileOf(dataDir), '{"APP_SECRET":"short"}', { mode: 0o600 });
    await chmod(secretsFileOf(dataDir), 0o600);
    expect(problemsOf(() => loadConfig({ DATA_DIR: dataDir }))).toMatch(/not a development secrets file/);
  });

  it('are random for each run under NODE_ENV=test, and never written', async () => {
    const dataDir = await freshDataDir();
    const loaded = readConfig({ NODE_ENV: 'test', DATA_DIR: dataDir });
    expect(loaded.development).toEqual({ names: ['APP_SECRET', 'WEBHOOK_SECRET'], created: true });
    expect(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }).APP_SECRET).not.toBe(loaded.config.APP_SECRET);
    await expect(stat(secretsFileOf(dataDir))).rejects.toThrow(/ENOENT/);
  });

  it('serve a loopback host only: any other HOST without secrets is refused, naming NODE_ENV and what is missing', async () => {
    for (const host of ['localhost', '127.0.0.1', '127.1.2.3', '::1', '[::1]', '::ffff:127.0.0.1']) {
      expect(loadConfig({ HOST: host, DATA_DIR: await freshDataDir() }).HOST).toBe(host);
    }
    for (const host of ['0.0.0.0', '::', '192.168.1.20', 'wallet.example.com', 'localhost.example.com']) {
      const dataDir = await freshDataDir();
      const message = problemsOf(() => loadConfig({ HOST: host, DATA_DIR: dataDir }));
      expect(message).toContain(`NODE_ENV is not set and HOST=${host} is not a loopback address`);
      expect(message).toContain('set NODE_ENV=production with APP_SECRET and WEBHOOK_SECRET');
      await expect(stat(secretsFileOf(dataDir))).rejects.toThrow(/ENOENT/);
    }
    const message = problemsOf(() =>
      loadConfig({ HOST: '0.0.0.0', NODE_ENV: 'development', APP_SECRET: 'a'.repeat(32) }),
    );
    expect(message).toContain('NODE_ENV=development and HOST=0.0.0.0 is not a loopback address');
    expect(message).toContain('with WEBHOOK_SECRET');
    expect(message).not.toContain('a'.repeat(32));
    // Real secrets are real on any host.
    const secrets = { APP_SECRET: 'a'.repeat(32), WEBHOOK_SECRET: 'w'.repeat(32) };
    expect(readConfig({ HOST: '0.0.0.0', ...secrets }).config).toMatchObject({ HOST: '0.0.0.0', ...secrets });
  });
});
