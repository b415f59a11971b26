import type { FastifyInstance } from 'fastify';
import { generate } from 'otplib';
import { expect } from 'vitest';
import { opsPaths, type OpsLogInResponse } from '../../src/contract/ops';
import type { StaffRole } from '../../src/domain/staff';
import { createStaffAccount } from '../../src/server/ops/staff-accounts';
import { envelope } from './server-helpers';
import type { TestApp } from './test-app';

/* Staff members for the back office's tests (issue 25): made as `npm run staff -- create` makes them. */

export interface TestStaff {
  id: number;
  email: string;
  role: StaffRole;
  password: string;
  /** The TOTP secret, read from the otpauth:// URI the account was made with. */
  secret: string;
  otpauthUri: string;
}

let made = 0;

export const STAFF_TEST_PASSWORD = 'Staff password 2026';

export const newStaff = async (t: TestApp, role: StaffRole, email?: string): Promise<TestStaff> => {
  made += 1;
  const address = email ?? `${role}.${made}.${Date.now()}@ops.example`;
  const created = await createStaffAccount(t.database.db, t.config.APP_SECRET, {
    email: address,
    password: STAFF_TEST_PASSWORD,
    role,
  });
  if (created.outcome !== 'created') throw new Error(created.problem);
  const secret = new URL(created.otpauthUri).searchParams.get('secret');
  if (!secret) throw new Error('no secret in the otpauth URI');
  return {
    id: created.id,
    email: created.email,
    role,
    password: STAFF_TEST_PASSWORD,
    secret,
    otpauthUri: created.otpauthUri,
  };
};

/** The authenticator's code for `secret` at `at` (by default now). */
export const totpCode = (secret: string, at: Date = new Date()): Promise<string> =>
  generate({ secret, epoch: Math.floor(at.getTime() / 1000) });

export const opsLogIn = (app: FastifyInstance, body: { email: string; password: string; code: string }) =>
  app.inject({ method: 'POST', url: opsPaths.logIn, payload: body });

/** The member's staff token: signed in with the current code (one log-in per member and 30 s step). */
export const staffToken = async (t: TestApp, member: TestStaff): Promise<string> => {
  const response = await opsLogIn(t.app, {
    email: member.email,
    password: member.password,
    code: await totpCode(member.secret),
  });
  expect(response.statusCode, response.body).toBe(200);
  return envelope<OpsLogInResponse>(response).data.token;
};

/** A new member of `role`, signed in. */
export const signedInStaff = async (t: TestApp, role: StaffRole) => {
  const member = await newStaff(t, role);
  return { ...member, token: await staffToken(t, member) };
};
