import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../src/contract/paths';
import { loadConfig } from '../../src/server/config';
import { countHit } from '../../src/server/plugins/rate-limit-store';
import { askForLink, linkRequest } from '../support/server-betting-fixtures';
import { createSecondHost, type SecondHost } from '../support/second-host';
import { createTestApp, type TestApp } from '../support/test-app';
import { envelope } from '../support/server-helpers';

/*
 * Rate limits counted in the database: two API hosts on one database share every count. The windows are minutes
 * of the database's clock, each weighing the previous one (a sliding window); each test starts away from a window's
 * edge and counts hits of its own key.
 */

const LIMIT = 4;
let a: TestApp;
let b: SecondHost;
let proxied: SecondHost;

beforeAll(async () => {
  a = await createTestApp({ LOGIN_RATE_LIMIT_PER_MINUTE: LIMIT, PARTNER_LIMIT_PER_MINUTE: LIMIT });
  b = await createSecondHost(a);
  proxied = await createSecondHost(a, { TRUST_PROXY: 1 });
});
afterAll(async () => {
  await proxied?.close();
  await b?.close();
  await a?.close();
});

/** Waits when less than 10 s are left in the current minute, so a test's hits share one window. */
const awayFromWindowEdge = async () => {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < 10_000) await new Promise((resolve) => setTimeout(resolve, left + 50));
};

const logInOn = (host: { app: TestApp['app'] }, email: string, forwardedFor?: string) =>
  host.app.inject({
    method: 'POST',
    url: apiPaths.logIn,
    payload: { email, password: 'Wrong-password-1' },
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  });

describe('rate limits across two hosts', () => {
  it('count log-in attempts of one address and email on both hosts together', async () => {
    await awayFromWindowEdge();
    const email = `shared.${Date.now()}@example.com`;
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT; i += 1) statuses.push((await logInOn(i % 2 === 0 ? a : b, email)).statusCode);
    expect(statuses).toEqual(Array(LIMIT).fill(401));
    for (const host of [a, b]) {
      const limited = await logInOn(host, email);
      expect(envelope(limited)).toMatchObject({ code: 429, data: { messageId: 'request.tooMany' } });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    }
  });

  it('count concurrent attempts exactly: of many at once on two hosts, only the limit gets through', async () => {
    await awayFromWindowEdge();
    const email = `burst.${Date.now()}@example.com`;
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => logInOn(i % 2 === 0 ? a : b, email)),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(LIMIT);
    expect(statuses.filter((status) => status === 429)).toHaveLength(12 - LIMIT);
  });

  it('count forgot-password requests across hosts', async () => {
    await awayFromWindowEdge();
    const email = `forgot.${Date.now()}@example.com`;
    const ask = (host: { app: TestApp['app'] }) =>
      host.app.inject({ method: 'POST', url: apiPaths.forgotPassword, payload: { email } });
    for (let i = 0; i < LIMIT; i += 1) expect((await ask(i % 2 === 0 ? b : a)).statusCode).toBe(200);
    expect((await ask(a)).statusCode).toBe(429);
    expect((await ask(b)).statusCode).toBe(429);
  });

  it('count partner API calls (wrong keys too) per address across hosts', async () => {
    await awayFromWindowEdge();
    // Everything here comes from inject's one address: earlier partner calls of this file share its count.
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 2; i += 1) {
      const host = i % 2 === 0 ? a : b;
      statuses.push((await askForLink(host.app, 'not-a-key', linkRequest('partner@example.com'))).statusCode);
    }
    expect(statuses.slice(0, LIMIT)).toEqual(Array(LIMIT).fill(401));
    expect(statuses.slice(LIMIT)).toEqual([429, 429]);
  });
});

describe('TRUST_PROXY', () => {
  it('off (default): X-Forwarded-For is not believed, so a forged header does not escape the limit', async () => {
    await awayFromWindowEdge();
    const email = `forged.${Date.now()}@example.com`;
    for (let i = 0; i < LIMIT; i += 1)
      expect((await logInOn(b, email, `203.0.113.${i}`)).statusCode).toBe(401);
    expect((await logInOn(b, email, '203.0.113.99')).statusCode).toBe(429);
  });

  it('1: the address the nearest proxy saw is the client, each counted on its own', async () => {
    await awayFromWindowEdge();
    const email = `proxied.${Date.now()}@example.com`;
    for (let i = 0; i < LIMIT; i += 1) {
      expect((await logInOn(proxied, email, '198.51.100.7')).statusCode).toBe(401);
    }
    expect((await logInOn(proxied, email, '198.51.100.7')).statusCode).toBe(429);
    // Another client behind the same proxy is not blocked by the first one.
    expect((await logInOn(proxied, email, '198.51.100.8')).statusCode).toBe(401);
    // A client's own forged entry is ignored: only the hop the proxy appended counts.
    expect((await logInOn(proxied, email, '198.51.100.66, 198.51.100.7')).statusCode).toBe(429);
  });

  it('is read from the environment: off, a hop count, addresses, or every hop', () => {
    const trustOf = (value?: string) => loadConfig({ TRUST_PROXY: value }).TRUST_PROXY;
    expect(trustOf(undefined)).toBe(false);
    expect(trustOf('false')).toBe(false);
    expect(trustOf('2')).toBe(2);
    expect(trustOf('true')).toBe(true);
    expect(trustOf('10.0.0.0/8, loopback')).toEqual(['10.0.0.0/8', 'loopback']);
  });
});

describe('the counter', () => {
  it('answers the hits of the window and the milliseconds left in it, one window per key', async () => {
    const key = `counter-${Date.now()}`;
    const first = await countHit(a.database.db, key, 60_000);
    const second = await countHit(b.database.db, key, 60_000);
    expect(first.current).toBe(1);
    expect(second.current).toBe(2);
    expect(second.ttl).toBeGreaterThan(0);
    expect(second.ttl).toBeLessThanOrEqual(60_000);
    expect((await countHit(a.database.db, `${key}-other`, 60_000)).current).toBe(1);
  });

  it("weighs the previous window: a burst at a window's end still counts at the start of the next", async () => {
    const windowMs = 2_000;
    const key = `sliding-${Date.now()}`;
    const untilWindowTime = async (fromMs: number) => {
      const at = Date.now() % windowMs;
      const wait = at < fromMs ? fromMs - at : windowMs - at + fromMs;
      await new Promise((resolve) => setTimeout(resolve, wait));
    };
    // Six hits late in one window...
    await untilWindowTime(1_500);
    for (let i = 0; i < 6; i += 1) await countHit(a.database.db, key, windowMs);
    // ...then one early in the next: the sliding window still covers most of the burst (6 x 80-100%).
    await untilWindowTime(100);
    const next = await countHit(b.database.db, key, windowMs);
    expect(next.current).toBeGreaterThanOrEqual(1 + 4);
    expect(next.current).toBeLessThanOrEqual(1 + 6);
    expect(next.ttl).toBeGreaterThan(windowMs / 2);
    // Two windows later the burst no longer counts.
    await untilWindowTime(100);
    await untilWindowTime(100);
    expect((await countHit(a.database.db, key, windowMs)).current).toBe(1);
  });
});
