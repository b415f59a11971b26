import { and, eq, sql } from 'drizzle-orm';
import { GHANA_CARD_TYPE_ID } from '../../../domain/account-upgrade';
import { todayIso } from '../../../domain/calendar';
import { appendAudit } from '../../audit/audit-log';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/sql';
import { identifications, users } from '../../db/schema';
import { HttpError } from '../../http-error';
import type { IdentityRegister, RegisterOutcome } from '../../providers/identity-register';
import { setTier } from '../../tiers/tiers';

const VERIFIED_TIERS: readonly string[] = ['medium', 'enhanced'];

/**
 * Checks the user's Ghana Card (one of their identifications) against the national identity register: a match moves
 * the user to the Medium tier at once. Every answer of the register is recorded ('verification.ghanaCard'), a
 * refusal as well as a match, in the transaction that changes the tier. The register is asked outside any
 * transaction: nothing is locked while it answers.
 */
export const verifyGhanaCard = async (
  db: Db,
  register: IdentityRegister,
  userId: number,
  identificationId: number,
): Promise<void> => {
  const [card] = await db
    .select({
      typeId: identifications.identificationTypeId,
      number: identifications.identificationNumber,
      expiryDate: identifications.expiryDate,
      firstName: users.firstName,
      middleName: users.middleName,
      lastName: users.lastName,
      tier: users.accountTier,
    })
    .from(identifications)
    .innerJoin(users, eq(users.id, identifications.userId))
    .where(and(eq(identifications.id, identificationId), eq(identifications.userId, userId)));
  // Another user's identification answers like an unknown one.
  if (!card) throw new HttpError(404, 'notFound');
  if (VERIFIED_TIERS.includes(card.tier)) throw new HttpError(409, 'upgrade.ghanaCard.alreadyVerified');
  if (card.typeId !== GHANA_CARD_TYPE_ID) throw new HttpError(400, 'upgrade.ghanaCard.notGhanaCard');
  if (card.expiryDate <= todayIso()) throw new HttpError(400, 'upgrade.ghanaCard.expired');

  let outcome: RegisterOutcome;
  try {
    outcome = await register.verify({
      cardNumber: card.number,
      firstName: card.firstName,
      middleName: card.middleName,
      lastName: card.lastName,
    });
  } catch {
    throw new HttpError(503, 'upgrade.ghanaCard.registerUnavailable');
  }

  const verified = await db.transaction(async (tx) => {
    const [user] = await queryRows<{ account_tier: string }>(
      tx,
      sql`select account_tier from users where id = ${userId}::int for update`,
    );
    // Two verifications at once: the second finds the tier already changed.
    if (VERIFIED_TIERS.includes(user?.account_tier ?? '')) return 'already' as const;
    await appendAudit(tx, {
      actor: { kind: 'user', id: userId },
      action: 'verification.ghanaCard',
      subject: `user:${userId}`,
      after: { identificationId, outcome },
    });
    if (outcome === 'match') {
      await setTier(tx, userId, 'medium', { kind: 'user', id: userId }, 'Ghana Card verified');
    }
    return outcome;
  });
  if (verified === 'already') throw new HttpError(409, 'upgrade.ghanaCard.alreadyVerified');
  if (verified === 'unknown') throw new HttpError(400, 'upgrade.ghanaCard.unknown');
  if (verified === 'nameDiffers') throw new HttpError(400, 'upgrade.ghanaCard.nameDiffers');
};
