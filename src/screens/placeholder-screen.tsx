import { Link } from 'react-router-dom';
import { useI18n } from '../i18n/i18n';
import type { MessageId } from '../i18n/en';
import { FocusHeading } from './ui/focus-heading';

/** A route of a later issue: its name and an honest "coming soon", no sample data. */
export function PlaceholderScreen({ feature, back }: { feature: MessageId; back: 'dashboard' | 'home' }) {
  const { t } = useI18n();
  return (
    <div className="placeholder">
      <FocusHeading>{t(feature)}</FocusHeading>
      <p>{t('placeholder.comingSoon')}</p>
      <Link to={back === 'dashboard' ? '/Dashboard' : '/'}>
        {back === 'dashboard' ? t('placeholder.backToDashboard') : t('placeholder.backHome')}
      </Link>
    </div>
  );
}
