import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { StaffRole } from '../../domain/staff';
import { STAFF_SESSION_IDLE_MINUTES, STAFF_SESSION_MAX_HOURS } from '../../domain/staff';
import { newToken, tokenHash } from '../crypto';
import type { Queryable } from '../db/client';
import { staff, staffSessions } from '../db/schema';
import { ACTIVITY_WRITE_INTERVAL_MS, isSessionAlive, isTokenShaped } from '../routes/user/users-repository';

/* The staff table and staff sessions (issue 25): queries only; the rules are in staff-auth.ts and the routes. */

export interface StaffCredentials {
  id: number;
  email: string;
  role: StaffRole;
  passwordHash: string;
  totpSecretSealed: string;
  lastTotpStep: number | null;
  disabled: boolean;
}

export interface NewStaffMember {
  email: string;
  passwordHash: string;
  totpSecretSealed: string;
  role: StaffRole;
}

export const createStaffMember = async (db: Queryable, values: NewStaffMember): Promise<number> => {
  const [row] = await db.insert(staff).values(values).returning({ id: staff.id });
  if (!row) throw new Error('the staff member was not created');
  return row.id;
};

export const findStaffCredentials = async (
  db: Queryable,
  email: string,
): Promise<StaffCredentials | null> => {
  const [row] = await db.select().from(staff).where(eq(staff.email, email)).limit(1);
  if (!row) return null;
  return {
    id: row.id,
    email: row.email,
    role: row.role as StaffRole,
    passwordHash: row.passwordHash,
    totpSecretSealed: row.totpSecretSealed,
    lastTotpStep: row.lastTotpStep === null ? null : Number(row.lastTotpStep),
    disabled: row.disabledAt !== null,
  };
};

/**
 * Records `step` as the staff member's last accepted TOTP step, only when it is after the one recorded: false when
 * another log-in took this step (or a later one) first, so one code signs in once.
 */
export const takeTotpStep = async (db: Queryable, staffId: number, step: number): Promise<boolean> => {
  const rows = await db
    .update(staff)
    .set({ lastTotpStep: step })
    .where(and(eq(staff.id, staffId), or(isNull(staff.lastTotpStep), lt(staff.lastTotpStep, step))))
    .returning({ id: staff.id });
  return rows.length === 1;
};

export interface StaffListEntry {
  id: number;
  email: string;
  role: StaffRole;
  disabled: boolean;
  createdAt: Date;
}

export const listStaff = async (db: Queryable): Promise<StaffListEntry[]> => {
  const rows = await db
    .select({
      id: staff.id,
      email: staff.email,
      role: staff.role,
      disabledAt: staff.disabledAt,
      createdAt: staff.createdAt,
    })
    .from(staff)
    .orderBy(asc(staff.id));
  return rows.map(({ disabledAt, role, ...row }) => ({
    ...row,
    role: role as StaffRole,
    disabled: disabledAt !== null,
  }));
};

/**
 * Disables a staff member (by id or e-mail) and ends their sessions: the member as it was, or null when there is
 * none; a member disabled before stays as it was (`changed` false).
 */
export const disableStaffMember = async (
  db: Queryable,
  who: { id: number } | { email: string },
  now = new Date(),
): Promise<{ member: StaffListEntry; changed: boolean } | null> => {
  const [found] = (await listStaffWhere(db, who)) ?? [];
  if (!found) return null;
  if (found.disabled) return { member: found, changed: false };
  await db
    .update(staff)
    .set({ disabledAt: now })
    .where(and(eq(staff.id, found.id), isNull(staff.disabledAt)));
  await db
    .update(staffSessions)
    .set({ revokedAt: now })
    .where(and(eq(staffSessions.staffId, found.id), isNull(staffSessions.revokedAt)));
  return { member: found, changed: true };
};

const listStaffWhere = async (db: Queryable, who: { id: number } | { email: string }) => {
  const rows = await listStaff(db);
  return rows.filter((row) => ('id' in who ? row.id === who.id : row.email === who.email));
};

/* Sessions: idle STAFF_SESSION_IDLE_MINUTES, at most STAFF_SESSION_MAX_HOURS. */

export const STAFF_SESSION_TIMES = {
  SESSION_IDLE_MINUTES: STAFF_SESSION_IDLE_MINUTES,
  SESSION_MAX_HOURS: STAFF_SESSION_MAX_HOURS,
};

export interface StaffSession {
  id: number;
  staffId: number;
  email: string;
  role: StaffRole;
  lastSeenAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
}

export const createStaffSession = async (
  db: Queryable,
  staffId: number,
  now = new Date(),
): Promise<{ token: string; expiresAt: Date }> => {
  const token = newToken();
  const expiresAt = new Date(now.getTime() + STAFF_SESSION_MAX_HOURS * 3_600_000);
  await db
    .insert(staffSessions)
    .values({ staffId, tokenHash: tokenHash(token), createdAt: now, lastSeenAt: now, expiresAt });
  return { token, expiresAt };
};

/** The token's live session of a staff member not disabled, or null. Never writes. */
export const findLiveStaffSession = async (
  db: Queryable,
  token: string,
  now = new Date(),
): Promise<StaffSession | null> => {
  if (!isTokenShaped(token)) return null;
  const [row] = await db
    .select({
      id: staffSessions.id,
      staffId: staffSessions.staffId,
      email: staff.email,
      role: staff.role,
      lastSeenAt: staffSessions.lastSeenAt,
      expiresAt: staffSessions.expiresAt,
      revokedAt: staffSessions.revokedAt,
    })
    .from(staffSessions)
    .innerJoin(staff, and(eq(staff.id, staffSessions.staffId), isNull(staff.disabledAt)))
    .where(eq(staffSessions.tokenHash, tokenHash(token)))
    .limit(1);
  if (!row || !isSessionAlive(row, STAFF_SESSION_TIMES, now)) return null;
  return { ...row, role: row.role as StaffRole };
};

/** Records activity, at most once a minute per session (as users' sessions do). */
export const touchStaffSession = async (db: Queryable, session: StaffSession, now = new Date()) => {
  if (now.getTime() - session.lastSeenAt.getTime() < ACTIVITY_WRITE_INTERVAL_MS) return;
  await db
    .update(staffSessions)
    .set({ lastSeenAt: sql`greatest(${staffSessions.lastSeenAt}, ${now.toISOString()}::timestamptz)` })
    .where(and(eq(staffSessions.id, session.id), isNull(staffSessions.revokedAt)));
};

export const revokeStaffSession = async (
  db: Queryable,
  sessionId: number,
  now = new Date(),
): Promise<void> => {
  await db
    .update(staffSessions)
    .set({ revokedAt: now })
    .where(and(eq(staffSessions.id, sessionId), isNull(staffSessions.revokedAt)));
};
