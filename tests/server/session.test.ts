import { Writable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../src/contract/paths';
import { logInResponseSchema } from '../../src/contract/user';
import { domainMessages } from '../../src/domain/messages';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { buildApp } from '../../src/server/app';
import { tokenHash } from '../../src/server/crypto';
import type { Db } from '../../src/server/db/client';
import { identificationImages, identifications, sessions, wallets } from '../../src/server/db/schema';
import { createTestApp, type TestApp } from '../support/test-app';
import { bearer, envelope, logIn, registerUser, signedInUser } from '../support/server-helpers';

let t: TestApp;
const logLines: string[] = [];

beforeAll(async () => {
  // A capturing logger, to prove that no password or token reaches the logs.
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  t = await createTestApp({ LOG_LEVEL: 'debug', LOGIN_RATE_LIMIT_PER_MINUTE: 5 }, { logStream: stream });
});
afterAll(async () => t?.close());

const validate = (token: string) =>
  t.app.inject({ method: 'POST', url: apiPaths.validateToken, payload: { token } });

const sessionRow = async (token: string) => {
  const [row] = await t.database.db
    .select()
    .from(sessions)
    .where(eq(sessions.tokenHash, tokenHash(token)));
  if (!row) throw new Error('no session row');
  return row;
};

/**
 * Changes a session by hand. Its notification empties the host's cache within a second; the test does not wait for
 * it: the session's user is forgotten at once, as a log-out on this host would.
 */
const shiftSession = async (token: string, set: Partial<typeof sessions.$inferInsert>) => {
  const [row] = await t.database.db
    .update(sessions)
    .set(set)
    .where(eq(sessions.tokenHash, tokenHash(token)))
    .returning({ userId: sessions.userId });
  if (row) t.app.sessions.forgetUser(row.userId);
};

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

describe('log in', () => {
  it('answers a token and every userDetails field; the wallet of a new user holds 0', async () => {
    const user = await registerUser(t.app, {
      firstName: 'Kwame',
      middleName: 'Nkansah',
      lastName: 'Boateng',
      email: `Kwame.Boateng.${Date.now()}@Example.com`,
    });
    const response = await t.app.inject({
      method: 'POST',
      url: apiPaths.logIn,
      payload: { email: `  ${user.input.email.toUpperCase()} `, password: user.input.createPassword },
    });
    const body = envelope(response);
    expect(body).toMatchObject({ code: 200, message: 'OK' });
    const data = logInResponseSchema.parse(body.data);
    expect(data.token.length).toBeGreaterThanOrEqual(43); // 32 random bytes
    expect(data.userDetails).toEqual({
      id: user.userId,
      firstName: 'Kwame',
      lastName: 'Boateng',
      fullName: 'Kwame Nkansah Boateng',
      countryId: 1,
      countryName: 'Ghana',
      countryCode: 'GH',
      hasIdentification: false,
      walletAmount: 0,
      phoneVerified: false,
    });
    // Only the token's hash is stored.
    const row = await sessionRow(data.token);
    expect(row.tokenHash).not.toContain(data.token);
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(t.config.SESSION_MAX_HOURS * 3_600_000);
  });

  it('reports hasIdentification true once the user has an identification', async () => {
    const user = await registerUser(t.app);
    const [image] = await t.database.db
      .insert(identificationImages)
      .values({
        userId: user.userId,
        contentType: 'image/png',
        sizeBytes: 1024,
        storagePath: 'test/card.png',
      })
      .returning({ id: identificationImages.id });
    await t.database.db.insert(identifications).values({
      imageId: image!.id,
      userId: user.userId,
      identificationTypeId: 1,
      identificationNumber: `GHA-${Date.now()}`.slice(0, 32),
      issuedDate: '2022-01-10',
      expiryDate: '2032-01-09',
    });
    const { userDetails } = await logIn(t.app, user.input.email, user.input.createPassword);
    expect(userDetails.hasIdentification).toBe(true);
  });

  it('answers the same 401 for an unknown email and for a wrong password', async () => {
    const user = await registerUser(t.app);
    const wrongPassword = await t.app.inject({
      method: 'POST',
      url: apiPaths.logIn,
      payload: { email: user.input.email, password: 'Wrong-password-1' },
    });
    const unknownEmail = await t.app.inject({
      method: 'POST',
      url: apiPaths.logIn,
      payload: { email: `nobody.${Date.now()}@example.com`, password: user.input.createPassword },
    });
    const expected = {
      code: 401,
      message: domainMessages['logIn.invalidCredentials'],
      data: { messageId: 'logIn.invalidCredentials' },
    };
    expect(envelope(wrongPassword)).toEqual(expected);
    expect(envelope(unknownEmail)).toEqual(expected);
    expect(unknownEmail.body).toBe(wrongPassword.body);
  });

  it('takes about as long for an unknown email as for a wrong password (a dummy hash is verified)', async () => {
    const user = await registerUser(t.app);
    const time = async (email: string) => {
      const started = performance.now();
      await t.app.inject({
        method: 'POST',
        url: apiPaths.logIn,
        payload: { email, password: 'Wrong-password-1' },
      });
      return performance.now() - started;
    };
    await time(`warm.${Date.now()}@example.com`);
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      known.push(await time(user.input.email));
      unknown.push(await time(`nobody.${i}.${Date.now()}@example.com`));
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[2]!;
    // argon2id costs ~20 ms either way; without the dummy verification the unknown email would take ~1 ms.
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.25);
  });

  it('limits attempts per IP and email to LOGIN_RATE_LIMIT_PER_MINUTE, with a 429 in our envelope', async () => {
    const email = `limited.${Date.now()}@example.com`;
    const attempt = (address: string) =>
      t.app.inject({
        method: 'POST',
        url: apiPaths.logIn,
        payload: { email: address, password: 'Wrong-password-1' },
      });
    for (let i = 0; i < t.config.LOGIN_RATE_LIMIT_PER_MINUTE; i += 1) {
      expect((await attempt(email)).statusCode).toBe(401);
    }
    const limited = await attempt(email.toUpperCase());
    expect(envelope(limited)).toEqual({
      code: 429,
      message: domainMessages['request.tooMany'],
      data: { messageId: 'request.tooMany' },
    });
    expect(limited.headers['retry-after']).toBeDefined();
    // Another email from the same address is not blocked by this one.
    expect((await attempt(`other.${Date.now()}@example.com`)).statusCode).toBe(401);
  });

  it('never logs a password or a token', async () => {
    const user = await signedInUser(t.app);
    await t.app.inject({
      method: 'GET',
      url: `${apiPaths.walletAmount}?userId=${user.userId}`,
      headers: bearer(user.token),
    });
    await validate(user.token);
    const log = logLines.join('');
    expect(log).toContain(apiPaths.logIn); // the logger does run (at debug level it logs every request)
    expect(log).not.toContain(user.input.createPassword);
    expect(log).not.toContain(user.token);
  });
});

describe('unexpected errors', () => {
  it('answer 500 server.error with no stack or SQL, and log no query parameter', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const fail = () => {
      throw new DrizzleQueryError('select "id" from "users" where "email" = $1', ['leaky@example.com'], {
        code: '57P01',
        message: 'terminating connection due to administrator command',
      } as unknown as Error);
    };
    // Every way to the database fails alike (the log-in's rate limit is counted in the database first).
    const failing = { select: fail, execute: fail, $client: { query: fail } } as unknown as Db;
    const broken = await buildApp({
      config: { ...t.config, LOG_LEVEL: 'info' },
      database: { db: failing, kind: 'postgres', close: async () => undefined },
      logStream: stream,
    });
    try {
      const response = await broken.inject({
        method: 'POST',
        url: apiPaths.logIn,
        payload: { email: 'leaky@example.com', password: 'Secret123' },
      });
      expect(envelope(response)).toEqual({
        code: 500,
        message: domainMessages['server.error'],
        data: { messageId: 'server.error' },
      });
      expect(response.body).not.toMatch(/select|users|57P01|administrator/i);
      const log = lines.join('');
      expect(log).toContain('57P01');
      expect(log).not.toContain('leaky@example.com');
      expect(log).not.toContain('Secret123');
    } finally {
      await broken.close();
    }
  });
});

describe('ValidateToken', () => {
  it('answers 200 { valid: true } while the session is alive, without writing', async () => {
    const { token } = await signedInUser(t.app);
    const lastSeen = minutesAgo(5);
    await shiftSession(token, { lastSeenAt: lastSeen });
    for (let i = 0; i < 5; i += 1) {
      expect(envelope(await validate(token))).toEqual({ code: 200, message: 'OK', data: { valid: true } });
    }
    // Validation is read-only: it does not count as activity.
    expect((await sessionRow(token)).lastSeenAt.getTime()).toBe(lastSeen.getTime());
  });

  it('answers 401 for a revoked, an absolutely expired, an idle-expired and an unknown token', async () => {
    const revoked = (await signedInUser(t.app)).token;
    await shiftSession(revoked, { revokedAt: new Date() });
    const expired = (await signedInUser(t.app)).token;
    await shiftSession(expired, { expiresAt: new Date(Date.now() - 1000) });
    const idle = (await signedInUser(t.app)).token;
    await shiftSession(idle, { lastSeenAt: minutesAgo(t.config.SESSION_IDLE_MINUTES + 1) });
    for (const token of [revoked, expired, idle, 'made-up-token', '']) {
      const response = await validate(token);
      expect(response.statusCode, token).toBe(401);
      expect(envelope(response).data).toEqual({ messageId: 'session.expired' });
    }
  });

  it('refuses a token in a wrong shape with 400, never 500', async () => {
    for (const payload of [{}, { token: 42 }, { token: 'x'.repeat(600) }]) {
      const response = await t.app.inject({ method: 'POST', url: apiPaths.validateToken, payload });
      expect(response.statusCode).toBe(400);
    }
  });
});

describe('protected endpoints', () => {
  it('record activity at most once a minute, and an active session outlives the idle time', async () => {
    const user = await signedInUser(t.app);
    const wallet = () =>
      t.app.inject({
        method: 'GET',
        url: `${apiPaths.walletAmount}?userId=${user.userId}`,
        headers: bearer(user.token),
      });
    const recent = new Date(Date.now() - 20_000);
    await shiftSession(user.token, { lastSeenAt: recent });
    expect((await wallet()).statusCode).toBe(200);
    expect((await sessionRow(user.token)).lastSeenAt.getTime()).toBe(recent.getTime());

    await shiftSession(user.token, { lastSeenAt: minutesAgo(t.config.SESSION_IDLE_MINUTES - 1) });
    expect((await wallet()).statusCode).toBe(200);
    const touched = (await sessionRow(user.token)).lastSeenAt.getTime();
    expect(Date.now() - touched).toBeLessThan(10_000);
  });

  it('answer the wallet amount of the token user: 0 for a new user, the decimal of the stored pesewas', async () => {
    const user = await signedInUser(t.app);
    const get = () =>
      t.app.inject({
        method: 'GET',
        url: `${apiPaths.walletAmount}?userId=${user.userId}`,
        headers: bearer(user.token),
      });
    expect(envelope(await get())).toEqual({ code: 200, message: 'OK', data: { walletAmount: 0 } });
    await t.database.db.update(wallets).set({ balanceMinor: 123_450 }).where(eq(wallets.userId, user.userId));
    expect(envelope(await get()).data).toEqual({ walletAmount: 1234.5 });
  });

  it("refuse another user's userId with 403 (BOLA), whatever its casing or form", async () => {
    const ama = await signedInUser(t.app);
    const kofi = await signedInUser(t.app);
    for (const query of [
      `userId=${kofi.userId}`,
      `UserId=${kofi.userId}`,
      `userId=${ama.userId}&USERID=${kofi.userId}`,
    ]) {
      const response = await t.app.inject({
        method: 'GET',
        url: `${apiPaths.walletAmount}?${query}`,
        headers: bearer(ama.token),
      });
      expect(envelope(response), query).toEqual({
        code: 403,
        message: domainMessages['auth.forbidden'],
        data: { messageId: 'auth.forbidden' },
      });
    }
    // A userId in a body is checked too (logout takes none, but any body's userId must be the token's).
    const body = await t.app.inject({
      method: 'POST',
      url: apiPaths.logOut,
      headers: bearer(ama.token),
      payload: { userId: kofi.userId },
    });
    expect(body.statusCode).toBe(403);
    expect(envelope(await validate(ama.token)).code).toBe(200);
  });

  it('answer 401 without a token, with a bad one and with a revoked one, on every protected endpoint', async () => {
    const user = await signedInUser(t.app);
    const revoked = (await signedInUser(t.app)).token;
    await shiftSession(revoked, { revokedAt: new Date() });
    const endpoints = [
      { method: 'GET' as const, url: `${apiPaths.walletAmount}?userId=${user.userId}` },
      { method: 'POST' as const, url: apiPaths.logOut },
      { method: 'GET' as const, url: `${apiPaths.banksByCountry}?CountryId=1` },
      { method: 'GET' as const, url: apiPaths.paymentMethods },
      { method: 'GET' as const, url: apiPaths.deliveryMethods },
      { method: 'GET' as const, url: apiPaths.transactionPurposes },
      { method: 'GET' as const, url: apiPaths.identificationTypes },
    ];
    const badHeaders = [
      {},
      bearer('x'.repeat(43)),
      bearer(revoked),
      { authorization: `Basic ${Buffer.from('a:b').toString('base64')}` },
      { authorization: 'Bearer' },
    ];
    for (const endpoint of endpoints) {
      for (const headers of badHeaders) {
        const response = await t.app.inject({ ...endpoint, headers });
        expect(envelope(response), `${endpoint.url} ${JSON.stringify(headers)}`).toEqual({
          code: 401,
          message: domainMessages['auth.required'],
          data: { messageId: 'auth.required' },
        });
      }
    }
  });
});

describe('log out', () => {
  it('revokes only the token it was called with', async () => {
    const user = await registerUser(t.app);
    const first = await logIn(t.app, user.input.email, user.input.createPassword);
    const second = await logIn(t.app, user.input.email, user.input.createPassword);
    const response = await t.app.inject({
      method: 'POST',
      url: apiPaths.logOut,
      headers: bearer(first.token),
    });
    expect(envelope(response)).toEqual({ code: 200, message: 'OK', data: null });
    expect((await validate(first.token)).statusCode).toBe(401);
    expect((await validate(second.token)).statusCode).toBe(200);
    const again = await t.app.inject({ method: 'POST', url: apiPaths.logOut, headers: bearer(first.token) });
    expect(again.statusCode).toBe(401);
    const rows = await t.database.db.execute(
      sql`select count(*) as n from sessions where revoked_at is not null and user_id = ${user.userId}`,
    );
    expect(Number((rows as unknown as { rows: { n: unknown }[] }).rows[0]?.n)).toBe(1);
  });
});
