import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/client';
import { passwordResetCodes } from '../../db/schema';

/* Password-reset codes and the reset tokens they are exchanged for, in drizzle's query builder. */

/**
 * A new code replaces every older one of the user, and any reset token they produced; with `code` null (an
 * unknown email) the same statements run and match no row, so both answers take about as long.
 */
export const replaceResetCode = async (
  db: Db,
  userId: number,
  code: { codeHash: string; expiresAt: Date } | null,
  now: Date,
): Promise<void> => {
  await db.transaction(async (tx) => {
    await tx
      .update(passwordResetCodes)
      .set({
        consumedAt: sql`coalesce(${passwordResetCodes.consumedAt}, ${now.toISOString()}::timestamptz)`,
        resetTokenHash: null,
      })
      .where(eq(passwordResetCodes.userId, userId));
    if (code) await tx.insert(passwordResetCodes).values({ userId, ...code });
  });
};

/**
 * Counts one attempt at the user's live code and answers it, or null when there is none or it has no attempt left.
 * Counting and checking the limit is one atomic statement, so parallel guesses cannot exceed it.
 */
export const countCodeAttempt = async (
  db: Queryable,
  userId: number,
  maxAttempts: number,
  now: Date,
): Promise<{ id: number; codeHash: string } | null> => {
  const [attempt] = await db
    .update(passwordResetCodes)
    .set({ attempts: sql`${passwordResetCodes.attempts} + 1` })
    .where(
      and(
        eq(passwordResetCodes.userId, userId),
        isNull(passwordResetCodes.consumedAt),
        gt(passwordResetCodes.expiresAt, now),
        lt(passwordResetCodes.attempts, maxAttempts),
      ),
    )
    .returning({ id: passwordResetCodes.id, codeHash: passwordResetCodes.codeHash });
  return attempt ?? null;
};

/** Consumes the code and stores its reset token; false when a parallel request consumed it a moment ago. */
export const consumeCode = async (
  db: Queryable,
  codeId: number,
  reset: { resetTokenHash: string; resetExpiresAt: Date },
  now: Date,
): Promise<boolean> => {
  const [consumed] = await db
    .update(passwordResetCodes)
    .set({ consumedAt: now, ...reset })
    .where(and(eq(passwordResetCodes.id, codeId), isNull(passwordResetCodes.consumedAt)))
    .returning({ id: passwordResetCodes.id });
  return consumed !== undefined;
};

/** Uses a live reset token (clearing its hash is what makes it single use): its user, or null. */
export const useResetToken = async (
  db: Queryable,
  resetTokenHash: string,
  now: Date,
): Promise<number | null> => {
  const [used] = await db
    .update(passwordResetCodes)
    .set({ resetTokenHash: null })
    .where(
      and(eq(passwordResetCodes.resetTokenHash, resetTokenHash), gt(passwordResetCodes.resetExpiresAt, now)),
    )
    .returning({ userId: passwordResetCodes.userId });
  return used?.userId ?? null;
};
