import { normalizeEmail, emailViolation } from '../../domain/email';
import { passwordViolations } from '../../domain/password';
import { STAFF_PASSWORD_MIN_LENGTH, type StaffRole } from '../../domain/staff';
import { hashPassword, openSecret, sealSecret, verifyPassword } from '../crypto';
import type { Queryable } from '../db/client';
import {
  createStaffMember,
  findStaffCredentials,
  takeTotpStep,
  type StaffCredentials,
} from './staff-repository';
import { acceptedTotpStep, newTotpSecret, totpUri } from './totp';

/* Making a staff account (npm run staff -- create) and checking a staff log-in (POST /api/Ops/LogIn). */

/** What the TOTP secrets are sealed for (crypto.ts sealSecret: one key per purpose). */
export const STAFF_TOTP_PURPOSE = 'staff-totp';

/** Why a password cannot be a staff member's, or null. */
export const staffPasswordProblem = (password: string): string | null => {
  if (password.length < STAFF_PASSWORD_MIN_LENGTH)
    return `the password must have at least ${STAFF_PASSWORD_MIN_LENGTH} characters`;
  if (passwordViolations(password, password).length > 0)
    return 'the password must have letters and digits, and at most 128 characters';
  return null;
};

export type NewStaffAccount =
  | { outcome: 'created'; id: number; email: string; otpauthUri: string }
  | { outcome: 'refused'; problem: string };

/** A new staff account: its password hashed, a new TOTP secret sealed, and the URI to give the authenticator once. */
export const createStaffAccount = async (
  db: Queryable,
  appSecret: string,
  { email: rawEmail, password, role }: { email: string; password: string; role: StaffRole },
): Promise<NewStaffAccount> => {
  const email = normalizeEmail(rawEmail);
  if (emailViolation(email)) return { outcome: 'refused', problem: `${rawEmail} is not an e-mail address` };
  const problem = staffPasswordProblem(password);
  if (problem) return { outcome: 'refused', problem };
  if (await findStaffCredentials(db, email))
    return { outcome: 'refused', problem: `${email} is a staff member already` };
  const secret = newTotpSecret();
  const id = await createStaffMember(db, {
    email,
    role,
    passwordHash: await hashPassword(password),
    totpSecretSealed: sealSecret(appSecret, STAFF_TOTP_PURPOSE, secret),
  });
  return { outcome: 'created', id, email, otpauthUri: totpUri(email, secret) };
};

/**
 * The staff member whose password and current TOTP code these are, or null (unknown e-mail, disabled, wrong
 * password, wrong code, or a code of a step already used). Both factors are always checked, so the answer takes
 * about the same time and tells nothing of which was wrong.
 */
export const checkStaffLogIn = async (
  db: Queryable,
  appSecret: string,
  { email, password, code }: { email: string; password: string; code: string },
  now = new Date(),
): Promise<StaffCredentials | null> => {
  const member = await findStaffCredentials(db, normalizeEmail(email));
  const passwordRight = await verifyPassword(member?.passwordHash ?? null, password);
  if (!member || member.disabled || !passwordRight) return null;
  const secret = openSecret(appSecret, STAFF_TOTP_PURPOSE, member.totpSecretSealed);
  if (secret === null) return null;
  const step = await acceptedTotpStep(secret, code, member.lastTotpStep, now);
  if (step === null || !(await takeTotpStep(db, member.id, step))) return null;
  return member;
};
