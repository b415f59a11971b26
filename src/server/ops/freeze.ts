import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { appendStaffAudit } from './staff-auth';
import type { StaffSession } from './staff-repository';

/* FreezeUser and UnfreezeUser (issue 25); the check every money move passes: src/server/ledger/account-hold.ts. */

export interface FreezeChange {
  userId: number;
  frozenAt: Date | null;
  /** false: the account was already so (nothing changed, nothing recorded). */
  changed: boolean;
}

/**
 * Freezes (`frozen` true) or unfreezes a user's account, with the staff member's audit row ('user.frozen',
 * 'user.unfrozen') in the same transaction; null when there is no such user. The wallet is locked first, as a money
 * move locks it, so no move of the user is half-way while the freeze commits.
 */
export const setAccountFrozen = async (
  db: Db,
  member: Pick<StaffSession, 'staffId'>,
  { userId, reason, frozen }: { userId: number; reason: string; frozen: boolean },
  now = new Date(),
): Promise<FreezeChange | null> =>
  db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from wallets where user_id = ${userId}::int for update`);
    const [user] = await tx
      .select({ frozenAt: users.frozenAt, frozenReason: users.frozenReason })
      .from(users)
      .where(eq(users.id, userId))
      .for('no key update');
    if (!user) return null;
    if ((user.frozenAt !== null) === frozen) return { userId, frozenAt: user.frozenAt, changed: false };
    const frozenAt = frozen ? now : null;
    await tx
      .update(users)
      .set({ frozenAt, frozenReason: frozen ? reason : null })
      .where(eq(users.id, userId));
    await appendStaffAudit(tx, member, {
      action: frozen ? 'user.frozen' : 'user.unfrozen',
      subject: `user:${userId}`,
      before: { frozenAt: user.frozenAt?.toISOString() ?? null, frozenReason: user.frozenReason },
      after: { frozenAt: frozenAt?.toISOString() ?? null, reason },
    });
    return { userId, frozenAt, changed: true };
  });
