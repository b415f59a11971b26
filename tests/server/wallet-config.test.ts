import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';

describe('wallet configuration', () => {
  it('has defaults for the sandbox rail, the provider polling and the pool', () => {
    expect(loadConfig({ NODE_ENV: 'test' })).toMatchObject({
      SANDBOX_DECISION_MS: 3000,
      SANDBOX_MOMO_EXPIRY_MS: 120_000,
      PROVIDER_POLL_MS: 5000,
      DATABASE_POOL_SIZE: 20,
    });
    expect(
      loadConfig({ NODE_ENV: 'test', SANDBOX_DECISION_MS: '0', DATABASE_POOL_SIZE: '32' }),
    ).toMatchObject({
      SANDBOX_DECISION_MS: 0,
      DATABASE_POOL_SIZE: 32,
    });
  });

  it('requires the webhook secret in production, refuses a short one anywhere, and never echoes it', () => {
    const appSecret = 'a'.repeat(40);
    expect(() => loadConfig({ NODE_ENV: 'production', APP_SECRET: appSecret })).toThrow(/WEBHOOK_SECRET/);
    expect(() => loadConfig({ WEBHOOK_SECRET: 'short-webhook' })).toThrow(
      /WEBHOOK_SECRET: must be at least 32/,
    );
    expect(() => loadConfig({ WEBHOOK_SECRET: 'short-webhook' })).not.toThrow(/short-webhook/);
    const webhookSecret = 'w'.repeat(32);
    const production = loadConfig({
      NODE_ENV: 'production',
      APP_SECRET: appSecret,
      WEBHOOK_SECRET: webhookSecret,
    });
    expect(production.WEBHOOK_SECRET).toBe(webhookSecret);
  });

  it('refuses a poll interval or MoMo expiry of zero', () => {
    expect(() => loadConfig({ PROVIDER_POLL_MS: '0' })).toThrow(/PROVIDER_POLL_MS/);
    expect(() => loadConfig({ SANDBOX_MOMO_EXPIRY_MS: '0' })).toThrow(/SANDBOX_MOMO_EXPIRY_MS/);
  });
});
