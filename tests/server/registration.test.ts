import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../src/contract/paths';
import { domainMessages } from '../../src/domain/messages';
import { users, wallets } from '../../src/server/db/schema';
import { createTestApp, type TestApp } from '../support/test-app';
import { envelope, logIn } from '../support/server-helpers';
import { validSignUpInput } from '../support/sign-up-arbitraries';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const register = (payload: unknown) =>
  t.app.inject({ method: 'POST', url: apiPaths.register, payload: payload as object });

describe('UserRegistration', () => {
  it('creates the user with tidied names, a normalized email and an empty GHS wallet, then 201 { userId }', async () => {
    const input = validSignUpInput({
      email: `  Yaa.Asantewaa.${Date.now()}@Example.COM `,
      firstName: '  Yaa  ',
      middleName: 'Akosua   Serwaa',
      lastName: 'Asantewaa ',
    });
    const response = await register(input);
    const body = envelope<{ userId: number }>(response);
    expect(body).toMatchObject({ code: 201, message: 'OK' });
    const [user] = await t.database.db.select().from(users).where(eq(users.id, body.data.userId));
    expect(user).toMatchObject({
      email: input.email.trim().toLowerCase(),
      firstName: 'Yaa',
      middleName: 'Akosua Serwaa',
      lastName: 'Asantewaa',
      phoneCode: '+233',
      phoneNumber: '241234567',
      countryId: 1,
    });
    expect(user?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(user?.passwordHash).not.toContain(input.createPassword);
    const [wallet] = await t.database.db.select().from(wallets).where(eq(wallets.userId, body.data.userId));
    expect(wallet).toEqual({ userId: body.data.userId, currency: 'GHS', balanceMinor: 0, heldMinor: 0 });
    const session = await logIn(t.app, input.email.toUpperCase(), input.createPassword);
    expect(session.userDetails.fullName).toBe('Yaa Akosua Serwaa Asantewaa');
  });

  it('answers 400 with every broken rule in the spec order, the first one as the message', async () => {
    const input = validSignUpInput({
      firstName: 'K0fi',
      middleName: 'x'.repeat(26),
      lastName: '',
      createPassword: 'short',
      confirmPassword: 'different',
      countryId: 0,
      phoneNumber: '123',
      email: 'not-an-email',
    });
    const body = envelope<{
      messageId: string;
      violations: { field: string; messageId: string; message: string }[];
    }>(await register(input));
    const expected = [
      ['firstName', 'signUp.firstName.letters'],
      ['lastName', 'signUp.lastName.required'],
      ['middleName', 'signUp.middleName.tooLong'],
      ['confirmPassword', 'password.mismatch'],
      ['createPassword', 'password.weak'],
      ['countryId', 'signUp.country.invalid'],
      ['phoneNumber', 'signUp.phone.invalid'],
      ['email', 'email.invalid'],
    ] as const;
    expect(body.code).toBe(400);
    expect(body.message).toBe(domainMessages['signUp.firstName.letters']);
    expect(body.data.messageId).toBe('signUp.firstName.letters');
    expect(body.data.violations).toEqual(
      expected.map(([field, messageId]) => ({ field, messageId, message: domainMessages[messageId] })),
    );
  });

  it('refuses a country that does not exist', async () => {
    const body = envelope<{ violations: unknown[] }>(await register(validSignUpInput({ countryId: 9999 })));
    expect(body).toMatchObject({ code: 400, data: { messageId: 'signUp.country.invalid' } });
    expect(body.data.violations).toEqual([
      {
        field: 'countryId',
        messageId: 'signUp.country.invalid',
        message: domainMessages['signUp.country.invalid'],
      },
    ]);
  });

  it('answers 409 for an email already registered, whatever its case', async () => {
    const input = validSignUpInput();
    expect((await register(input)).statusCode).toBe(201);
    const again = await register({ ...input, email: ` ${input.email.toUpperCase()}` });
    expect(envelope(again)).toEqual({
      code: 409,
      message: domainMessages['signUp.emailTaken'],
      data: { messageId: 'signUp.emailTaken' },
    });
  });

  it('lets only one of two simultaneous registrations of the same email succeed (the other is a 409)', async () => {
    for (let round = 0; round < 3; round += 1) {
      const input = validSignUpInput();
      const answers = await Promise.all([
        register(input),
        register({ ...input, email: input.email.toUpperCase() }),
      ]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
      const rows = await t.database.db.select().from(users).where(eq(users.email, input.email.toLowerCase()));
      expect(rows).toHaveLength(1);
    }
  });

  it('answers 400 for a payload of the wrong shape', async () => {
    const valid = validSignUpInput();
    const { email: _email, ...withoutEmail } = valid;
    for (const payload of [
      {},
      withoutEmail,
      { ...valid, countryId: '1' },
      { ...valid, countryId: 1.5 },
      { ...valid, firstName: 42 },
      { ...valid, email: 'a'.repeat(400) + '@example.com' },
      [valid],
    ]) {
      const body = envelope(await register(payload));
      expect(body).toEqual({
        code: 400,
        message: domainMessages['request.invalid'],
        data: { messageId: 'request.invalid' },
      });
    }
  });
});

describe('bad input anywhere', () => {
  const postEndpoints = [
    apiPaths.register,
    apiPaths.logIn,
    apiPaths.validateToken,
    apiPaths.forgotPassword,
    apiPaths.verifyResetCode,
    apiPaths.resetPassword,
  ];

  it('answers malformed JSON with 400 in our envelope', async () => {
    for (const url of postEndpoints) {
      for (const payload of ['{bad', '{"email": "a@b.com",}', '"unterminated', '']) {
        const response = await t.app.inject({
          method: 'POST',
          url,
          headers: { 'content-type': 'application/json' },
          payload,
        });
        expect(envelope(response), `${url} ${payload}`).toMatchObject({
          code: 400,
          data: { messageId: 'request.invalid' },
        });
      }
    }
  });

  it('answers a body over 64 KiB with 413 in our envelope', async () => {
    const payload = JSON.stringify({ ...validSignUpInput(), firstName: 'a'.repeat(70 * 1024) });
    for (const url of [apiPaths.register, apiPaths.logIn]) {
      const response = await t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(envelope(response)).toEqual({
        code: 413,
        message: domainMessages['request.tooLarge'],
        data: { messageId: 'request.tooLarge' },
      });
    }
  });

  it('answers a body that is not JSON with a 4xx in our envelope', async () => {
    const answer = (contentType: string) =>
      t.app.inject({
        method: 'POST',
        url: apiPaths.logIn,
        headers: { 'content-type': contentType },
        payload: 'email=a@b.com',
      });
    expect(envelope(await answer('application/xml'))).toMatchObject({
      code: 415,
      data: { messageId: 'request.invalid' },
    });
    expect(envelope(await answer('text/plain'))).toMatchObject({
      code: 400,
      data: { messageId: 'request.invalid' },
    });
  });

  it('never answers 500, nor leaks a stack or SQL, whatever JSON is posted', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...postEndpoints),
        fc.jsonValue({ maxDepth: 3 }),
        async (url, value) => {
          const response = await t.app.inject({
            method: 'POST',
            url,
            headers: { 'content-type': 'application/json' },
            payload: JSON.stringify(value),
          });
          expect(response.statusCode).toBeGreaterThanOrEqual(400);
          expect(response.statusCode).toBeLessThan(500);
          const body = envelope<{ messageId: string }>(response);
          expect(Object.keys(body.data)).toContain('messageId');
          expect(response.body).not.toMatch(/\bat .*\.(ts|js):\d+|select |insert |violates/i);
        },
      ),
      { numRuns: 60 },
    );
  });
});
