/**
 * Passkeys (issue 26) with real WebAuthn payloads from a software authenticator: registration, log-in answering
 * what the password log-in answers, and every refusal the standard asks for (replayed counter, another origin, an
 * expired or reused challenge, another account's credential), rate-limited and in the audit trail.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  STEP_UP_PROOF_HEADER,
  type AuthenticationOptions,
  type Passkey,
  type PasskeysResponse,
} from '../../src/contract/passkeys';
import { apiPaths } from '../../src/contract/paths';
import type { LogInResponse } from '../../src/contract/user';
import { queryRows } from '../../src/server/db/sql';
import { bearer, envelope, expectRefusal, logIn, signedInUser } from '../support/server-helpers';
import {
  addPasskey,
  authenticatorFor,
  logInOptions,
  passkeyLogIn,
  registrationOptionsFor,
  stepUpProofFor,
} from '../support/server-passkeys';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ LOGIN_RATE_LIMIT_PER_MINUTE: 1000 });
});
afterAll(async () => t?.close());

const auditActions = async (userId: number): Promise<string[]> =>
  (
    await queryRows<{ action: string }>(
      t.database.db,
      sql`select action from audit_log where chain = ${`user:${userId}`} order by seq`,
    )
  ).map((row) => row.action);

const passkeysOf = async (token: string): Promise<Passkey[]> =>
  envelope<PasskeysResponse>(
    await t.app.inject({ method: 'GET', url: apiPaths.passkeys, headers: bearer(token) }),
  ).data.passkeys;

describe('registering a passkey', () => {
  it('keeps it named, dated and listed; several per account; removable', async () => {
    const user = await signedInUser(t.app);
    const phone = authenticatorFor(t.config);
    const first = await addPasskey(t.app, user.token, phone, 'My phone');
    expect(first).toMatchObject({ name: 'My phone', lastUsedAt: null });
    expect(Date.parse(first.createdAt)).not.toBeNaN();
    const laptop = await addPasskey(t.app, user.token, authenticatorFor(t.config), 'Laptop');
    expect((await passkeysOf(user.token)).map((p) => p.name).sort()).toEqual(['Laptop', 'My phone']);

    // Removing one asks for a passkey (tests/server/step-up.test.ts): the phone confirms it.
    const proof = await stepUpProofFor(t.app, user.token, phone, apiPaths.deletePasskey, { id: laptop.id });
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `${apiPaths.deletePasskey}?id=${laptop.id}`,
      headers: { ...bearer(user.token), [STEP_UP_PROOF_HEADER]: proof },
    });
    expect(envelope(removed).data).toBeNull();
    expect((await passkeysOf(user.token)).map((p) => p.id)).toEqual([first.id]);
    expect(await auditActions(user.userId)).toEqual(
      expect.arrayContaining(['passkey.registered', 'passkey.registered', 'passkey.removed']),
    );
  });

  it("refuses another user's passkey id to remove (404), and the same authenticator twice (409)", async () => {
    const owner = await signedInUser(t.app);
    const other = await signedInUser(t.app);
    const phone = authenticatorFor(t.config);
    const passkey = await addPasskey(t.app, owner.token, phone);
    expectRefusal(
      await t.app.inject({
        method: 'DELETE',
        url: `${apiPaths.deletePasskey}?id=${passkey.id}`,
        headers: bearer(other.token),
      }),
      404,
      'passkey.notFound',
    );
    // The same authenticator's credential registered again, on this account or another.
    for (const token of [owner.token, other.token]) {
      const options = await registrationOptionsFor(t.app, token);
      const { response } = phone.register(options, { credential: phone.credentials[0] });
      const answer = await t.app.inject({
        method: 'POST',
        url: apiPaths.registerPasskey,
        headers: bearer(token),
        payload: { name: 'Copy', response },
      });
      expectRefusal(answer, 409, 'passkey.alreadyRegistered');
    }
  });

  it('refuses a registration signed for another origin, or on a challenge of another session', async () => {
    const user = await signedInUser(t.app);
    const phone = authenticatorFor(t.config);
    const options = await registrationOptionsFor(t.app, user.token);
    const { response } = phone.register(options, { origin: 'https://evil.example' });
    expectRefusal(
      await t.app.inject({
        method: 'POST',
        url: apiPaths.registerPasskey,
        headers: bearer(user.token),
        payload: { name: 'Phone', response },
      }),
      400,
      'passkey.verificationFailed',
    );

    const other = await logIn(t.app, user.input.email, user.input.createPassword);
    const mine = await registrationOptionsFor(t.app, user.token);
    const { response: fromOther } = phone.register(mine);
    expectRefusal(
      await t.app.inject({
        method: 'POST',
        url: apiPaths.registerPasskey,
        headers: bearer(other.token),
        payload: { name: 'Phone', response: fromOther },
      }),
      400,
      'passkey.challengeExpired',
    );
  });
});

describe('logging in with a passkey', () => {
  it('answers exactly what the password log-in answers, and the token works', async () => {
    const user = await signedInUser(t.app);
    const phone = authenticatorFor(t.config);
    await addPasskey(t.app, user.token, phone);
    const answer = await passkeyLogIn(t.app, phone);
    expect(answer.statusCode, answer.body).toBe(200);
    const data = envelope<LogInResponse>(answer).data;
    const byPassword = await logIn(t.app, user.input.email, user.input.createPassword);
    expect(Object.keys(data).sort()).toEqual(Object.keys(byPassword).sort());
    expect(data.userDetails).toEqual(byPassword.userDetails);
    expect(data.token).not.toBe(byPassword.token);
    const valid = await t.app.inject({
      method: 'POST',
      url: apiPaths.validateToken,
      payload: { token: data.token },
    });
    expect(valid.statusCode).toBe(200);
    const [used] = await passkeysOf(data.token);
    expect(used?.lastUsedAt).not.toBeNull();
    expect(await auditActions(user.userId)).toContain('auth.passkeyLogIn');
  });

  it('refuses a replayed counter (a cloned authenticator)', async () => {
    const user = await signedInUser(t.app);
    const phone = authenticatorFor(t.config);
    await addPasskey(t.app, user.token, phone);
    expect((await passkeyLogIn(t.app, phone, { counter: 5 })).statusCode).toBe(200);
    expectRefusal(await passkeyLogIn(t.app, phone, { counter: 5 }), 401, 'passkey.counterReplayed');
    expectRefusal(await passkeyLogIn(t.app, phone, { counter: 4 }), 401, 'passkey.counterReplayed');
    expect((await passkeyLogIn(t.app, phone, { counter: 6 })).statusCode).toBe(200);
    expect(await auditActions(user.userId)).toContain('auth.passkeyLogInRefused');
  });

  it('refuses an assertion signed for another origin or relying party', async () => {
    const user = await signedInUser(t.app);
    const phone = authenticatorFor(t.config);
    await addPasskey(t.app, user.token, phone);
    expectRefusal(
      await passkeyLogIn(t.app, phone, { origin: 'https://wallet.evil.example' }),
      401,
      'passkey.verificationFailed',
    );
    expectRefusal(
      await passkeyLogIn(t.app, phone, { rpId: 'evil.example' }),
      401,
      'passkey.verificationFailed',
    );
  });

  it('refuses an expired challenge, a used one, and one asked by another caller', async () => {
    const user = await signedInUser(t.app);
    const phone = authenticatorFor(t.config);
    await addPasskey(t.app, user.token, phone);
    const post = (payload: object) => t.app.inject({ method: 'POST', url: apiPaths.passkeyLogIn, payload });

    // Expired: its expiry moved into the past, as minutes passing would.
    const stale = await logInOptions(t.app);
    await t.database.db.execute(
      sql`update webauthn_challenges set expires_at = now() - interval '1 second'
          where challenge = ${stale.options.challenge}`,
    );
    const late = phone.assert(stale.options as AuthenticationOptions);
    expectRefusal(
      await post({ ceremonyId: stale.ceremonyId, response: late }),
      401,
      'passkey.challengeExpired',
    );

    // Used: the same assertion twice.
    const fresh = await logInOptions(t.app);
    const assertion = phone.assert(fresh.options as AuthenticationOptions);
    expect((await post({ ceremonyId: fresh.ceremonyId, response: assertion })).statusCode).toBe(200);
    expectRefusal(
      await post({ ceremonyId: fresh.ceremonyId, response: assertion }),
      401,
      'passkey.challengeExpired',
    );

    // Bound to who asked: another caller's ceremony id does not open it.
    const asked = await logInOptions(t.app);
    const other = await logInOptions(t.app);
    const signed = phone.assert(asked.options as AuthenticationOptions);
    expectRefusal(
      await post({ ceremonyId: other.ceremonyId, response: signed }),
      401,
      'passkey.challengeExpired',
    );
  });

  it("refuses another account's credential where one account is expected, and an unknown credential", async () => {
    const owner = await signedInUser(t.app);
    const other = await signedInUser(t.app);
    const phone = authenticatorFor(t.config);
    await addPasskey(t.app, owner.token, phone);
    // The owner's credential presented with the other account's user handle: the handle must be the credential's.
    const { ceremonyId, options } = await logInOptions(t.app);
    const assertion = phone.assert(options as AuthenticationOptions);
    const otherHandle = (await registrationOptionsFor(t.app, other.token)).user.id;
    const forged = { ...assertion, response: { ...assertion.response, userHandle: otherHandle } };
    expectRefusal(
      await t.app.inject({
        method: 'POST',
        url: apiPaths.passkeyLogIn,
        payload: { ceremonyId, response: forged },
      }),
      401,
      'passkey.verificationFailed',
    );

    const stranger = authenticatorFor(t.config);
    stranger.register({ challenge: 'x'.repeat(43), rp: {}, user: { id: otherHandle } });
    expectRefusal(await passkeyLogIn(t.app, stranger), 401, 'passkey.unknownCredential');
  });

  it('limits ceremonies begun from one address to the setting, and log-ins per address and credential', async () => {
    const limited = await createTestApp({ PASSKEY_CEREMONIES_PER_MINUTE: 3, LOGIN_RATE_LIMIT_PER_MINUTE: 2 });
    try {
      const optionsFrom = (remoteAddress: string) =>
        limited.app.inject({ method: 'POST', url: apiPaths.passkeyLogInOptions, remoteAddress });
      const begun = [];
      for (let i = 0; i < 4; i += 1) begun.push(await optionsFrom('10.9.0.1'));
      expect(begun.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 429]);
      expect((await optionsFrom('10.9.0.2')).statusCode).toBe(200);

      // Two log-ins a minute per credential from an address; another credential from the same address still goes.
      const ceremony = async (remoteAddress: string) =>
        envelope<{ ceremonyId: string; options: AuthenticationOptions }>(await optionsFrom(remoteAddress))
          .data;
      const [first, second, third] = [
        await ceremony('10.9.1.1'),
        await ceremony('10.9.1.2'),
        await ceremony('10.9.1.3'),
      ];
      const user = await signedInUser(limited.app);
      const phone = authenticatorFor(limited.config);
      await addPasskey(limited.app, user.token, phone);
      const logInWith = (ceremony: typeof first, authenticator = phone) =>
        limited.app.inject({
          method: 'POST',
          url: apiPaths.passkeyLogIn,
          remoteAddress: '10.9.2.1',
          payload: { ceremonyId: ceremony.ceremonyId, response: authenticator.assert(ceremony.options) },
        });
      expect((await logInWith(first)).statusCode).toBe(200);
      expect((await logInWith(second)).statusCode).toBe(200);
      expectRefusal(await logInWith(third), 429, 'request.tooMany');
      const other = await signedInUser(limited.app);
      const laptop = authenticatorFor(limited.config);
      await addPasskey(limited.app, other.token, laptop);
      const fourth = await ceremony('10.9.1.4');
      expect((await logInWith(fourth, laptop)).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it("counts failures against the account's log-in limit, like wrong passwords", async () => {
    const limited = await createTestApp({ LOGIN_RATE_LIMIT_PER_MINUTE: 1000, LOGIN_FAILURES_PER_ACCOUNT: 2 });
    try {
      const user = await signedInUser(limited.app);
      const phone = authenticatorFor(limited.config);
      await addPasskey(limited.app, user.token, phone);
      const wrongOrigin = { origin: 'https://evil.example' };
      expectRefusal(await passkeyLogIn(limited.app, phone, wrongOrigin), 401, 'passkey.verificationFailed');
      expectRefusal(await passkeyLogIn(limited.app, phone, wrongOrigin), 401, 'passkey.verificationFailed');
      expectRefusal(await passkeyLogIn(limited.app, phone), 429, 'logIn.tooManyFailures');
      // The password log-in shares the count.
      const byPassword = await limited.app.inject({
        method: 'POST',
        url: apiPaths.logIn,
        payload: { email: user.input.email, password: user.input.createPassword },
      });
      expectRefusal(byPassword, 429, 'logIn.tooManyFailures');
    } finally {
      await limited.close();
    }
  });
});
