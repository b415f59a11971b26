import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { SessionView } from '../../contract/passkeys';
import { isLanguage } from '../../domain/language';
import type { Db, Queryable } from '../db/client';
import { sessions, users } from '../db/schema';
import { newSignInMail, type Mailer } from '../mail';
import { createSession, type SessionTimes, type SessionOrigin } from '../routes/user/users-repository';
import { deviceLabel, deviceOf, sameDevice, storedUserAgent } from './device';

/*
 * Opening a session for a log-in, by password or passkey (issue 26): the session keeps the User-Agent and the
 * method, and a log-in from a device the account was never signed in on before mails its owner ('A new sign-in
 * to your account'), in their language. The first log-in of an account (no session before) is not news.
 */

/** How many of the account's latest sessions are compared with a new one. */
const KNOWN_DEVICES_LOOKBACK = 50;

/** Whether a log-in from `userAgent` is from a device none of the account's latest sessions was on. */
const isNewDevice = async (db: Queryable, userId: number, userAgent: string): Promise<boolean> => {
  const previous = await db
    .select({ userAgent: sessions.userAgent })
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(desc(sessions.id))
    .limit(KNOWN_DEVICES_LOOKBACK);
  if (previous.length === 0) return false;
  const device = deviceOf(userAgent);
  return !previous.some((row) => sameDevice(deviceOf(row.userAgent), device));
};

export interface SignInDeps {
  db: Db;
  config: SessionTimes;
  mailer: Mailer;
  log: FastifyBaseLogger;
}

/**
 * A session for `userId` (in `tx` when given, so it commits with the caller's audit row), and the new-device
 * mail once the caller is done (`announce`, never failing the log-in).
 */
export const openSession = async (
  { db, config, mailer, log }: SignInDeps,
  userId: number,
  request: FastifyRequest,
  method: SessionOrigin['method'],
  tx: Queryable = db,
  now = new Date(),
) => {
  const userAgent = storedUserAgent(request.headers['user-agent']);
  const newDevice = await isNewDevice(tx, userId, userAgent);
  const session = await createSession(tx, userId, config, now, { userAgent, method });
  const announce = (): void => {
    if (!newDevice) return;
    void (async () => {
      const [user] = await db
        .select({ email: users.email, language: users.language })
        .from(users)
        .where(eq(users.id, userId));
      if (!user) return;
      const content = await newSignInMail(
        isLanguage(user.language) ? user.language : 'en',
        deviceLabel(deviceOf(userAgent)),
        now,
      );
      await mailer.send({ to: user.email, ...content });
    })().catch((error: unknown) => log.error({ err: error }, 'the new sign-in mail could not be sent'));
  };
  return { ...session, announce };
};

/** The user's live sessions, the most recently seen first; `currentId` marked. */
export const liveSessionsOf = async (
  db: Queryable,
  userId: number,
  currentId: number,
  config: SessionTimes,
  now = new Date(),
): Promise<SessionView[]> => {
  const idleSince = new Date(now.getTime() - config.SESSION_IDLE_MINUTES * 60_000);
  const rows = await db
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      method: sessions.method,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        gt(sessions.lastSeenAt, idleSince),
      ),
    )
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.id));
  return rows.map((row) => ({
    id: row.id,
    device: deviceOf(row.userAgent),
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    current: row.id === currentId,
    method: row.method === 'passkey' ? 'passkey' : 'password',
  }));
};

/** Ends one of the user's live sessions; false when the user has no such live session. */
export const revokeUserSession = async (
  db: Queryable,
  userId: number,
  sessionId: number,
  now = new Date(),
): Promise<boolean> => {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.length > 0;
};
