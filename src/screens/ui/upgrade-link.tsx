import { Link } from 'react-router-dom';
import type { RuleViolation } from '../../domain/rule';
import type { Translate } from '../../i18n/core';
import { isOwnLimit } from './violations';

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
