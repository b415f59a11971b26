import { eq } from 'drizzle-orm';
import type { Language } from '../../../domain/language';
import { isCatalogLanguage } from '../../../domain/language';
import { translatorFor } from '../../../i18n/core';
import { appendAudit, type AuditActor } from '../../audit/audit-log';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import type { Mail, Mailer } from '../../mail';
import { setTier } from '../../tiers/tiers';
import { decideReview, lockReview } from './proof-of-address-repository';

/*
 * A compliance officer's decision on a proof of address (today `npm run compliance`, later the back-office console):
 * approval moves the user to the Enhanced tier; either way the decision is in the user's audit chain
 * ('review.proofOfAddress.approved' / '.rejected'), written in the transaction that records it, and the user is
 * mailed the outcome in their language once it is committed.
 */

export type ReviewDecision = { status: 'approved' } | { status: 'rejected'; reason: string };

export type DecisionOutcome =
  | { outcome: 'decided'; userId: number; mailed: boolean }
  | { outcome: 'notFound' }
  | { outcome: 'alreadyDecided'; status: string };

/** The outcome's mail, in the user's language (ids `mail.proofOfAddress.*`). */
export const proofOfAddressMail = async (
  language: Language,
  decision: ReviewDecision,
): Promise<Pick<Mail, 'subject' | 'text'>> => {
  const t = await translatorFor(language);
  if (decision.status === 'approved') {
    return {
      subject: t('mail.proofOfAddress.approvedSubject'),
      text: t('mail.proofOfAddress.approvedText'),
    };
  }
  return {
    subject: t('mail.proofOfAddress.rejectedSubject'),
    // The officer's reason as written, in a paragraph of its own (it is in the officer's language).
    text: [
      t('mail.proofOfAddress.rejectedIntro'),
      decision.reason,
      t('mail.proofOfAddress.rejectedNext'),
    ].join('\n\n'),
  };
};

export const decideProofOfAddress = async (
  db: Db,
  mailer: Mailer,
  reviewId: number,
  decision: ReviewDecision,
  actor: AuditActor,
  decidedBy: string,
): Promise<DecisionOutcome> => {
  const decided = await db.transaction(async (tx): Promise<DecisionOutcome> => {
    const review = await lockReview(tx, reviewId);
    if (!review) return { outcome: 'notFound' };
    if (review.status !== 'pending') return { outcome: 'alreadyDecided', status: review.status };
    const reason = decision.status === 'rejected' ? decision.reason : null;
    await decideReview(tx, reviewId, { status: decision.status, reason, decidedBy });
    await appendAudit(tx, {
      actor,
      action: `review.proofOfAddress.${decision.status}`,
      subject: `user:${review.userId}`,
      before: { reviewId, status: 'pending' },
      after: { reviewId, status: decision.status, documentKind: review.documentKind, reason, decidedBy },
    });
    if (decision.status === 'approved') {
      await setTier(tx, review.userId, 'enhanced', actor, `proof of address ${reviewId} approved`);
    }
    return { outcome: 'decided', userId: review.userId, mailed: false };
  });
  if (decided.outcome !== 'decided') return decided;
  const [user] = await db
    .select({ email: users.email, language: users.language })
    .from(users)
    .where(eq(users.id, decided.userId));
  if (!user) return decided;
  try {
    const language = isCatalogLanguage(user.language) ? user.language : 'en';
    await mailer.send({ to: user.email, ...(await proofOfAddressMail(language, decision)) });
    return { ...decided, mailed: true };
  } catch {
    // The decision stands; the upgrade page shows it whatever became of the mail.
    return decided;
  }
};
