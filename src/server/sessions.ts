import { and, eq, isNull } from 'drizzle-orm';
import type { Config } from './config';
import { newToken, tokenHash } from './crypto';
import type { Queryable } from './db/client';
import { sessions } from './db/schema';

export interface SessionRow {
  id: number;
  userId: number;
  lastSeenAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
}

type SessionTimes = Pick<Config, 'SESSION_IDLE_MINUTES' | 'SESSION_MAX_HOURS'>;

const MINUTE = 60_000;
/** Activity is recorded at most once a minute, so the hot path does not write on every call. */
export const ACTIVITY_WRITE_INTERVAL_MS = MINUTE;

export const isSessionAlive = (session: SessionRow, config: SessionTimes, now = new Date()): boolean =>
  session.revokedAt === null &&
  now.getTime() < session.expiresAt.getTime() &&
  now.getTime() < session.lastSeenAt.getTime() + config.SESSION_IDLE_MINUTES * MINUTE;

/** Opens a session: the token goes to the client once; only its hash is stored. */
export const createSession = async (
  db: Queryable,
  userId: number,
  config: SessionTimes,
  now = new Date(),
) => {
  const token = newToken();
  const expiresAt = new Date(now.getTime() + config.SESSION_MAX_HOURS * 60 * MINUTE);
  await db
    .insert(sessions)
    .values({ userId, tokenHash: tokenHash(token), createdAt: now, lastSeenAt: now, expiresAt });
  return { token, expiresAt };
};

/** One indexed lookup (token_hash is UNIQUE); null unless the session is alive. Never writes. */
export const findLiveSession = async (
  db: Queryable,
  token: string,
  config: SessionTimes,
  now = new Date(),
): Promise<SessionRow | null> => {
  if (token === '' || token.length > 512) return null;
  const [session] = await db
    .select({
      id: sessions.id,
      userId: sessions.userId,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      revokedAt: sessions.revokedAt,
    })
    .from(sessions)
    .where(eq(sessions.tokenHash, tokenHash(token)))
    .limit(1);
  return session && isSessionAlive(session, config, now) ? session : null;
};

/** Records activity when the last record is older than a minute (so at most one write a minute per session). */
export const touchSession = async (db: Queryable, session: SessionRow, now = new Date()): Promise<void> => {
  if (now.getTime() - session.lastSeenAt.getTime() < ACTIVITY_WRITE_INTERVAL_MS) return;
  await db
    .update(sessions)
    .set({ lastSeenAt: now })
    .where(and(eq(sessions.id, session.id), isNull(sessions.revokedAt)));
};

export const revokeSession = async (db: Queryable, sessionId: number, now = new Date()): Promise<void> => {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
};

export const revokeAllSessions = async (db: Queryable, userId: number, now = new Date()): Promise<void> => {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
};
