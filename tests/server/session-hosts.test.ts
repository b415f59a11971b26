import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../src/contract/paths';
import { newToken, tokenHash } from '../../src/server/crypto';
import type { Database } from '../../src/server/db/client';
import { sessions } from '../../src/server/db/schema';
import { SessionCache } from '../../src/server/sessions/session-cache';
import { createSecondHost, type SecondHost } from '../support/second-host';
import { createTestApp, type TestApp } from '../support/test-app';
import { bearer, codeIn, envelope, latestMailTo, outboxFiles, signedInUser } from '../support/server-helpers';

/*
 * Two API hosts on one database, each with its session cache: what one host revokes, the other stops honouring
 * within a second (on PostgreSQL through the trigger's NOTIFY on each host's LISTEN connection).
 */

let a: TestApp;
let b: SecondHost;

beforeAll(async () => {
  a = await createTestApp({ LOGIN_RATE_LIMIT_PER_MINUTE: 50 });
  b = await createSecondHost(a);
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

const validateOn = (host: { app: TestApp['app'] }, token: string) =>
  host.app.inject({ method: 'POST', url: apiPaths.validateToken, payload: { token } });

/** Milliseconds until `host` answers ValidateToken for `token` with 401 (asking every 20 ms), at most 3 s. */
const msUntilRefused = async (host: { app: TestApp['app'] }, token: string): Promise<number> => {
  const started = Date.now();
  while (Date.now() - started < 3_000) {
    if ((await validateOn(host, token)).statusCode === 401) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return Number.POSITIVE_INFINITY;
};

/** Both hosts trust their caches (their pings have come back). */
const settled = async () => {
  const deadline = Date.now() + 5_000;
  while (!(a.app.sessions.trusted() && b.app.sessions.trusted())) {
    if (Date.now() > deadline) throw new Error('the session caches never trusted themselves');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe('sessions across two hosts', () => {
  it('a logout on host A is refused by host B, which had the session cached, within a second', async () => {
    await settled();
    const user = await signedInUser(a.app);
    for (let i = 0; i < 3; i += 1) expect((await validateOn(b, user.token)).statusCode).toBe(200);
    const wallet = await b.app.inject({
      method: 'GET',
      url: `${apiPaths.walletAmount}?userId=${user.userId}`,
      headers: bearer(user.token),
    });
    expect(wallet.statusCode).toBe(200);

    const logout = await a.app.inject({ method: 'POST', url: apiPaths.logOut, headers: bearer(user.token) });
    expect(logout.statusCode).toBe(200);
    expect(await msUntilRefused(b, user.token)).toBeLessThan(1_000);
    const after = await b.app.inject({
      method: 'GET',
      url: `${apiPaths.walletAmount}?userId=${user.userId}`,
      headers: bearer(user.token),
    });
    expect(after.statusCode).toBe(401);
  });

  it('a password reset on host A ends the sessions host B had cached, within a second', async () => {
    await settled();
    const user = await signedInUser(a.app);
    expect((await validateOn(b, user.token)).statusCode).toBe(200);
    const before = await outboxFiles(a.config.DATA_DIR);
    await a.app.inject({
      method: 'POST',
      url: apiPaths.forgotPassword,
      payload: { email: user.input.email },
    });
    const code = codeIn((await latestMailTo(a.config.DATA_DIR, user.input.email, before)).text);
    const verified = await a.app.inject({
      method: 'POST',
      url: apiPaths.verifyResetCode,
      payload: { email: user.input.email, code },
    });
    const { resetToken } = envelope<{ resetToken: string }>(verified).data;
    const reset = await a.app.inject({
      method: 'POST',
      url: apiPaths.resetPassword,
      payload: { resetToken, newPassword: 'NewPassw0rd!', confirmPassword: 'NewPassw0rd!' },
    });
    expect(reset.statusCode).toBe(200);
    expect(await msUntilRefused(b, user.token)).toBeLessThan(1_000);
  });

  it('a session revoked by SQL outside the app is refused by both hosts within a second', async () => {
    await settled();
    const user = await signedInUser(a.app);
    expect((await validateOn(a, user.token)).statusCode).toBe(200);
    expect((await validateOn(b, user.token)).statusCode).toBe(200);
    await a.database.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(eq(sessions.tokenHash, tokenHash(user.token)));
    expect(await msUntilRefused(a, user.token)).toBeLessThan(1_000);
    expect(await msUntilRefused(b, user.token)).toBeLessThan(1_000);
  });

  it('a cached session ends at its absolute expiry without any notification', async () => {
    await settled();
    const user = await signedInUser(a.app);
    const token = newToken();
    await a.database.db.insert(sessions).values({
      userId: user.userId,
      tokenHash: tokenHash(token),
      expiresAt: sql`now() + interval '700 milliseconds'` as unknown as Date,
    });
    expect((await validateOn(b, token)).statusCode).toBe(200);
    expect(b.app.sessions.size).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect((await validateOn(b, token)).statusCode).toBe(401);
  });

  it('answers live sessions from memory: no session query while the cache is trusted', async () => {
    await settled();
    const user = await signedInUser(a.app);
    expect((await validateOn(b, user.token)).statusCode).toBe(200);
    const queries = () =>
      (b.database.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
    const client = queries();
    const original = client.query.bind(client);
    let sessionReads = 0;
    client.query = (...args: unknown[]) => {
      if (JSON.stringify(args[0]).includes('from sessions')) sessionReads += 1;
      return original(...args);
    };
    try {
      for (let i = 0; i < 20; i += 1) expect((await validateOn(b, user.token)).statusCode).toBe(200);
    } finally {
      client.query = original;
    }
    expect(sessionReads).toBe(0);
  });
});

describe('when the notification channel is lost', () => {
  it('the cache stops trusting itself and reads every session from the database', async () => {
    const user = await signedInUser(a.app);
    const cuts: (() => void)[] = [];
    const listen: NonNullable<Database['listen']> = async (channel, handlers) => {
      let delivering = true;
      const listener = await a.database.listen!(channel, {
        onMessage: (payload) => {
          if (delivering) handlers.onMessage(payload);
        },
        onLost: handlers.onLost,
      });
      cuts.push(() => {
        delivering = false;
        handlers.onLost(new Error('connection cut by the test'));
      });
      return listener;
    };
    const cache = new SessionCache({
      database: { db: a.database.db, listen },
      config: a.config,
      log: a.app.log,
      reconnectMs: 60_000,
    });
    await cache.start();
    try {
      const deadline = Date.now() + 5_000;
      while (!cache.trusted() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(cache.trusted()).toBe(true);
      expect(await cache.find(user.token)).not.toBeNull();
      expect(cache.size).toBe(1);

      for (const cut of cuts) cut();
      expect(cache.trusted()).toBe(false);
      expect(cache.size).toBe(0);
      // Revoked while nobody hears of it: the next lookup still sees it, from the database.
      await a.database.db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(eq(sessions.tokenHash, tokenHash(user.token)));
      expect(await cache.find(user.token)).toBeNull();
    } finally {
      await cache.close();
    }
  });
});

describe('activity through the cache', () => {
  it('is written once a minute of use, counted from the last write, not from the last use', async () => {
    await settled();
    const user = await signedInUser(a.app);
    const start = new Date(Date.now() - 5_000);
    await a.database.db
      .update(sessions)
      .set({ lastSeenAt: start })
      .where(eq(sessions.tokenHash, tokenHash(user.token)));
    const lastSeen = async () =>
      (
        await a.database.db
          .select({ lastSeenAt: sessions.lastSeenAt })
          .from(sessions)
          .where(eq(sessions.tokenHash, tokenHash(user.token)))
      )[0]!.lastSeenAt.getTime();
    const at = (seconds: number) => new Date(start.getTime() + seconds * 1000);

    const session = await b.app.sessions.find(user.token, at(10));
    expect(session).not.toBeNull();
    await b.app.sessions.touch(session!, at(10));
    expect(await lastSeen()).toBe(start.getTime());
    const again = await b.app.sessions.find(user.token, at(61));
    expect(again?.id).toBe(session!.id);
    await b.app.sessions.touch(again!, at(61));
    expect(await lastSeen()).toBe(at(61).getTime());
  });
});
