import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { opsPaths, type OpsLogInResponse } from '../../src/contract/ops';
import { queryRows } from '../../src/server/db/sql';
import { bearer, envelope, expectRefusal, signedInUser } from '../support/server-helpers';
import { newStaff, opsLogIn, staffToken, totpCode } from '../support/server-ops-helpers';
import { createTestApp, type TestApp } from '../support/test-app';

/*
 * Staff sign-in (issue 25): password and a real TOTP code (RFC 6238, otplib), a wrong code or password refused alike,
 * a code used once only (the same step again is refused), the session's 15 idle minutes, log-out, the limit on
 * failures per account, and the audit rows with the staff member as actor.
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ LOGIN_RATE_LIMIT_PER_MINUTE: 100 });
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.database.db;
const session = (token: string) =>
  t.app.inject({ method: 'GET', url: opsPaths.session, headers: bearer(token) });

describe('POST /api/Ops/LogIn', () => {
  it('signs in with the password and the current code; the same code does not sign in twice', async () => {
    const member = await newStaff(t, 'support');
    const code = await totpCode(member.secret);
    const wrongCode = code === '000000' ? '111111' : '000000';
    expectRefusal(
      await opsLogIn(t.app, { email: member.email, password: member.password, code: wrongCode }),
      401,
      'ops.logIn.invalid',
    );
    expectRefusal(
      await opsLogIn(t.app, { email: member.email, password: 'Not the password 1', code }),
      401,
      'ops.logIn.invalid',
    );
    const answer = await opsLogIn(t.app, {
      email: member.email.toUpperCase(),
      password: member.password,
      code,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const signedIn = envelope<OpsLogInResponse>(answer).data;
    expect(signedIn).toMatchObject({ staff: { id: member.id, role: 'support' }, idleMinutes: 15 });
    // The same code again (a replay within its 30 seconds): refused.
    expectRefusal(
      await opsLogIn(t.app, { email: member.email, password: member.password, code }),
      401,
      'ops.logIn.invalid',
    );
    // A code of an earlier step than the one used: refused too.
    const earlier = await totpCode(member.secret, new Date(Date.now() - 30_000));
    expectRefusal(
      await opsLogIn(t.app, { email: member.email, password: member.password, code: earlier }),
      401,
      'ops.logIn.invalid',
    );
    expect((await session(signedIn.token)).statusCode).toBe(200);

    const rows = await queryRows<{ actor_kind: string; actor_id: number; action: string }>(
      db(),
      sql`select actor_kind, actor_id, action from audit_log where subject = ${`staff:${member.id}`} order by id`,
    );
    expect(rows).toEqual([{ actor_kind: 'staff', actor_id: member.id, action: 'staff.logIn' }]);
  });

  it('one code sent twice at once signs in once (the step is taken by one UPDATE)', async () => {
    const member = await newStaff(t, 'compliance');
    const code = await totpCode(member.secret);
    const answers = await Promise.all(
      [1, 2].map(() => opsLogIn(t.app, { email: member.email, password: member.password, code })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 401]);
  });

  it('an unknown e-mail is refused like a wrong password; a user cannot sign in here', async () => {
    const user = await signedInUser(t.app);
    expectRefusal(
      await opsLogIn(t.app, { email: user.input.email, password: user.input.createPassword, code: '123456' }),
      401,
      'ops.logIn.invalid',
    );
    expectRefusal(await session(user.token), 401, 'auth.required');
  });

  it('pauses an account after LOGIN_FAILURES_PER_ACCOUNT failures, from any address (429)', async () => {
    const member = await newStaff(t, 'admin');
    const max = t.config.LOGIN_FAILURES_PER_ACCOUNT;
    for (let attempt = 0; attempt < max; attempt += 1) {
      const response = await t.app.inject({
        method: 'POST',
        url: opsPaths.logIn,
        payload: { email: member.email, password: 'Wrong password 99', code: '000000' },
        remoteAddress: `10.9.0.${attempt + 1}`,
      });
      expect(response.statusCode).toBe(401);
    }
    const paused = await opsLogIn(t.app, {
      email: member.email,
      password: member.password,
      code: await totpCode(member.secret),
    });
    expectRefusal(paused, 429, 'logIn.tooManyFailures');
  });
});

describe('the staff session', () => {
  it('ends after 15 idle minutes, and at LogOut', async () => {
    const idle = await newStaff(t, 'auditor');
    const token = await staffToken(t, idle);
    expect((await session(token)).statusCode).toBe(200);
    await db().execute(
      sql`update staff_sessions set last_seen_at = now() - interval '15 minutes 1 second' where staff_id = ${idle.id}`,
    );
    expectRefusal(await session(token), 401, 'auth.required');

    const active = await newStaff(t, 'compliance');
    const other = await staffToken(t, active);
    await db().execute(
      sql`update staff_sessions set last_seen_at = now() - interval '14 minutes' where staff_id = ${active.id}`,
    );
    expect((await session(other)).statusCode).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: opsPaths.logOut, headers: bearer(other) });
    expect(out.statusCode, out.body).toBe(200);
    expectRefusal(await session(other), 401, 'auth.required');
  });
});
