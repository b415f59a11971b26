import { Link } from 'react-router-dom';
import type { DomainMessageId } from '../../domain/messages';
import type { RuleViolation } from '../../domain/rule';
import type { Translate } from '../../i18n/core';
import type { ServerFailure } from '../../machines/failure-messages';

/**
 * A refusal by a tier limit of the user's own (limit.daily, limit.monthly, limit.balance): an upgrade lifts it. Here,
 * not in ./violations.ts, which the public forms import: their English catalogs would carry these messages.
 */
const isOwnLimit = (messageId: DomainMessageId): boolean =>
  messageId === 'limit.daily' || messageId === 'limit.monthly' || messageId === 'limit.balance';

/** Where the way up the account tiers starts (the balance card's 'Upgrade account' opens it too). */
export const UPGRADE_PATH = '/Dashboard/upgrade';

/**
 * Under a money form refused by one of the user's own tier limits (the message names it and what is left), the
 * link to the upgrade page. Nothing otherwise (a receiver's limit is not the user's to lift).
 */
export function UpgradeLink({ violations, t }: { violations: readonly RuleViolation[]; t: Translate }) {
  if (!violations.some((violation) => isOwnLimit(violation.messageId))) return null;
  return (
    <p className="upgrade-link">
      <Link to={UPGRADE_PATH}>{t('limit.upgradeLink')}</Link>
    </p>
  );
}

/**
 * A failure's message as the flow shows it: with the values the server gave it (a tier limit's figure and what is
 * left of it, `failure` when it is the answer behind `messageId`) and, for a limit of the user's own, the link to the
 * upgrade page under it.
 */
export function FailureMessage({
  messageId,
  failure,
  t,
}: {
  messageId: DomainMessageId;
  failure: ServerFailure | null;
  t: Translate;
}) {
  const values = failure?.messageId === messageId ? failure.values : undefined;
  return (
    <>
      {t(messageId, values)}
      <UpgradeLink violations={[{ field: 'amount', messageId }]} t={t} />
    </>
  );
}
