import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { UserDetails } from '../../../contract/user';
import { minorToApiAmount } from '../../../domain/money';
import type { Config } from '../../config';
import { newToken, tokenHash } from '../../crypto';
import { preparedRows, type Db, type Queryable } from '../../db/client';
import { countries, identifications, sessions, users, wallets } from '../../db/schema';
import { isLanguage, type Language } from '../../../domain/language';

/*
 * The users aggregate: an account, its wallet row (created with it) and its sessions. Drizzle's query builder
 * everywhere, except the session lookup that every protected request and every tab's ValidateToken runs: a named
 * prepared statement.
 */

export interface NewUser {
  /** Normalized (trimmed, lower case). */
  email: string;
  passwordHash: string;
  firstName: string;
  middleName: string;
  lastName: string;
  phoneCode: string;
  phoneNumber: string;
  countryId: number;
  language: Language;
}

const fullName = (...names: string[]): string => names.filter((name) => name !== '').join(' ');

/** Available balance: money held for payouts on their way out is not spendable. */
const available = (wallet: { balanceMinor: number; heldMinor: number }): number =>
  Number(wallet.balanceMinor) - Number(wallet.heldMinor);

export const findUserIdByEmail = async (db: Queryable, email: string): Promise<number | null> => {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return user?.id ?? null;
};

export const findEmailOf = async (db: Queryable, userId: number): Promise<string | null> => {
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return user?.email ?? null;
};

/** Who a mail to this address goes to, and in which language; null for an unknown email. */
export const findMailRecipient = async (
  db: Queryable,
  email: string,
): Promise<{ id: number; language: Language } | null> => {
  const [user] = await db
    .select({ id: users.id, language: users.language })
    .from(users)
    .where(eq(users.email, email));
  return user ? { id: user.id, language: isLanguage(user.language) ? user.language : 'en' } : null;
};

export const setLanguage = async (db: Queryable, userId: number, language: Language): Promise<void> => {
  await db.update(users).set({ language }).where(eq(users.id, userId));
};

export const findCredentials = async (
  db: Queryable,
  email: string,
): Promise<{ id: number; passwordHash: string } | null> => {
  const [user] = await db
    .select({ id: users.id, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.email, email));
  return user ?? null;
};

/** The user and their empty GHS wallet, in one transaction. Throws the unique violation of a taken email. */
export const createUserWithWallet = async (db: Db, values: NewUser): Promise<number> =>
  db.transaction(async (tx) => {
    const [created] = await tx.insert(users).values(values).returning({ id: users.id });
    if (!created) throw new Error('insert returned no row');
    await tx.insert(wallets).values({ userId: created.id, currency: 'GHS', balanceMinor: 0 });
    return created.id;
  });

export const setPasswordHash = async (db: Queryable, userId: number, passwordHash: string): Promise<void> => {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
};

/** The account's registered phone, its verified phone (null until proved by SMS) and its language. */
export const findPhoneHolder = async (
  db: Queryable,
  userId: number,
): Promise<{ phoneCode: string; phoneNumber: string; verifiedPhone: string | null; language: Language }> => {
  const [user] = await db
    .select({
      phoneCode: users.phoneCode,
      phoneNumber: users.phoneNumber,
      verifiedPhone: users.verifiedPhone,
      language: users.language,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw new Error(`user ${userId} not found`);
  return { ...user, language: isLanguage(user.language) ? user.language : 'en' };
};

/** Whether an account other than `userId` holds `phone` (E.164) as its verified phone. */
export const isPhoneVerifiedByAnother = async (
  db: Queryable,
  phone: string,
  userId: number,
): Promise<boolean> => {
  const [holder] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.verifiedPhone, phone), ne(users.id, userId)));
  return holder !== undefined;
};

/**
 * Records the proved phone (E.164). Throws the unique violation `users_verified_phone_unique` when another account
 * verified the number first: the index, not a read before, decides between two accounts verifying at once.
 */
export const setVerifiedPhone = async (db: Queryable, userId: number, phone: string): Promise<void> => {
  await db.update(users).set({ verifiedPhone: phone }).where(eq(users.id, userId));
};

/** The login answer's userDetails, read in one query. */
export const userDetails = async (db: Queryable, userId: number): Promise<UserDetails> => {
  const [row] = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      middleName: users.middleName,
      lastName: users.lastName,
      countryId: users.countryId,
      countryName: countries.name,
      countryCode: countries.isoCode,
      hasIdentification: sql<boolean>`exists (select 1 from ${identifications} where ${identifications.userId} = ${users.id})`,
      verifiedPhone: users.verifiedPhone,
      balanceMinor: wallets.balanceMinor,
      heldMinor: wallets.heldMinor,
    })
    .from(users)
    .innerJoin(countries, eq(countries.id, users.countryId))
    .innerJoin(wallets, eq(wallets.userId, users.id))
    .where(eq(users.id, userId));
  if (!row) throw new Error(`user ${userId} has no wallet or country`);
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    fullName: fullName(row.firstName, row.middleName, row.lastName),
    countryId: row.countryId,
    countryName: row.countryName,
    countryCode: row.countryCode,
    hasIdentification: Boolean(row.hasIdentification),
    phoneVerified: row.verifiedPhone !== null,
    walletAmount: minorToApiAmount(available(row)),
  };
};

/** The user's available balance in pesewas. */
export const availableBalanceMinor = async (db: Queryable, userId: number): Promise<number> => {
  const [wallet] = await db
    .select({ balanceMinor: wallets.balanceMinor, heldMinor: wallets.heldMinor })
    .from(wallets)
    .where(eq(wallets.userId, userId));
  if (!wallet) throw new Error(`user ${userId} has no wallet`);
  return available(wallet);
};

/* Sessions */

export interface SessionRow {
  id: number;
  userId: number;
  lastSeenAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
}

export type SessionTimes = Pick<Config, 'SESSION_IDLE_MINUTES' | 'SESSION_MAX_HOURS'>;

const MINUTE = 60_000;
/** Activity is recorded at most once a minute, so the hot path does not write on every call. */
export const ACTIVITY_WRITE_INTERVAL_MS = MINUTE;

export const isSessionAlive = (
  session: Pick<SessionRow, 'revokedAt' | 'expiresAt' | 'lastSeenAt'>,
  config: SessionTimes,
  now = new Date(),
): boolean =>
  session.revokedAt === null &&
  now.getTime() < session.expiresAt.getTime() &&
  now.getTime() < session.lastSeenAt.getTime() + config.SESSION_IDLE_MINUTES * MINUTE;

/** Where a session signed in from (issue 26, 'Devices'): the log-in's User-Agent and how it signed in. */
export interface SessionOrigin {
  userAgent: string;
  method: 'password' | 'passkey';
}

/** Opens a session: the token goes to the client once; only its hash is stored. */
export const createSession = async (
  db: Queryable,
  userId: number,
  config: SessionTimes,
  now = new Date(),
  origin: SessionOrigin = { userAgent: '', method: 'password' },
) => {
  const token = newToken();
  const expiresAt = new Date(now.getTime() + config.SESSION_MAX_HOURS * 60 * MINUTE);
  const [row] = await db
    .insert(sessions)
    .values({ userId, tokenHash: tokenHash(token), createdAt: now, lastSeenAt: now, expiresAt, ...origin })
    .returning({ id: sessions.id });
  return { token, expiresAt, sessionId: row?.id ?? 0 };
};

const SESSION_BY_TOKEN_HASH = `select id, user_id, last_seen_at, expires_at, revoked_at
  from sessions where token_hash = $1::text limit 1`;

interface SessionRecord {
  id: number;
  user_id: number;
  last_seen_at: Date | string;
  expires_at: Date | string;
  revoked_at: Date | string | null;
}

/** The session stored under a token's hash, alive or not: one indexed lookup (token_hash is UNIQUE), prepared. */
export const findSessionByTokenHash = async (db: Db, hash: string): Promise<SessionRow | null> => {
  const [row] = await preparedRows<SessionRecord>(db, 'session_by_token_hash', SESSION_BY_TOKEN_HASH, [hash]);
  if (!row) return null;
  return {
    id: Number(row.id),
    userId: Number(row.user_id),
    lastSeenAt: new Date(row.last_seen_at),
    expiresAt: new Date(row.expires_at),
    revokedAt: row.revoked_at === null ? null : new Date(row.revoked_at),
  };
};

/** The token's session when it is alive, else null, read from the database. Never writes. */
export const findLiveSession = async (
  db: Db,
  token: string,
  config: SessionTimes,
  now = new Date(),
): Promise<SessionRow | null> => {
  if (!isTokenShaped(token)) return null;
  const session = await findSessionByTokenHash(db, tokenHash(token));
  return session && isSessionAlive(session, config, now) ? session : null;
};

/** What could be a token: anything else is refused without a lookup. */
export const isTokenShaped = (token: string): boolean => token !== '' && token.length <= 512;

/**
 * Records activity when the last record is older than a minute (so at most one write a minute per session); true
 * when it wrote.
 */
export const touchSession = async (
  db: Queryable,
  session: SessionRow,
  now = new Date(),
): Promise<boolean> => {
  if (now.getTime() - session.lastSeenAt.getTime() < ACTIVITY_WRITE_INTERVAL_MS) return false;
  await db
    .update(sessions)
    .set({ lastSeenAt: now })
    .where(and(eq(sessions.id, session.id), isNull(sessions.revokedAt)));
  return true;
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
