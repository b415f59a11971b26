import { randomInt } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../src/contract/paths';
import type { PhoneVerificationStatus, SentPhoneCode } from '../../src/contract/phone-verification';
import { domainMessages } from '../../src/domain/messages';
import { phoneVerificationCodes, users } from '../../src/server/db/schema';
import { phoneVerificationSms, SmsNotSent, type Sms, type SmsMessage } from '../../src/server/messaging/sms';
import { bearer, codeIn, envelope, logIn, signedInUser } from '../support/server-helpers';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ LOGIN_RATE_LIMIT_PER_MINUTE: 30 });
});
afterAll(async () => t?.close());

/** A Ghana mobile number no other user of this file has: '24' and 7 digits. */
let nextNumber = randomInt(0, 5_000_000);
const newGhanaNumber = (): string => `24${String((nextNumber += 1) % 10_000_000).padStart(7, '0')}`;
const e164 = (national: string) => `+233${national.replace(/^0/, '')}`;

const userWithPhone = (app = t.app, phoneNumber = newGhanaNumber(), language?: 'en' | 'fr') =>
  signedInUser(app, { phoneCode: '+233', phoneNumber, ...(language ? { language } : {}) });

const send = (token?: string, app = t.app) =>
  app.inject({
    method: 'POST',
    url: apiPaths.sendPhoneVerificationCode,
    ...(token ? { headers: bearer(token) } : {}),
  });
const verify = (token: string | undefined, code: string, app = t.app) =>
  app.inject({
    method: 'POST',
    url: apiPaths.verifyPhone,
    payload: { code },
    ...(token ? { headers: bearer(token) } : {}),
  });
const status = async (token: string) =>
  envelope<PhoneVerificationStatus>(
    await t.app.inject({ method: 'GET', url: apiPaths.phoneVerification, headers: bearer(token) }),
  );

/** The newest SMS to `to` in DATA_DIR/outbox written after the files in `before`. */
const latestSmsTo = async (to: string, before: ReadonlySet<string>): Promise<SmsMessage> => {
  const outbox = path.join(t.config.DATA_DIR, 'outbox');
  const files = (await readdir(outbox)).filter((file) => file.includes('-sms-') && !before.has(file));
  for (const file of files.sort().reverse()) {
    const sms = JSON.parse(await readFile(path.join(outbox, file), 'utf8')) as SmsMessage;
    if (sms.to === to) return sms;
  }
  throw new Error(`no SMS to ${to} in ${outbox}`);
};
const outboxNow = async () =>
  new Set(await readdir(path.join(t.config.DATA_DIR, 'outbox')).catch(() => [] as string[]));

/** Asks for a code (200) and reads it from the SMS in the outbox. */
const requestCode = async (token: string, phone: string): Promise<string> => {
  const before = await outboxNow();
  const response = await send(token);
  expect(response.statusCode, response.body).toBe(200);
  return codeIn((await latestSmsTo(phone, before)).text);
};

const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
const verifiedPhoneOf = async (userId: number) =>
  (await t.database.db.select({ phone: users.verifiedPhone }).from(users).where(eq(users.id, userId)))[0]
    ?.phone;
const failure = (messageId: keyof typeof domainMessages, code: number) => ({
  code,
  message: domainMessages[messageId],
  data: { messageId },
});

describe('phone verification by SMS', () => {
  it('sends a code to the registered phone, and the right code makes it the verified phone', async () => {
    const national = newGhanaNumber();
    const user = await userWithPhone(t.app, national);
    expect(user.userDetails.phoneVerified).toBe(false);
    expect((await status(user.token)).data).toEqual({
      phoneVerified: false,
      maskedPhone: `+233 ******${national.slice(-3)}`,
    });

    const before = await outboxNow();
    const asked = Date.now();
    const sent = envelope<SentPhoneCode>(await send(user.token));
    expect(sent).toMatchObject({ code: 200, message: domainMessages['phoneVerification.sent'] });
    expect(sent.data.maskedPhone).toBe(`+233 ******${national.slice(-3)}`);
    const validFor = new Date(sent.data.expiresAt).getTime() - asked;
    expect(validFor).toBeGreaterThan(10 * 60_000 - 5_000);
    expect(validFor).toBeLessThanOrEqual(10 * 60_000 + 1_000);

    const sms = await latestSmsTo(e164(national), before);
    const code = codeIn(sms.text);
    expect(sms.text).toBe(await phoneVerificationSms('en', code, 10));
    // Stored as an HMAC bound to the user and the number, never in clear.
    const rows = await t.database.db
      .select()
      .from(phoneVerificationCodes)
      .where(eq(phoneVerificationCodes.userId, user.userId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ phone: e164(national), attempts: 0, consumedAt: null });
    expect(JSON.stringify(rows)).not.toContain(code);

    expect(envelope(await verify(user.token, code))).toEqual({
      code: 200,
      message: domainMessages['phoneVerification.verified'],
      data: { phoneVerified: true, maskedPhone: `+233 ******${national.slice(-3)}` },
    });
    expect(await verifiedPhoneOf(user.userId)).toBe(e164(national));
    expect((await status(user.token)).data.phoneVerified).toBe(true);
    expect((await logIn(t.app, user.input.email, user.input.createPassword)).userDetails.phoneVerified).toBe(
      true,
    );

    // The code works once; a verified phone needs no new code.
    expect(envelope(await verify(user.token, code))).toEqual(failure('phoneVerification.codeInvalid', 400));
    expect(envelope(await send(user.token))).toEqual(failure('phoneVerification.alreadyVerified', 409));
  });

  it('verifies the number in E.164, whatever trunk 0 was typed at sign-up, in the account language', async () => {
    const national = `0${newGhanaNumber()}`;
    const user = await userWithPhone(t.app, national, 'fr');
    const before = await outboxNow();
    expect((await send(user.token)).statusCode).toBe(200);
    const sms = await latestSmsTo(e164(national), before);
    const code = codeIn(sms.text);
    expect(sms.text).toBe(await phoneVerificationSms('fr', code, 10));
    expect((await verify(user.token, code)).statusCode).toBe(200);
    expect(await verifiedPhoneOf(user.userId)).toBe(e164(national));
  });

  it('refuses a wrong code, and a code that is not 6 digits without counting an attempt', async () => {
    const national = newGhanaNumber();
    const user = await userWithPhone(t.app, national);
    const code = await requestCode(user.token, e164(national));
    for (const malformed of ['12a456', '12345', '1234567', ''])
      expect(envelope(await verify(user.token, malformed))).toEqual(failure('otp.invalidFormat', 400));
    expect(envelope(await verify(user.token, otherCode(code)))).toEqual(
      failure('phoneVerification.codeInvalid', 400),
    );
    const [row] = await t.database.db
      .select({ attempts: phoneVerificationCodes.attempts })
      .from(phoneVerificationCodes)
      .where(eq(phoneVerificationCodes.userId, user.userId));
    expect(row?.attempts).toBe(1);
    expect(await verifiedPhoneOf(user.userId)).toBeNull();
    expect((await verify(user.token, code)).statusCode).toBe(200);
  });

  it('refuses an expired code, and an older code once a new one was sent', async () => {
    const national = newGhanaNumber();
    const user = await userWithPhone(t.app, national);
    const first = await requestCode(user.token, e164(national));
    const second = await requestCode(user.token, e164(national));
    if (first !== second)
      expect(envelope(await verify(user.token, first))).toEqual(
        failure('phoneVerification.codeInvalid', 400),
      );
    await t.database.db
      .update(phoneVerificationCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(phoneVerificationCodes.userId, user.userId));
    expect(envelope(await verify(user.token, second))).toEqual(failure('phoneVerification.codeInvalid', 400));
    expect(await verifiedPhoneOf(user.userId)).toBeNull();
  });

  it('locks a code after 5 wrong attempts, even against the right code; a new code starts afresh', async () => {
    const national = newGhanaNumber();
    const user = await userWithPhone(t.app, national);
    const code = await requestCode(user.token, e164(national));
    for (let i = 0; i < 4; i += 1) expect((await verify(user.token, otherCode(code))).statusCode).toBe(400);
    expect(envelope(await verify(user.token, otherCode(code)))).toEqual(
      failure('phoneVerification.codeInvalid', 400),
    );
    expect(envelope(await verify(user.token, code))).toEqual(
      failure('phoneVerification.attemptsExhausted', 400),
    );
    expect(await verifiedPhoneOf(user.userId)).toBeNull();
    const fresh = await requestCode(user.token, e164(national));
    expect((await verify(user.token, fresh)).statusCode).toBe(200);
  });

  it('answers 409 when another account verified the number first, at send and at verify', async () => {
    const national = newGhanaNumber();
    const first = await userWithPhone(t.app, national);
    const second = await userWithPhone(t.app, national);
    const secondCode = await requestCode(second.token, e164(national));
    const firstCode = await requestCode(first.token, e164(national));
    expect((await verify(first.token, firstCode)).statusCode).toBe(200);

    expect(envelope(await verify(second.token, secondCode))).toEqual(
      failure('phoneVerification.phoneTaken', 409),
    );
    const before = await outboxNow();
    expect(envelope(await send(second.token))).toEqual(failure('phoneVerification.phoneTaken', 409));
    expect(await outboxNow()).toEqual(before);
    expect(await verifiedPhoneOf(second.userId)).toBeNull();
    expect(await verifiedPhoneOf(first.userId)).toBe(e164(national));
    expect((await status(second.token)).data.phoneVerified).toBe(false);
  });

  it('lets exactly one of two accounts verifying one number at the same time win (the unique index)', async () => {
    const national = newGhanaNumber();
    const accounts = await Promise.all([userWithPhone(t.app, national), userWithPhone(t.app, national)]);
    const codes: string[] = [];
    for (const account of accounts) codes.push(await requestCode(account.token, e164(national)));
    const answers = await Promise.all(accounts.map((account, i) => verify(account.token, codes[i]!)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(envelope(answers.find((answer) => answer.statusCode === 409)!)).toEqual(
      failure('phoneVerification.phoneTaken', 409),
    );
    const holders = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.verifiedPhone, e164(national)));
    expect(holders).toHaveLength(1);
  });

  it('sends at most 5 codes an hour to one account, whatever its number', async () => {
    const user = await userWithPhone();
    // One number takes at most 3 texts an hour: the account's number changes (as a future number change would).
    for (let i = 0; i < 5; i += 1) {
      await t.database.db
        .update(users)
        .set({ phoneNumber: newGhanaNumber() })
        .where(eq(users.id, user.userId));
      expect((await send(user.token)).statusCode).toBe(200);
    }
    await t.database.db.update(users).set({ phoneNumber: newGhanaNumber() }).where(eq(users.id, user.userId));
    const refused = await send(user.token);
    expect(envelope(refused)).toEqual(failure('phoneVerification.tooManyCodes', 429));
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another account is not affected.
    expect((await send((await userWithPhone()).token)).statusCode).toBe(200);
  });

  it('sends at most 3 codes an hour to one number, whatever the account', async () => {
    const national = newGhanaNumber();
    const accounts = [await userWithPhone(t.app, national), await userWithPhone(t.app, national)];
    expect((await send(accounts[0]!.token)).statusCode).toBe(200);
    expect((await send(accounts[1]!.token)).statusCode).toBe(200);
    expect((await send(accounts[0]!.token)).statusCode).toBe(200);
    expect(envelope(await send(accounts[1]!.token))).toEqual(
      failure('phoneVerification.tooManyToNumber', 429),
    );
    // Another number is not affected.
    expect((await send((await userWithPhone()).token)).statusCode).toBe(200);
  });

  it('refuses an 11th wrong code within the hour, even the right one of a new code', async () => {
    const national = newGhanaNumber();
    const user = await userWithPhone(t.app, national);
    for (let round = 0; round < 2; round += 1) {
      const code = await requestCode(user.token, e164(national));
      for (let i = 0; i < 5; i += 1) expect((await verify(user.token, otherCode(code))).statusCode).toBe(400);
    }
    const code = await requestCode(user.token, e164(national));
    const refused = await verify(user.token, code);
    expect(envelope(refused)).toEqual(failure('otp.tooManyWrongCodes', 429));
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await verifiedPhoneOf(user.userId)).toBeNull();
  });

  it('refuses a registered phone that is not a valid number of its country', async () => {
    const user = await signedInUser(t.app, { phoneCode: '+233', phoneNumber: '123456789' });
    expect((await status(user.token)).data).toEqual({ phoneVerified: false, maskedPhone: null });
    expect(envelope(await send(user.token))).toEqual(failure('phoneVerification.phoneInvalid', 400));
  });

  it('answers 401 without a live token', async () => {
    for (const response of [
      await send(),
      await send('not-a-token'),
      await verify(undefined, '123456'),
      await t.app.inject({ method: 'GET', url: apiPaths.phoneVerification }),
    ])
      expect(envelope(response)).toEqual(failure('auth.required', 401));
  });
});

describe('phone verification with a failing SMS channel and a low rate limit', () => {
  let failing: TestApp;
  const sent: SmsMessage[] = [];
  let failNext = false;
  const sms: Sms = {
    send: async (message) => {
      if (failNext) {
        failNext = false;
        throw new SmsNotSent('refused', 500);
      }
      sent.push(message);
    },
  };

  beforeAll(async () => {
    failing = await createTestApp({ LOGIN_RATE_LIMIT_PER_MINUTE: 3 }, { sms });
  });
  afterAll(async () => failing?.close());

  it('answers 503 when the SMS could not be sent, and that code neither works nor counts', async () => {
    const national = newGhanaNumber();
    const user = await userWithPhone(failing.app, national);
    failNext = true;
    expect(envelope(await send(user.token, failing.app))).toEqual(
      failure('phoneVerification.smsFailed', 503),
    );
    const rows = await failing.database.db
      .select()
      .from(phoneVerificationCodes)
      .where(eq(phoneVerificationCodes.userId, user.userId));
    expect(rows).toEqual([]);
    expect((await send(user.token, failing.app)).statusCode).toBe(200);
    expect(sent.at(-1)?.to).toBe(e164(national));
    expect((await verify(user.token, codeIn(sent.at(-1)!.text), failing.app)).statusCode).toBe(200);
  });

  it('limits code guesses per IP and user (LOGIN_RATE_LIMIT_PER_MINUTE), then 429', async () => {
    const user = await userWithPhone(failing.app);
    expect((await send(user.token, failing.app)).statusCode).toBe(200);
    for (let i = 0; i < 3; i += 1)
      expect((await verify(user.token, '000000', failing.app)).statusCode).toBe(400);
    expect(envelope(await verify(user.token, '000000', failing.app))).toEqual(
      failure('request.tooMany', 429),
    );
    // Per user: another account from the same IP still has its attempts.
    const other = await userWithPhone(failing.app);
    expect((await verify(other.token, '000000', failing.app)).statusCode).toBe(400);
  });
});
