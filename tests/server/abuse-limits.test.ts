import { readFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../src/contract/paths';
import { domainMessages, type DomainMessageId } from '../../src/domain/messages';
import { translatorFor } from '../../src/i18n/core';
import { loadConfig } from '../../src/server/config';
import { abuseLimits, limitsFrom } from '../../src/server/plugins/abuse-limits';
import { createSecondHost, type SecondHost } from '../support/second-host';
import {
  bearer,
  codeIn,
  envelope,
  latestMailTo,
  outboxFiles,
  registerUser,
  signedInUser,
} from '../support/server-helpers';
import { validSignUpInput } from '../support/sign-up-arbitraries';
import { createTestApp, type TestApp } from '../support/test-app';

/*
 * Issue 21: limits per account, per phone number and per address, counted across every address and every host.
 * The guessing tests come from three loopback addresses (127.0.0.2-4) through real sockets bound to each, against
 * the listening app; the per-address limits of the config (LOGIN_RATE_LIMIT_PER_MINUTE, 10) stay untouched by them.
 */

let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => t?.close());

const ADDRESSES = ['127.0.0.2', '127.0.0.3', '127.0.0.4'];

interface Answer {
  status: number;
  retryAfter: number | null;
  body: { code: number; message: string; data: { messageId?: string } & Record<string, unknown> };
}

/** A POST from the socket bound to `from`. */
const postFrom = (from: string, url: string, payload: object, headers: Record<string, string> = {}) =>
  new Promise<Answer>((resolve, reject) => {
    const body = JSON.stringify(payload);
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        path: url,
        method: 'POST',
        localAddress: from,
        agent: false,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          ...headers,
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => {
          const retryAfter = response.headers['retry-after'];
          resolve({
            status: response.statusCode ?? 0,
            retryAfter: retryAfter === undefined ? null : Number(retryAfter),
            body: JSON.parse(text) as Answer['body'],
          });
        });
      },
    );
    request.on('error', reject);
    request.end(body);
  });

const refused = (messageId: DomainMessageId) => ({
  code: 429,
  message: domainMessages[messageId],
  data: { messageId },
});

const logInFrom = (from: string, email: string, password: string) =>
  postFrom(from, apiPaths.logIn, { email, password });

/** A user of `language` (its mails are written in it). */
const userSpeaking = async (language: 'en' | 'fr') => {
  const input = validSignUpInput();
  const response = await t.app.inject({
    method: 'POST',
    url: apiPaths.register,
    payload: { ...input, language },
    remoteAddress: '10.21.0.1',
  });
  expect(response.statusCode, response.body).toBe(201);
  return { email: input.email, password: input.createPassword };
};

/** The mails to `email` with `subject` written since the outbox held `since`. */
const mailsTo = async (email: string, since: ReadonlySet<string>, subject: string) => {
  const outbox = path.join(t.config.DATA_DIR, 'outbox');
  const mails: { to: string; subject: string }[] = [];
  for (const file of await outboxFiles(t.config.DATA_DIR)) {
    if (since.has(file) || file.includes('-sms-')) continue;
    mails.push(
      JSON.parse(await readFile(path.join(outbox, file), 'utf8')) as { to: string; subject: string },
    );
  }
  return mails.filter((mail) => mail.to === email && mail.subject === subject);
};

describe('log-in failures per account, from every address', () => {
  it('pause log-in after 10 failures from three addresses (429, Retry-After), even the right password, and mail the owner once in their language', async () => {
    const owner = await userSpeaking('fr');
    const before = await outboxFiles(t.config.DATA_DIR);
    for (let i = 0; i < 10; i += 1) {
      const answer = await logInFrom(ADDRESSES[i % 3]!, owner.email, 'Wrong-password-1');
      expect(answer.status).toBe(401);
    }
    // The right password from a fourth address is refused too: the guesses were counted on the account.
    const paused = await logInFrom('127.0.0.5', owner.email, owner.password);
    expect(paused.status).toBe(429);
    expect(paused.body).toEqual(refused('logIn.tooManyFailures'));
    expect(paused.retryAfter).toBeGreaterThan(0);
    expect(paused.retryAfter).toBeLessThanOrEqual(15 * 60);

    const french = await translatorFor('fr');
    const subject = french('mail.logInLocked.subject');
    const mail = await latestMailTo(t.config.DATA_DIR, owner.email, before);
    expect(mail.subject).toBe(subject);
    expect(mail.text).toContain(french('mail.logInLocked.intro', { failures: 10, minutes: 15 }));
    expect(mail.text).toContain('10 fois');
    // Refused attempts send nothing more.
    await logInFrom(ADDRESSES[0]!, owner.email, 'Wrong-password-1');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await mailsTo(owner.email, before, subject)).toHaveLength(1);
  });

  it('leave every other account alone, on the same shared addresses', async () => {
    const victim = await userSpeaking('en');
    const neighbour = await userSpeaking('en');
    for (let i = 0; i < 10; i += 1) await logInFrom(ADDRESSES[i % 3]!, victim.email, 'Wrong-password-1');
    expect((await logInFrom(ADDRESSES[0]!, victim.email, victim.password)).status).toBe(429);
    // Someone else behind the same carrier address logs in, and a typo of theirs is an ordinary 401.
    expect((await logInFrom(ADDRESSES[0]!, neighbour.email, 'Wrong-password-1')).status).toBe(401);
    const answer = await logInFrom(ADDRESSES[0]!, neighbour.email, neighbour.password);
    expect(answer.status).toBe(200);
  });

  it('do not count log-ins that succeed', async () => {
    const user = await userSpeaking('en');
    for (let i = 0; i < 12; i += 1) {
      expect((await logInFrom(ADDRESSES[i % 3]!, user.email, user.password)).status).toBe(200);
    }
    for (let i = 0; i < 9; i += 1) await logInFrom(ADDRESSES[i % 3]!, user.email, 'Wrong-password-1');
    expect((await logInFrom(ADDRESSES[1]!, user.email, user.password)).status).toBe(200);
  });

  it('are counted exactly when guesses arrive at once on two hosts: 10 answered, the rest refused', async () => {
    const second: SecondHost = await createSecondHost(t);
    try {
      const user = await userSpeaking('en');
      const answers = await Promise.all(
        Array.from({ length: 24 }, (_, i) =>
          (i % 2 === 0 ? t.app : second.app).inject({
            method: 'POST',
            url: apiPaths.logIn,
            payload: { email: user.email, password: 'Wrong-password-1' },
            remoteAddress: ADDRESSES[i % 3],
          }),
        ),
      );
      const statuses = answers.map((answer) => answer.statusCode);
      expect(statuses.filter((status) => status === 401)).toHaveLength(10);
      expect(statuses.filter((status) => status === 429)).toHaveLength(14);
    } finally {
      await second.close();
    }
  });

  it('are forgotten when the owner resets the password: log-in works at once, and no second mail within the pause', async () => {
    const owner = await userSpeaking('en');
    const before = await outboxFiles(t.config.DATA_DIR);
    for (let i = 0; i < 10; i += 1) await logInFrom(ADDRESSES[i % 3]!, owner.email, 'Wrong-password-1');
    expect((await logInFrom(ADDRESSES[0]!, owner.email, owner.password)).status).toBe(429);
    const subject = (await translatorFor('en'))('mail.logInLocked.subject');
    await latestMailTo(t.config.DATA_DIR, owner.email, before);

    const beforeCode = await outboxFiles(t.config.DATA_DIR);
    expect((await postFrom(ADDRESSES[0]!, apiPaths.forgotPassword, { email: owner.email })).status).toBe(200);
    const code = codeIn((await latestMailTo(t.config.DATA_DIR, owner.email, beforeCode)).text);
    const verified = await postFrom(ADDRESSES[0]!, apiPaths.verifyResetCode, { email: owner.email, code });
    const { resetToken } = verified.body.data as { resetToken: string };
    const newPassword = 'Fresh-start-21';
    const done = await postFrom(ADDRESSES[0]!, apiPaths.resetPassword, {
      resetToken,
      newPassword,
      confirmPassword: newPassword,
    });
    expect(done.status).toBe(200);
    expect((await logInFrom(ADDRESSES[1]!, owner.email, newPassword)).status).toBe(200);

    // A second pause within 15 minutes of the first mail sends no second one.
    for (let i = 0; i < 10; i += 1) await logInFrom(ADDRESSES[i % 3]!, owner.email, 'Wrong-password-2');
    expect((await logInFrom(ADDRESSES[0]!, owner.email, newPassword)).status).toBe(429);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await mailsTo(owner.email, before, subject)).toHaveLength(1);
  });
});

describe('password-reset codes per account, from every address', () => {
  it('mail at most 5 codes an hour to one account; the 6th is refused and does not cancel the 5th', async () => {
    const user = await userSpeaking('en');
    let code = '';
    for (let i = 0; i < 5; i += 1) {
      const before = await outboxFiles(t.config.DATA_DIR);
      expect((await postFrom(ADDRESSES[i % 3]!, apiPaths.forgotPassword, { email: user.email })).status).toBe(
        200,
      );
      code = codeIn((await latestMailTo(t.config.DATA_DIR, user.email, before)).text);
    }
    const sixth = await postFrom(ADDRESSES[2]!, apiPaths.forgotPassword, { email: user.email.toUpperCase() });
    expect(sixth.body).toEqual(refused('otp.tooManyCodes'));
    expect(sixth.retryAfter).toBeGreaterThan(0);
    expect(sixth.retryAfter).toBeLessThanOrEqual(3600);
    const verified = await postFrom(ADDRESSES[0]!, apiPaths.verifyResetCode, { email: user.email, code });
    expect(verified.status).toBe(200);
  });

  it('answer an unknown email exactly alike, so the limit tells nobody whether an account exists', async () => {
    const email = `nobody.${Date.now()}@example.com`;
    for (let i = 0; i < 5; i += 1)
      expect((await postFrom(ADDRESSES[i % 3]!, apiPaths.forgotPassword, { email })).status).toBe(200);
    expect((await postFrom(ADDRESSES[0]!, apiPaths.forgotPassword, { email })).body).toEqual(
      refused('otp.tooManyCodes'),
    );
  });

  it('allow at most 10 wrong codes an hour per account, whatever the address and however many new codes', async () => {
    const user = await userSpeaking('en');
    const ask = async (from: string) => {
      const before = await outboxFiles(t.config.DATA_DIR);
      expect((await postFrom(from, apiPaths.forgotPassword, { email: user.email })).status).toBe(200);
      return codeIn((await latestMailTo(t.config.DATA_DIR, user.email, before)).text);
    };
    const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    let guesses = 0;
    for (let round = 0; round < 2; round += 1) {
      const code = await ask(ADDRESSES[round]!);
      // Each code takes 5 guesses before it locks; a new code used to give 5 more.
      for (let i = 0; i < 5; i += 1) {
        guesses += 1;
        const answer = await postFrom(ADDRESSES[guesses % 3]!, apiPaths.verifyResetCode, {
          email: user.email,
          code: wrong(code),
        });
        expect(answer.status).toBe(400);
      }
    }
    const code = await ask(ADDRESSES[2]!);
    const refusedRight = await postFrom('127.0.0.5', apiPaths.verifyResetCode, { email: user.email, code });
    expect(refusedRight.body).toEqual(refused('otp.tooManyWrongCodes'));
    expect(refusedRight.retryAfter).toBeGreaterThan(0);
    expect(refusedRight.retryAfter).toBeLessThanOrEqual(3600);
  });

  it('do not count a right code', async () => {
    const user = await userSpeaking('en');
    for (let i = 0; i < 3; i += 1) {
      const before = await outboxFiles(t.config.DATA_DIR);
      expect((await postFrom(ADDRESSES[i]!, apiPaths.forgotPassword, { email: user.email })).status).toBe(
        200,
      );
      const code = codeIn((await latestMailTo(t.config.DATA_DIR, user.email, before)).text);
      for (let j = 0; j < 3; j += 1) {
        const wrongCode = String((Number(code) + 1 + j) % 1_000_000).padStart(6, '0');
        await postFrom(ADDRESSES[j]!, apiPaths.verifyResetCode, { email: user.email, code: wrongCode });
      }
      // 3, 6, then 9 wrong codes: each right one still passes.
      expect(
        (await postFrom(ADDRESSES[i]!, apiPaths.verifyResetCode, { email: user.email, code })).status,
      ).toBe(200);
    }
  });
});

describe('verification texts', () => {
  const send = (token: string) =>
    t.app.inject({ method: 'POST', url: apiPaths.sendPhoneVerificationCode, headers: bearer(token) });

  it('go to one number at most 3 times an hour, whatever the account (throwaway accounts cannot bomb a phone)', async () => {
    const phoneNumber = `24${String(Date.now() % 10_000_000).padStart(7, '0')}`;
    const accounts = [];
    for (let i = 0; i < 4; i += 1)
      accounts.push(await signedInUser(t.app, { phoneCode: '+233', phoneNumber }));
    for (const account of accounts.slice(0, 3)) expect((await send(account.token)).statusCode).toBe(200);
    const fourth = await send(accounts[3]!.token);
    expect(envelope(fourth)).toEqual(refused('phoneVerification.tooManyToNumber'));
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(0);
    expect((await send(accounts[0]!.token)).statusCode).toBe(429);
    // Another number is not affected.
    const other = await signedInUser(t.app, { phoneCode: '+233', phoneNumber: `20${phoneNumber.slice(2)}` });
    expect((await send(other.token)).statusCode).toBe(200);
  });
});

describe('sign-up per address', () => {
  const signUpFrom = (remoteAddress: string, payload: object = validSignUpInput()) =>
    t.app.inject({ method: 'POST', url: apiPaths.register, payload, remoteAddress });

  it('creates at most 20 accounts an hour from one address; refused ones create nothing; another address still can', async () => {
    const address = '198.51.100.21';
    // Forms that break a rule and emails already taken do not count.
    expect((await signUpFrom(address, { ...validSignUpInput(), firstName: '' })).statusCode).toBe(400);
    const taken = await registerUser(t.app);
    expect((await signUpFrom(address, validSignUpInput({ email: taken.input.email }))).statusCode).toBe(409);
    for (let i = 0; i < 20; i += 1) expect((await signUpFrom(address)).statusCode).toBe(201);
    const input = validSignUpInput();
    const refusedSignUp = await signUpFrom(address, input);
    expect(envelope(refusedSignUp)).toEqual(refused('signUp.tooMany'));
    expect(Number(refusedSignUp.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refusedSignUp.headers['retry-after'])).toBeLessThanOrEqual(3600);
    const logIn = await t.app.inject({
      method: 'POST',
      url: apiPaths.logIn,
      payload: { email: input.email, password: input.createPassword },
    });
    expect(logIn.statusCode).toBe(401);
    expect((await signUpFrom('198.51.100.22', input)).statusCode).toBe(201);
  });
});

describe('the limits table', () => {
  it('holds the figures of the README by default, each set by its setting, which must be a positive whole number', () => {
    expect(limitsFrom(loadConfig({ NODE_ENV: 'test' }))).toEqual(abuseLimits);
    expect(abuseLimits.textsPerNumber).toEqual({
      max: 3,
      windowMs: 3_600_000,
      env: 'SMS_PER_NUMBER_PER_HOUR',
    });
    const set = limitsFrom(loadConfig({ NODE_ENV: 'test', SIGN_UP_LIMIT_PER_HOUR: '200' }));
    expect(set.signUpsPerAddress.max).toBe(200);
    expect(set.textsPerNumber.max).toBe(3);
    expect(() => loadConfig({ NODE_ENV: 'test', SMS_PER_NUMBER_PER_HOUR: '0' })).toThrow(
      /SMS_PER_NUMBER_PER_HOUR/,
    );
    expect(() => loadConfig({ NODE_ENV: 'test', LOGIN_FAILURES_PER_ACCOUNT: '7.5' })).toThrow(
      /LOGIN_FAILURES_PER_ACCOUNT/,
    );
  });
});
