import { readdir, readFile, rm, stat } from 'node:fs/promises';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config';
import { outboxMailer } from '../../src/server/mail';
import { isE164, maskPhone, toE164 } from '../../src/server/messaging/e164';
import {
  createSms,
  gatewaySms,
  outboxSms,
  phoneVerificationSms,
  SmsNotSent,
} from '../../src/server/messaging/sms';

/** A fake SMS gateway on 127.0.0.1: records each request, answers what the test sets. */
interface Received {
  authorization: string | undefined;
  contentType: string | undefined;
  body: unknown;
}
let gateway: FastifyInstance;
let gatewayUrl: string;
const received: Received[] = [];
let answer: { status: number; delayMs: number } = { status: 202, delayMs: 0 };

beforeAll(async () => {
  // fetch keeps connections alive: close them with the server.
  gateway = Fastify({ forceCloseConnections: true });
  gateway.post('/v1/sms', async (request, reply) => {
    received.push({
      authorization: request.headers.authorization,
      contentType: request.headers['content-type'],
      body: request.body,
    });
    if (answer.delayMs) await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
    return reply.code(answer.status).send({ id: 'msg-1', echo: request.body });
  });
  const address = await gateway.listen({ host: '127.0.0.1', port: 0 });
  gatewayUrl = `${address}/v1/sms`;
});
afterAll(async () => gateway?.close());
beforeEach(() => {
  received.length = 0;
  answer = { status: 202, delayMs: 0 };
});

const options = () => ({ url: gatewayUrl, token: 'gateway-token-1', sender: 'CediWallet', timeoutMs: 2000 });

describe('the HTTP SMS gateway adapter', () => {
  it('POSTs { to, from, text } as JSON with the bearer token, and resolves on a 2xx', async () => {
    await gatewaySms(options()).send({ to: '+233241234567', text: 'Your code is 123456.' });
    expect(received).toEqual([
      {
        authorization: 'Bearer gateway-token-1',
        contentType: 'application/json',
        body: { to: '+233241234567', from: 'CediWallet', text: 'Your code is 123456.' },
      },
    ]);
  });

  it('rejects with SmsNotSent (refused, the status) on an error answer, without the text in the error', async () => {
    answer = { status: 500, delayMs: 0 };
    const error = await gatewaySms(options())
      .send({ to: '+233241234567', text: 'Your code is 654321.' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SmsNotSent);
    expect(error).toMatchObject({ reason: 'refused', status: 500 });
    expect(String((error as Error).message)).not.toContain('654321');
    answer = { status: 401, delayMs: 0 };
    await expect(gatewaySms(options()).send({ to: '+233241234567', text: 'x' })).rejects.toMatchObject({
      reason: 'refused',
      status: 401,
    });
  });

  it('rejects as unreachable when the gateway is too slow or not there', async () => {
    answer = { status: 202, delayMs: 500 };
    await expect(
      gatewaySms({ ...options(), timeoutMs: 100 }).send({ to: '+233241234567', text: 'x' }),
    ).rejects.toMatchObject({ reason: 'unreachable' });
    const closed = Fastify();
    const address = await closed.listen({ host: '127.0.0.1', port: 0 });
    await closed.close();
    await expect(
      gatewaySms({ ...options(), url: `${address}/v1/sms` }).send({ to: '+233241234567', text: 'x' }),
    ).rejects.toMatchObject({ reason: 'unreachable' });
  });

  it('refuses a number that is not E.164 without calling the gateway', async () => {
    for (const to of ['0241234567', '233241234567', '+0241234567', '+233 24 123 4567', '']) {
      await expect(gatewaySms(options()).send({ to, text: 'x' })).rejects.toMatchObject({
        reason: 'invalid-number',
      });
    }
    expect(received).toEqual([]);
  });
});

describe('the outbox (no SMS_GATEWAY_URL)', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'sms-outbox-'));
  });
  afterAll(async () => rm(dataDir, { recursive: true, force: true }));

  it('writes each SMS and each mail to DATA_DIR/outbox as JSON readable by its owner only', async () => {
    await outboxSms(dataDir).send({ to: '+233241234567', text: 'Your code is 123456.' });
    await outboxMailer(dataDir).send({ to: 'ama@example.com', subject: 'Hello', text: 'Hi' });
    const outbox = path.join(dataDir, 'outbox');
    const files = (await readdir(outbox)).sort();
    expect(files).toHaveLength(2);
    const sms = files.find((file) => file.includes('-sms-'))!;
    const mail = files.find((file) => file.includes('-mail-'))!;
    expect(sms).toMatch(/^\d{4}-\d{2}-\d{2}T.*-sms-[0-9a-f]{8}\.json$/);
    expect(JSON.parse(await readFile(path.join(outbox, sms), 'utf8'))).toEqual({
      to: '+233241234567',
      text: 'Your code is 123456.',
    });
    expect(JSON.parse(await readFile(path.join(outbox, mail), 'utf8'))).toEqual({
      to: 'ama@example.com',
      subject: 'Hello',
      text: 'Hi',
    });
    expect((await stat(path.join(outbox, sms))).mode & 0o777).toBe(0o600);
    await expect(outboxSms(dataDir).send({ to: '12345', text: 'x' })).rejects.toBeInstanceOf(SmsNotSent);
  });

  it('is what createSms gives without a gateway; with one, createSms sends to it', async () => {
    const before = (await readdir(path.join(dataDir, 'outbox')).catch(() => [])).length;
    await createSms(loadConfig({ DATA_DIR: dataDir })).send({ to: '+233241234567', text: 'outbox' });
    expect((await readdir(path.join(dataDir, 'outbox'))).length).toBe(before + 1);
    expect(received).toEqual([]);

    const config = loadConfig({
      DATA_DIR: dataDir,
      SMS_GATEWAY_URL: gatewayUrl,
      SMS_GATEWAY_TOKEN: 'gateway-token-2',
      SMS_SENDER: 'Cedi',
    });
    await createSms(config).send({ to: '+233241234567', text: 'gateway' });
    expect(received).toEqual([
      expect.objectContaining({
        authorization: 'Bearer gateway-token-2',
        body: { to: '+233241234567', from: 'Cedi', text: 'gateway' },
      }),
    ]);
    expect((await readdir(path.join(dataDir, 'outbox'))).length).toBe(before + 1);
  });
});

describe('SMS settings', () => {
  const problems = (env: Record<string, string>): string[] => {
    try {
      loadConfig(env);
    } catch (error) {
      if (error instanceof ConfigError) return error.problems;
      throw error;
    }
    return [];
  };

  it('default to the outbox, sender CediWallet and a 10 s timeout', () => {
    expect(loadConfig({})).toMatchObject({
      SMS_GATEWAY_URL: undefined,
      SMS_GATEWAY_TOKEN: undefined,
      SMS_SENDER: 'CediWallet',
      SMS_GATEWAY_TIMEOUT_MS: 10_000,
    });
  });

  it('need a token with the URL, https in production, and a sender a phone can show', () => {
    expect(problems({ SMS_GATEWAY_URL: 'https://sms.example.com/send' })).toEqual([
      'SMS_GATEWAY_TOKEN: is required with SMS_GATEWAY_URL (the gateway bearer token)',
    ]);
    expect(problems({ SMS_GATEWAY_URL: 'ftp://sms.example.com', SMS_GATEWAY_TOKEN: 't' })).toEqual([
      'SMS_GATEWAY_URL: must be an http:// or https:// URL',
    ]);
    const production = {
      NODE_ENV: 'production',
      APP_SECRET: 'a-production-secret-of-more-than-32-characters',
      WEBHOOK_SECRET: 'a-production-webhook-secret-of-32-characters',
      SMS_GATEWAY_TOKEN: 'secret-token-value',
    };
    const refused = problems({ ...production, SMS_GATEWAY_URL: 'http://sms.example.com/send' });
    expect(refused).toEqual([
      'SMS_GATEWAY_URL: must be https:// when NODE_ENV=production (the bearer token and the codes travel on it)',
    ]);
    expect(refused.join('\n')).not.toContain('secret-token-value');
    expect(problems({ ...production, SMS_GATEWAY_URL: 'https://sms.example.com/send' })).toEqual([]);
    expect(problems({ SMS_SENDER: 'Cedi Wallet Ghana' })).toHaveLength(1);
    expect(problems({ SMS_SENDER: 'Cedi-Wallet' })).toHaveLength(1);
    expect(problems({ SMS_SENDER: '+233241234567' })).toEqual([]);
  });
});

describe('phone numbers', () => {
  it('normalises a registered phone to E.164, dropping a trunk 0 typed after the dial code', () => {
    expect(toE164('+233', '241234567')).toBe('+233241234567');
    expect(toE164('+233', '0241234567')).toBe('+233241234567');
    expect(toE164('233', '24 123 4567')).toBe('+233241234567');
    expect(toE164('+44', '07911123456')).toBe('+447911123456');
    expect(toE164('+234', '8031234567')).toBe('+2348031234567');
    // Not a number of its country: no SMS can reach it.
    expect(toE164('+233', '123456789')).toBeNull();
    expect(toE164('+233', '')).toBeNull();
  });

  it('checks E.164 and masks all but the dial code and the last three digits', () => {
    expect(isE164('+233241234567')).toBe(true);
    expect(isE164('233241234567')).toBe(false);
    expect(maskPhone('+233241234567')).toBe('+233 ******567');
    expect(maskPhone('+447911123456')).toBe('+44 *******456');
    expect(maskPhone('+12025550123')).toBe('+1 *******123');
  });
});

describe('the phone-verification text', () => {
  it('holds the code and its validity, and fits in one SMS', async () => {
    const text = await phoneVerificationSms('en', '042917', 10);
    expect(text).toBe(
      '042917 is your Cedi Wallet code to verify your phone number. It works for 10 minutes. Never share it.',
    );
    expect(text.length).toBeLessThanOrEqual(160);
    expect(await phoneVerificationSms('en', '042917', 1)).toContain('It works for 1 minute.');
  });
});
