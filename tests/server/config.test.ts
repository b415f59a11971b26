import { describe, expect, it } from 'vitest';
import { ConfigError, DEVELOPMENT_APP_SECRET, loadConfig } from '../../src/server/config';

describe('loadConfig', () => {
  it('has working defaults for a laptop', () => {
    expect(loadConfig({})).toMatchObject({
      NODE_ENV: 'development',
      PORT: 3000,
      HOST: 'localhost',
      DATA_DIR: './data',
      DATABASE_URL: undefined,
      APP_SECRET: DEVELOPMENT_APP_SECRET,
      SMTP_URL: undefined,
      SESSION_IDLE_MINUTES: 30,
      SESSION_MAX_HOURS: 12,
      LOGIN_RATE_LIMIT_PER_MINUTE: 10,
      STATIC_DIR: './dist',
    });
  });

  it('reads numbers and URLs from the environment, treating empty values as unset', () => {
    const config = loadConfig({
      PORT: '8080',
      DATABASE_URL: 'postgres://wallet@db:5432/wallet',
      SESSION_IDLE_MINUTES: '5',
      SMTP_URL: '',
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
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', APP_SECRET: secret, SESSION_MAX_HOURS: '0' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as ConfigError).message;
    for (const name of ['PORT', 'DATABASE_URL', 'APP_SECRET', 'SESSION_MAX_HOURS'])
      expect(message).toContain(name);
    expect(message).not.toContain(secret);
  });

  it('refuses the development secrets in production, and accepts real ones', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/APP_SECRET/);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/WEBHOOK_SECRET/);
    const secret = 'a'.repeat(20) + 'b'.repeat(20);
    const webhookSecret = 'w'.repeat(32);
    const config = loadConfig({ NODE_ENV: 'production', APP_SECRET: secret, WEBHOOK_SECRET: webhookSecret });
    expect(config.APP_SECRET).toBe(secret);
    expect(config.WEBHOOK_SECRET).toBe(webhookSecret);
  });
});
