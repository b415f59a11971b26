import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../src/contract/paths';
import { domainMessages } from '../../src/domain/messages';
import { tokenHash } from '../../src/server/crypto';
import { passwordResetCodes, sessions } from '../../src/server/db/schema';
import { createTestApp, type TestApp } from '../support/test-app';
import {
  bearer,
  codeIn,
  envelope,
  latestMailTo,
  logIn,
  outboxFiles,
  signedInUser,
} from '../support/server-helpers';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ LOGIN_RATE_LIMIT_PER_MINUTE: 30 });
});
afterAll(async () => t?.close());

const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });
const forgot = (email: string) => post(apiPaths.forgotPassword, { email });
const verify = (email: string, code: string) => post(apiPaths.verifyResetCode, { email, code });
const reset = (resetToken: string, newPassword: string, confirmPassword = newPassword) =>
  post(apiPaths.resetPassword, { resetToken, newPassword, confirmPassword });

/** Asks for a code and reads it from the outbox. */
const requestCode = async (email: string): Promise<string> => {
  const before = await outboxFiles(t.config.DATA_DIR);
  const response = await forgot(email);
  expect(envelope(response)).toEqual({ code: 200, message: domainMessages['otp.sent'], data: null });
  const mail = await latestMailTo(t.config.DATA_DIR, email.trim().toLowerCase(), before);
  return codeIn(mail.text);
};

const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('forgot password', () => {
  it('resets the password end to end: code by mail, reset token, new password, every session ended', async () => {
    const user = await signedInUser(t.app);
    const second = await logIn(t.app, user.input.email, user.input.createPassword);
    const code = await requestCode(` ${user.input.email.toUpperCase()}`);
    expect(code).toMatch(/^\d{6}$/);

    const verified = envelope<{ resetToken: string }>(await verify(user.input.email, code));
    expect(verified.code).toBe(200);
    const { resetToken } = verified.data;
    expect(resetToken.length).toBeGreaterThanOrEqual(43);

    // The code works once.
    expect(envelope(await verify(user.input.email, code))).toMatchObject({
      code: 400,
      data: { messageId: 'otp.invalidOrExpired' },
    });

    const done = await reset(resetToken, 'NewPassw0rd!');
    expect(envelope(done)).toEqual({ code: 200, message: domainMessages['resetPassword.done'], data: null });

    for (const token of [user.token, second.token]) {
      const validation = await post(apiPaths.validateToken, { token });
      expect(validation.statusCode).toBe(401);
    }
    const old = await post(apiPaths.logIn, { email: user.input.email, password: user.input.createPassword });
    expect(old.statusCode).toBe(401);
    await logIn(t.app, user.input.email, 'NewPassw0rd!');

    // The reset token works once.
    expect(envelope(await reset(resetToken, 'Another1pass'))).toMatchObject({
      code: 400,
      data: { messageId: 'resetPassword.expired' },
    });
  });

  it('stores neither the code nor the reset token in clear', async () => {
    const user = await signedInUser(t.app);
    const code = await requestCode(user.input.email);
    const { resetToken } = envelope<{ resetToken: string }>(await verify(user.input.email, code)).data;
    const rows = await t.database.db
      .select()
      .from(passwordResetCodes)
      .where(eq(passwordResetCodes.userId, user.userId));
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(code);
    expect(rows[0]?.resetTokenHash).toBe(tokenHash(resetToken));
  });

  it('answers an unknown email exactly like a known one, and sends nothing', async () => {
    const user = await signedInUser(t.app);
    const before = await outboxFiles(t.config.DATA_DIR);
    const known = await forgot(user.input.email);
    const unknown = await forgot(`nobody.${Date.now()}@example.com`);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    await latestMailTo(t.config.DATA_DIR, user.input.email, before);
    const after = await outboxFiles(t.config.DATA_DIR);
    expect(after.size - before.size).toBe(1);
    expect(envelope(await verify(`nobody.${Date.now()}@example.com`, '123456'))).toMatchObject({
      code: 400,
      data: { messageId: 'otp.invalidOrExpired' },
    });
  });

  it('refuses an invalid email with its rule, and a code that is not 6 digits without counting an attempt', async () => {
    expect(envelope(await forgot('not-an-email'))).toMatchObject({
      code: 400,
      data: { messageId: 'email.invalid' },
    });
    expect(envelope(await verify('a@example.com', '12a456'))).toMatchObject({
      code: 400,
      data: { messageId: 'otp.invalidFormat' },
    });
  });

  it('locks a code after 5 wrong attempts, even against the right code', async () => {
    const user = await signedInUser(t.app);
    const code = await requestCode(user.input.email);
    for (let i = 0; i < 5; i += 1) {
      const response = await verify(user.input.email, otherCode(code));
      expect(envelope(response)).toEqual({
        code: 400,
        message: domainMessages['otp.invalidOrExpired'],
        data: { messageId: 'otp.invalidOrExpired' },
      });
    }
    expect((await verify(user.input.email, code)).statusCode).toBe(400);
    // A new code starts afresh.
    const fresh = await requestCode(user.input.email);
    expect((await verify(user.input.email, fresh)).statusCode).toBe(200);
  });

  it('accepts the right code after 4 wrong attempts', async () => {
    const user = await signedInUser(t.app);
    const code = await requestCode(user.input.email);
    for (let i = 0; i < 4; i += 1)
      expect((await verify(user.input.email, otherCode(code))).statusCode).toBe(400);
    expect((await verify(user.input.email, code)).statusCode).toBe(200);
  });

  it('refuses an expired code, and an older code once a new one was asked for', async () => {
    const user = await signedInUser(t.app);
    const first = await requestCode(user.input.email);
    const second = await requestCode(user.input.email);
    if (first !== second) expect((await verify(user.input.email, first)).statusCode).toBe(400);
    await t.database.db
      .update(passwordResetCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetCodes.userId, user.userId));
    expect(envelope(await verify(user.input.email, second))).toMatchObject({
      code: 400,
      data: { messageId: 'otp.invalidOrExpired' },
    });
  });

  it('enforces the sign-up password rule on the new password, and refuses an expired or unknown reset token', async () => {
    const user = await signedInUser(t.app);
    const code = await requestCode(user.input.email);
    const { resetToken } = envelope<{ resetToken: string }>(await verify(user.input.email, code)).data;

    const weak = envelope<{ violations: unknown[] }>(await reset(resetToken, 'short', 'other'));
    expect(weak).toMatchObject({ code: 400, message: domainMessages['password.mismatch'] });
    expect(weak.data.violations).toEqual([
      {
        field: 'confirmPassword',
        messageId: 'password.mismatch',
        message: domainMessages['password.mismatch'],
      },
      { field: 'newPassword', messageId: 'password.weak', message: domainMessages['password.weak'] },
    ]);
    expect(envelope(await reset(resetToken, 'lettersonly'))).toMatchObject({
      code: 400,
      data: { messageId: 'password.weak' },
    });

    expect(envelope(await reset('made-up-token', 'GoodPass123'))).toMatchObject({
      code: 400,
      message: domainMessages['resetPassword.expired'],
      data: { messageId: 'resetPassword.expired' },
    });
    await t.database.db
      .update(passwordResetCodes)
      .set({ resetExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetCodes.userId, user.userId));
    expect(envelope(await reset(resetToken, 'GoodPass123'))).toMatchObject({
      code: 400,
      data: { messageId: 'resetPassword.expired' },
    });
    // Nothing changed: the old password and session still work.
    await logIn(t.app, user.input.email, user.input.createPassword);
    const wallet = await t.app.inject({
      method: 'GET',
      url: `${apiPaths.walletAmount}?userId=${user.userId}`,
      headers: bearer(user.token),
    });
    expect(wallet.statusCode).toBe(200);
    const live = await t.database.db.select().from(sessions).where(eq(sessions.userId, user.userId));
    expect(live.every((s) => s.revokedAt === null)).toBe(true);
  });

  it('limits code guesses per account before the per-address limit (30 here): 10 wrong, then 429 with Retry-After', async () => {
    const email = `guess.${Date.now()}@example.com`;
    const answers: number[] = [];
    for (let i = 0; i < 10; i += 1) answers.push((await verify(email, '000000')).statusCode);
    expect(answers).toEqual(Array(10).fill(400));
    const limited = await verify(email, '000000');
    expect(envelope(limited)).toMatchObject({ code: 429, data: { messageId: 'otp.tooManyWrongCodes' } });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});
