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
 * ('review.proofOfAddress.approved' / '.rejected'), written in the transaction that records it; the caller mails
 * the user the outcome in their language once that is committed (notifyDecision).
 */

export type ReviewDecision = { status: 'approved' } | { status: 'rejected'; reason: string };

/** Who is told of the decision, once it is committed. */
export interface DecisionNotice {
  email: string;
  language: Language;
}

export type DecisionOutcome =
  | { outcome: 'decided'; userId: number; notice: DecisionNotice }
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

/** Records the decision in the caller's transaction (or one of its own); the caller mails `notice` after commit. */
export const decideProofOfAddress = (
  db: Db,
  reviewId: number,
  decision: ReviewDecision,
  actor: AuditActor,
  decidedBy: string,
): Promise<DecisionOutcome> =>
  db.transaction(async (tx): Promise<DecisionOutcome> => {
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
    const [user] = await tx
      .select({ email: users.email, language: users.language })
      .from(users)
      .where(eq(users.id, review.userId));
    if (!user) throw new Error(`no user ${review.userId} for proof of address ${reviewId}`);
    const language = isCatalogLanguage(user.language) ? user.language : 'en';
    return { outcome: 'decided', userId: review.userId, notice: { email: user.email, language } };
  });

/** Mails the user the decision; false when the mail could not be sent (the decision stands; the page shows it). */
export const notifyDecision = async (
  mailer: Mailer,
  notice: DecisionNotice,
  decision: ReviewDecision,
): Promise<boolean> => {
  try {
    await mailer.send({ to: notice.email, ...(await proofOfAddressMail(notice.language, decision)) });
    return true;
  } catch {
    return false;
  }
};
