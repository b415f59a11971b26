/**
 * Devices (issue 26): the sessions a user is signed in on, with the device read from the log-in's User-Agent, and
 * RevokeSession ending one on every host within a second (two API hosts on one database); a log-in from a new
 * device mails 'A new sign-in to your account' in the user's language.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionsResponse, SessionView } from '../../src/contract/passkeys';
import { apiPaths } from '../../src/contract/paths';
import type { LogInResponse } from '../../src/contract/user';
import { deviceOf } from '../../src/server/sessions/device';
import { createSecondHost, type SecondHost } from '../support/second-host';
import {
  bearer,
  envelope,
  expectRefusal,
  latestMailTo,
  outboxFiles,
  registerUser,
  signedInUser,
} from '../support/server-helpers';
import { addPasskey, authenticatorFor, passkeyLogIn } from '../support/server-passkeys';
import { createTestApp, type TestApp } from '../support/test-app';

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const WINDOWS_EDGE =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0';

let a: TestApp;
let b: SecondHost;

beforeAll(async () => {
  a = await createTestApp({ LOGIN_RATE_LIMIT_PER_MINUTE: 1000 });
  b = await createSecondHost(a);
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

const logInFrom = async (
  host: { app: TestApp['app'] },
  email: string,
  password: string,
  userAgent: string,
) => {
  const answer = await host.app.inject({
    method: 'POST',
    url: apiPaths.logIn,
    payload: { email, password },
    headers: { 'user-agent': userAgent },
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return envelope<LogInResponse>(answer).data;
};

const sessionsOf = async (host: { app: TestApp['app'] }, token: string): Promise<SessionView[]> =>
  envelope<SessionsResponse>(
    await host.app.inject({ method: 'GET', url: apiPaths.sessions, headers: bearer(token) }),
  ).data.sessions;

const validateOn = (host: { app: TestApp['app'] }, token: string) =>
  host.app.inject({ method: 'POST', url: apiPaths.validateToken, payload: { token } });

/** Both hosts trust their session caches (their pings have come back). */
const settled = async () => {
  const deadline = Date.now() + 5_000;
  while (!(a.app.sessions.trusted() && b.app.sessions.trusted())) {
    if (Date.now() > deadline) throw new Error('the session caches never trusted themselves');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe('the device of a session', () => {
  it('is read from the User-Agent: browser, system, phone or not', () => {
    expect(deviceOf(ANDROID_CHROME)).toEqual({ browser: 'Chrome', os: 'Android', mobile: true });
    expect(deviceOf(IPHONE_SAFARI)).toEqual({ browser: 'Safari', os: 'iOS', mobile: true });
    expect(deviceOf(WINDOWS_EDGE)).toEqual({ browser: 'Edge', os: 'Windows', mobile: false });
    expect(deviceOf('')).toEqual({ browser: null, os: null, mobile: false });
  });
});

describe('Sessions and RevokeSession', () => {
  it('lists the live sessions with their devices and methods, the current one marked', async () => {
    const { input } = await registerUser(a.app);
    const phone = await logInFrom(a, input.email, input.createPassword, ANDROID_CHROME);
    const laptop = await logInFrom(b, input.email, input.createPassword, WINDOWS_EDGE);
    const passkey = authenticatorFor(a.config);
    await addPasskey(a.app, laptop.token, passkey);
    const byPasskey = await passkeyLogIn(a.app, passkey, {}, { 'user-agent': IPHONE_SAFARI });
    expect(byPasskey.statusCode, byPasskey.body).toBe(200);

    const listed = await sessionsOf(a, phone.token);
    expect(listed).toHaveLength(3);
    expect(listed.filter((s) => s.current)).toHaveLength(1);
    expect(listed.find((s) => s.current)?.device).toEqual({ browser: 'Chrome', os: 'Android', mobile: true });
    expect(listed.map((s) => s.method).sort()).toEqual(['passkey', 'password', 'password']);
    expect(listed.find((s) => s.method === 'passkey')?.device.os).toBe('iOS');
    for (const session of listed) expect(Date.parse(session.lastSeenAt)).not.toBeNaN();
  });

  it('ends a session on every host within a second; another user’s session is not found', async () => {
    await settled();
    const { input } = await registerUser(a.app);
    const lost = await logInFrom(a, input.email, input.createPassword, ANDROID_CHROME);
    const kept = await logInFrom(a, input.email, input.createPassword, WINDOWS_EDGE);
    // Both hosts have the lost phone's session cached.
    for (const host of [a, b]) expect((await validateOn(host, lost.token)).statusCode).toBe(200);
    const lostId = (await sessionsOf(a, kept.token)).find((s) => !s.current)?.id ?? 0;

    const stranger = await signedInUser(a.app);
    expectRefusal(
      await a.app.inject({
        method: 'POST',
        url: apiPaths.revokeSession,
        headers: bearer(stranger.token),
        payload: { sessionId: lostId },
      }),
      404,
      'session.notFound',
    );

    const revoked = await a.app.inject({
      method: 'POST',
      url: apiPaths.revokeSession,
      headers: bearer(kept.token),
      payload: { sessionId: lostId },
    });
    expect(envelope(revoked).data).toBeNull();
    const started = Date.now();
    expect((await validateOn(a, lost.token)).statusCode).toBe(401);
    let refusedOnB = Number.POSITIVE_INFINITY;
    while (Date.now() - started < 3_000) {
      if ((await validateOn(b, lost.token)).statusCode === 401) {
        refusedOnB = Date.now() - started;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(refusedOnB).toBeLessThan(1_000);
    expect((await validateOn(b, kept.token)).statusCode).toBe(200);
    expect((await sessionsOf(b, kept.token)).map((s) => s.id)).not.toContain(lostId);
  });
});

describe('the new sign-in mail', () => {
  it('is sent for a device the account was not signed in on, in the user’s language, and not for a known one', async () => {
    const { input } = await registerUser(a.app, { language: 'fr' } as never);
    await logInFrom(a, input.email, input.createPassword, ANDROID_CHROME); // the first log-in: no news
    const before = await outboxFiles(a.config.DATA_DIR);
    await logInFrom(a, input.email, input.createPassword, ANDROID_CHROME.replace('131.0', '132.0')); // same device
    await logInFrom(b, input.email, input.createPassword, WINDOWS_EDGE);
    const mail = await latestMailTo(a.config.DATA_DIR, input.email, before);
    expect(mail.subject).toBe('Nouvelle connexion à votre compte');
    expect(mail.text).toContain('Edge, Windows');
    const after = await outboxFiles(a.config.DATA_DIR);
    const newOnes = [...after].filter((file) => !before.has(file));
    expect(newOnes).toHaveLength(1);
  });
});
