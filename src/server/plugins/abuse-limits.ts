import type { FastifyReply } from 'fastify';
import type { DomainMessageId } from '../../domain/messages';
import type { Db } from '../db/client';
import { HttpError } from '../http-error';
import { forgetHit, forgetHits, logHit, type LoggedHit } from './rate-limit-store';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

export interface AbuseLimit {
  /** Hits allowed in any `windowMs` (a sliding window, counted exactly). */
  max: number;
  windowMs: number;
  /** The setting (src/server/config.ts) that sets `max`; the `max` here is its default. */
  env: string;
}

/**
 * Limits counted per account, per phone number or per address across every address and every API host (issue 21),
 * beside the per-minute limits per address and email (LOGIN_RATE_LIMIT_PER_MINUTE in the config). Each is exact
 * over a sliding window (`logHit`). The README's "Abuse limits" lists them.
 */
export const abuseLimits = {
  /** Password-reset codes mailed to one account (each new code cancels the last: more would block the owner). */
  resetCodesPerAccount: { max: 5, windowMs: HOUR_MS, env: 'RESET_CODES_PER_ACCOUNT_PER_HOUR' },
  /** Wrong password-reset codes tried on one account, from whatever address. */
  wrongResetCodesPerAccount: { max: 10, windowMs: HOUR_MS, env: 'WRONG_CODES_PER_ACCOUNT_PER_HOUR' },
  /** Wrong phone-verification codes tried by one account. */
  wrongPhoneCodesPerAccount: { max: 10, windowMs: HOUR_MS, env: 'WRONG_CODES_PER_ACCOUNT_PER_HOUR' },
  /** Failed log-ins of one account, from whatever address: then 429 until the oldest leaves the window. */
  logInFailuresPerAccount: { max: 10, windowMs: 15 * MINUTE_MS, env: 'LOGIN_FAILURES_PER_ACCOUNT' },
  /** Mails telling the owner that log-in to their account is paused: one per pause. */
  lockoutMailsPerAccount: { max: 1, windowMs: 15 * MINUTE_MS, env: 'LOCKOUT_MAILS_PER_ACCOUNT' },
  /** Verification texts one account is sent. */
  textsPerAccount: { max: 5, windowMs: HOUR_MS, env: 'SMS_PER_ACCOUNT_PER_HOUR' },
  /** Verification texts sent to one phone number, whatever the account (SMS bombing, and our SMS bill). */
  textsPerNumber: { max: 3, windowMs: HOUR_MS, env: 'SMS_PER_NUMBER_PER_HOUR' },
  /** Accounts created from one address (a carrier's shared address carries many honest sign-ups). */
  signUpsPerAddress: { max: 20, windowMs: HOUR_MS, env: 'SIGN_UP_LIMIT_PER_HOUR' },
} as const satisfies Record<string, AbuseLimit>;

export type AbuseLimitName = keyof typeof abuseLimits;
export type AbuseLimits = Record<AbuseLimitName, AbuseLimit>;

/** The settings that set the limits' maxima: the config's variables of the names in `abuseLimits`. */
export type AbuseLimitSettings = Record<(typeof abuseLimits)[AbuseLimitName]['env'], number>;

/** The limits in force: each with the maximum its setting holds. */
export const limitsFrom = (settings: AbuseLimitSettings): AbuseLimits => {
  const entries = Object.entries(abuseLimits).map(([name, limit]) => [
    name,
    { ...limit, max: settings[limit.env] },
  ]);
  return Object.fromEntries(entries) as AbuseLimits;
};

export interface AbuseLimiter {
  readonly limits: AbuseLimits;
  /** Counts one hit of `subject` against the limit `name`, or null (and nothing counted) when it is reached. */
  take(name: AbuseLimitName, subject: string): Promise<LoggedHit | null>;
  /**
   * Counts one hit of `subject` (an email, `user:<id>`, a phone number, an address) against the limit `name`, or
   * answers 429 `messageId` with Retry-After: the seconds until a hit leaves the window.
   */
  enforce(
    reply: FastifyReply,
    name: AbuseLimitName,
    subject: string,
    messageId: DomainMessageId,
  ): Promise<LoggedHit>;
  /** Takes back a hit that turned out not to count (a right code, a log-in that succeeded, a text not sent). */
  forget(hit: LoggedHit): Promise<void>;
  /** Forgets every hit of `subject` under the limit `name`. */
  clear(name: AbuseLimitName, subject: string): Promise<void>;
}

/** The limits of `settings` (the config), counted in `db` so that every host shares them. */
export const abuseLimiter = (db: Db, settings: AbuseLimitSettings): AbuseLimiter => {
  const limits = limitsFrom(settings);
  const hit = (name: AbuseLimitName, subject: string) =>
    logHit(db, `${name}|${subject}`, limits[name].max, limits[name].windowMs);
  return {
    limits,
    take: async (name, subject) => {
      const result = await hit(name, subject);
      return result.allowed ? result.hit : null;
    },
    enforce: async (reply, name, subject, messageId) => {
      const result = await hit(name, subject);
      if (result.allowed) return result.hit;
      void reply.header('retry-after', String(Math.ceil(result.retryAfterMs / 1000)));
      throw new HttpError(429, messageId);
    },
    forget: (logged) => forgetHit(db, logged),
    clear: (name, subject) => forgetHits(db, `${name}|${subject}`),
  };
};
