import { and, eq, gt, gte, isNull, lt, sql } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/client';
import { phoneVerificationCodes } from '../../db/schema';

/* Phone-verification codes, in drizzle's query builder. */

export interface NewPhoneCode {
  phone: string;
  codeHash: string;
  expiresAt: Date;
}

/** A new code replaces every live older one of the user (only the newest SMS works); answers the new code's id. */
export const replacePhoneCode = async (
  db: Db,
  userId: number,
  code: NewPhoneCode,
  now: Date,
): Promise<number> =>
  db.transaction(async (tx) => {
    await tx
      .update(phoneVerificationCodes)
      .set({ consumedAt: now })
      .where(and(eq(phoneVerificationCodes.userId, userId), isNull(phoneVerificationCodes.consumedAt)));
    const [created] = await tx
      .insert(phoneVerificationCodes)
      .values({ userId, ...code, createdAt: now })
      .returning({ id: phoneVerificationCodes.id });
    if (!created) throw new Error('insert returned no row');
    return created.id;
  });

/** A code whose SMS could not be sent is forgotten, so it does not count against the user's hourly allowance. */
export const dropPhoneCode = async (db: Queryable, codeId: number): Promise<void> => {
  await db.delete(phoneVerificationCodes).where(eq(phoneVerificationCodes.id, codeId));
};

const live = (userId: number, now: Date) =>
  and(
    eq(phoneVerificationCodes.userId, userId),
    isNull(phoneVerificationCodes.consumedAt),
    gt(phoneVerificationCodes.expiresAt, now),
  );

/**
 * Counts one attempt at the user's live code and answers it, or null when there is none or it has no attempt left.
 * Counting and checking the limit is one atomic statement, so parallel guesses cannot exceed it.
 */
export const countPhoneCodeAttempt = async (
  db: Queryable,
  userId: number,
  maxAttempts: number,
  now: Date,
): Promise<{ id: number; phone: string; codeHash: string } | null> => {
  const [attempt] = await db
    .update(phoneVerificationCodes)
    .set({ attempts: sql`${phoneVerificationCodes.attempts} + 1` })
    .where(and(live(userId, now), lt(phoneVerificationCodes.attempts, maxAttempts)))
    .returning({
      id: phoneVerificationCodes.id,
      phone: phoneVerificationCodes.phone,
      codeHash: phoneVerificationCodes.codeHash,
    });
  return attempt ?? null;
};

/** Whether the user's live code has used up its attempts (so the answer can say to ask for a new one). */
export const isCodeExhausted = async (
  db: Queryable,
  userId: number,
  maxAttempts: number,
  now: Date,
): Promise<boolean> => {
  const [code] = await db
    .select({ id: phoneVerificationCodes.id })
    .from(phoneVerificationCodes)
    .where(and(live(userId, now), gte(phoneVerificationCodes.attempts, maxAttempts)));
  return code !== undefined;
};

/** Uses the code; false when a parallel request used it a moment ago. */
export const consumePhoneCode = async (db: Queryable, codeId: number, now: Date): Promise<boolean> => {
  const [consumed] = await db
    .update(phoneVerificationCodes)
    .set({ consumedAt: now })
    .where(and(eq(phoneVerificationCodes.id, codeId), isNull(phoneVerificationCodes.consumedAt)))
    .returning({ id: phoneVerificationCodes.id });
  return consumed !== undefined;
};
