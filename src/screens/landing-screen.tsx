import { Link } from 'react-router-dom';
import { useI18n } from '../i18n/i18n';
import { FocusHeading } from './ui/focus-heading';

/**
 * The minimal landing page of issue 2: the hero with its Send Money action and the offerings of section 2 that
 * have a route. The full landing page (menus, tiles, videos...) is a later issue.
 */
export function LandingScreen({ signedIn }: { signedIn: boolean }) {
  const { t } = useI18n();
  const money = (to: string) => (signedIn ? to : '/login');
  return (
    <div className="landing">
      <section className="hero">
        <FocusHeading>{t('landing.title')}</FocusHeading>
        <p className="lead">{t('landing.lead')}</p>
        <Link to={money('/SendMoney')} className="button button-primary button-large">
          {t('landing.sendMoney')}
        </Link>
      </section>
      <nav aria-label={t('quickLinks.title')} className="offerings">
        <ul>
          <li>
            <Link to="/SendMoney">{t('nav.sendMoney')}</Link>
          </li>
          <li>
            <Link to="/deposit">{t('nav.betting')}</Link>
          </li>
          <li>
            <Link to="/CrossBorderPayment">{t('nav.crossBorder')}</Link>
          </li>
          <li>
            <Link to="/BillPayment">{t('nav.billPayment')}</Link>
          </li>
        </ul>
      </nav>
    </div>
  );
}
