import { createHash, createHmac, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, lte, sql } from 'drizzle-orm';
import type { Passkey } from '../../contract/passkeys';
import type { Db, Queryable } from '../db/client';
import { passkeys, stepUpDefaults, userStepUp, webauthnChallenges } from '../db/schema';

/*
 * Passkeys, WebAuthn challenges and step-up settings in PostgreSQL (issue 26), so every host shares them.
 */

export type ChallengePurpose = 'registration' | 'logIn' | 'stepUp';

/** What a step-up challenge confirms: the money route, the amount in pesewas and who receives it. */
export interface OperationSummary {
  path: string;
  amountMinor: number;
  beneficiary: string;
}

export interface ChallengeBinding {
  userId?: number;
  sessionId?: number;
  /** Log-in: the ceremony id handed out with the options (its sha256 is kept). */
  ceremonyId?: string;
  operation?: OperationSummary;
}

export interface StoredChallenge {
  challenge: string;
  purpose: ChallengePurpose;
  userId: number | null;
  sessionId: number | null;
  ceremonyHash: string | null;
  operation: OperationSummary | null;
  expiresAt: Date;
}

const sha256Hex = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

/** A fresh random challenge (32 bytes, base64url). */
export const newChallenge = (): string => randomBytes(32).toString('base64url');

/** A ceremony id for the log-in options (random, 32 bytes, base64url). */
export const newCeremonyId = (): string => randomBytes(24).toString('base64url');

/**
 * The WebAuthn user handle of an account: an HMAC of its id under APP_SECRET (no personal data, nothing stored,
 * the same for every passkey of the account).
 */
export const userHandleOf = (secret: string, userId: number): Uint8Array =>
  new Uint8Array(createHmac('sha256', secret).update(`webauthn-user:${userId}`).digest());

/** Keeps a challenge for `ttlMs`; expired ones are swept on the way (indexed by expiry). */
export const storeChallenge = async (
  db: Queryable,
  challenge: string,
  purpose: ChallengePurpose,
  binding: ChallengeBinding,
  ttlMs: number,
  now = new Date(),
): Promise<Date> => {
  const expiresAt = new Date(now.getTime() + ttlMs);
  await db.delete(webauthnChallenges).where(lte(webauthnChallenges.expiresAt, now));
  await db.insert(webauthnChallenges).values({
    challenge,
    purpose,
    userId: binding.userId ?? null,
    sessionId: binding.sessionId ?? null,
    ceremonyHash: binding.ceremonyId === undefined ? null : sha256Hex(binding.ceremonyId),
    operation: binding.operation ?? null,
    expiresAt,
    createdAt: now,
  });
  return expiresAt;
};

/**
 * Takes a challenge for good (single-use: the DELETE decides, so two hosts cannot both use it) when it is of
 * `purpose`, alive, and bound to what `binding` names; null otherwise (expired, used, or asked by someone else).
 */
export const takeChallenge = async (
  db: Queryable,
  challenge: string,
  purpose: ChallengePurpose,
  binding: ChallengeBinding,
  now = new Date(),
): Promise<StoredChallenge | null> => {
  const conditions = [
    eq(webauthnChallenges.challenge, challenge),
    eq(webauthnChallenges.purpose, purpose),
    gt(webauthnChallenges.expiresAt, now),
  ];
  if (binding.userId !== undefined) conditions.push(eq(webauthnChallenges.userId, binding.userId));
  if (binding.sessionId !== undefined) conditions.push(eq(webauthnChallenges.sessionId, binding.sessionId));
  if (binding.ceremonyId !== undefined) {
    conditions.push(eq(webauthnChallenges.ceremonyHash, sha256Hex(binding.ceremonyId)));
  }
  if (binding.operation !== undefined) {
    const { path, amountMinor, beneficiary } = binding.operation;
    conditions.push(
      sql`${webauthnChallenges.operation} = ${JSON.stringify({ path, amountMinor, beneficiary })}::jsonb`,
    );
  }
  const [row] = await db
    .delete(webauthnChallenges)
    .where(and(...conditions))
    .returning();
  if (!row) return null;
  return {
    challenge: row.challenge,
    purpose: row.purpose as ChallengePurpose,
    userId: row.userId,
    sessionId: row.sessionId,
    ceremonyHash: row.ceremonyHash,
    operation: (row.operation as OperationSummary | null) ?? null,
    expiresAt: row.expiresAt,
  };
};

export interface StoredPasskey {
  id: number;
  userId: number;
  credentialId: string;
  publicKey: string;
  counter: number;
  transports: string[];
}

export const findPasskeyByCredentialId = async (
  db: Queryable,
  credentialId: string,
): Promise<StoredPasskey | null> => {
  const [row] = await db
    .select({
      id: passkeys.id,
      userId: passkeys.userId,
      credentialId: passkeys.credentialId,
      publicKey: passkeys.publicKey,
      counter: passkeys.counter,
      transports: passkeys.transports,
    })
    .from(passkeys)
    .where(eq(passkeys.credentialId, credentialId))
    .limit(1);
  return row ?? null;
};

/** The credential ids (and transports) of a user's passkeys, for excludeCredentials / allowCredentials. */
export const credentialsOf = async (db: Queryable, userId: number) =>
  db
    .select({ id: passkeys.credentialId, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, userId));

export interface NewPasskey {
  userId: number;
  credentialId: string;
  publicKey: string;
  counter: number;
  transports: string[];
  name: string;
  backedUp: boolean;
}

const passkeyView = (row: {
  id: number;
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  backedUp: boolean;
}): Passkey => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  backedUp: row.backedUp,
});

const viewColumns = {
  id: passkeys.id,
  name: passkeys.name,
  createdAt: passkeys.createdAt,
  lastUsedAt: passkeys.lastUsedAt,
  backedUp: passkeys.backedUp,
};

export const insertPasskey = async (db: Queryable, values: NewPasskey): Promise<Passkey> => {
  const [row] = await db.insert(passkeys).values(values).returning(viewColumns);
  if (!row) throw new Error('the passkey was not inserted');
  return passkeyView(row);
};

export const listPasskeys = async (db: Queryable, userId: number): Promise<Passkey[]> =>
  (
    await db
      .select(viewColumns)
      .from(passkeys)
      .where(eq(passkeys.userId, userId))
      .orderBy(desc(passkeys.createdAt), desc(passkeys.id))
  ).map(passkeyView);

/** Removes one of the user's passkeys; false when the user has none of that id. */
export const deletePasskey = async (db: Queryable, userId: number, id: number): Promise<boolean> => {
  const rows = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning({ id: passkeys.id });
  return rows.length > 0;
};

/**
 * Records a verified use: the new counter and the time. The UPDATE only passes when the counter went up (or the
 * authenticator keeps none: 0 and 0), so two uses racing with one counter value cannot both count. False: replayed.
 */
export const recordPasskeyUse = async (
  db: Queryable,
  id: number,
  newCounter: number,
  now = new Date(),
): Promise<boolean> => {
  const rows = await db
    .update(passkeys)
    .set({ counter: newCounter, lastUsedAt: now })
    .where(
      and(
        eq(passkeys.id, id),
        sql`(${passkeys.counter} < ${newCounter} or (${passkeys.counter} = 0 and ${newCounter}::bigint = 0))`,
      ),
    )
    .returning({ id: passkeys.id });
  return rows.length > 0;
};

/* Step-up settings */

/** Whether the user has at least one passkey (the step-up asks only those who do). */
export const hasPasskey = async (db: Queryable, userId: number): Promise<boolean> =>
  (await db.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.userId, userId)).limit(1)).length >
  0;

/** The default step-up amount in force on `day` (YYYY-MM-DD, UTC), in pesewas. */
export const defaultStepUpMinor = async (db: Queryable, day: string): Promise<number> => {
  const [row] = await db
    .select({ amountMinor: stepUpDefaults.amountMinor })
    .from(stepUpDefaults)
    .where(lte(stepUpDefaults.effectiveFrom, day))
    .orderBy(desc(stepUpDefaults.effectiveFrom))
    .limit(1);
  if (!row) throw new Error(`no step-up default in force on ${day} (table step_up_defaults)`);
  return row.amountMinor;
};

export interface StepUpState {
  hasPasskey: boolean;
  /** The user's own amount; undefined: none chosen (the default applies); null: turned off. */
  chosenMinor: number | null | undefined;
  defaultMinor: number;
}

const today = (now: Date): string => now.toISOString().slice(0, 10);

/** Whether the user has a passkey, their own step-up amount and the default, in one round trip each. */
export const stepUpStateOf = async (db: Db, userId: number, now = new Date()): Promise<StepUpState> => {
  const [[counted], [chosen], defaultMinor] = await Promise.all([
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(passkeys)
      .where(eq(passkeys.userId, userId)),
    db.select({ amountMinor: userStepUp.amountMinor }).from(userStepUp).where(eq(userStepUp.userId, userId)),
    defaultStepUpMinor(db, today(now)),
  ]);
  return {
    hasPasskey: Number(counted?.n ?? 0) > 0,
    chosenMinor: chosen ? chosen.amountMinor : undefined,
    defaultMinor,
  };
};

/** The amount above which a money move asks for the passkey again; null: never (no passkey, or turned off). */
export const stepUpThresholdOf = (state: StepUpState): number | null => {
  if (!state.hasPasskey) return null;
  return state.chosenMinor === undefined ? state.defaultMinor : state.chosenMinor;
};

export const setStepUpMinor = async (
  db: Queryable,
  userId: number,
  amountMinor: number | null,
  now = new Date(),
): Promise<void> => {
  await db
    .insert(userStepUp)
    .values({ userId, amountMinor, updatedAt: now })
    .onConflictDoUpdate({ target: userStepUp.userId, set: { amountMinor, updatedAt: now } });
};
