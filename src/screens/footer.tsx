import { Link } from 'react-router-dom';
import { useI18n } from '../i18n/i18n';

export function Footer() {
  const { t } = useI18n();
  return (
    <footer className="site-footer">
      <nav aria-label={t('footer.label')}>
        <ul>
          <li>
            <Link to="/SendMoney">{t('footer.sendMoney')}</Link>
          </li>
          <li>
            <Link to="/deposit">{t('footer.fees')}</Link>
          </li>
        </ul>
      </nav>
      <p>{t('footer.address')}</p>
      <p>{t('footer.copyright', { year: new Date().getFullYear() })}</p>
    </footer>
  );
}
