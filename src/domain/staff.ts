/*
 * The back office's staff (issue 25): people on the inside, never users. Each has one role; what a role may call is
 * the permissions table of src/contract/ops.ts (`opsPermissions`), read by the server's requireStaff, the access
 * test and the console alike.
 */

/**
 * - support: read users, freeze and unfreeze, propose a reversal.
 * - compliance: all of support, decide holds, reviews and reversals, edit the monitoring thresholds.
 * - auditor: read everything, export; changes nothing.
 * - admin: staff, rates, coupons, partner keys (the shell commands' work), the ledger check.
 */
export const STAFF_ROLES = ['support', 'compliance', 'auditor', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const isStaffRole = (value: string): value is StaffRole =>
  (STAFF_ROLES as readonly string[]).includes(value);

/** A staff session ends after this long without a request (users' sessions: SESSION_IDLE_MINUTES, 30). */
export const STAFF_SESSION_IDLE_MINUTES = 15;
/** ...and at the latest this long after log-in, whatever the activity. */
export const STAFF_SESSION_MAX_HOURS = 8;

/** A second factor's code (RFC 6238 TOTP): six digits, a new one every 30 seconds. */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
export const isTotpCode = (value: string): boolean => /^\d{6}$/.test(value);

/** The shortest a reason for a staff decision may be (a freeze, a reversal, a review's decision). */
export const STAFF_REASON_MIN = 3;
export const STAFF_REASON_MAX = 500;

/** A staff password: the users' rules (letters and digits, at most 128) and at least 12 characters. */
export const STAFF_PASSWORD_MIN_LENGTH = 12;
