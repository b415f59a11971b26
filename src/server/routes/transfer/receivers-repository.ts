import { and, eq, ne } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { users } from '../../db/schema';

/**
 * The user of the app whose verified phone is `phone` (E.164), other than the sender: a transfer to that number is
 * paid wallet to wallet (on-us). A number nobody verified, or only typed in at sign-up, answers null: it is paid
 * out through the MoMo rail like any other.
 */
export const verifiedWalletOwner = async (
  db: Queryable,
  phone: string,
  senderId: number,
): Promise<number | null> => {
  if (phone === '') return null;
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.verifiedPhone, phone), ne(users.id, senderId)));
  return row?.id ?? null;
};
