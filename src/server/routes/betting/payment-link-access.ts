import { eq } from 'drizzle-orm';
import { paymentLinkState } from '../../../domain/betting';
import type { Queryable } from '../../db/client';
import { users } from '../../db/schema';
import { tokenHash } from '../../crypto';
import { HttpError } from '../../http-error';
import { recordHit } from '../../monitoring/holds-repository';
import { paymentLinkByTokenHash, type PaymentLinkRecord } from './payment-links-repository';

const userEmail = async (db: Queryable, userId: number): Promise<string> => {
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (!user) throw new HttpError(401, 'auth.required');
  return user.email;
};

/**
 * The link of a token for the signed-in user, still payable; otherwise the refusal: 404 unknown or forged token,
 * 403 made for another account, 409 already paid, 410 expired (checked in that order, so a link made for someone
 * else tells nothing more about itself).
 */
export const openPaymentLink = async (
  db: Queryable,
  userId: number,
  token: string,
  now = new Date(),
  /** The link is being paid (not read): another user's attempt is recorded for compliance as well as refused. */
  paying = false,
): Promise<PaymentLinkRecord> => {
  const link = await paymentLinkByTokenHash(db, tokenHash(token));
  if (!link) throw new HttpError(404, 'bettingLink.invalid');
  const state = paymentLinkState(link, { email: await userEmail(db, userId) }, now);
  if (state === 'otherUser') {
    // Refused, and a payment attempt recorded for compliance (issue 25, the partnerLinkPayer rule).
    if (paying)
      await recordHit(db, userId, 'partnerLinkPayer', {
        paymentLinkId: link.id,
        operatorId: link.operatorId,
      });
    throw new HttpError(403, 'bettingLink.otherUser');
  }
  if (state === 'paid') throw new HttpError(409, 'bettingLink.alreadyPaid');
  if (state === 'expired') throw new HttpError(410, 'bettingLink.expired');
  return link;
};
