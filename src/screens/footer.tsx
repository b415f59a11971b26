import { Link } from 'react-router-dom';
import type { MessageId } from '../i18n/en';
import { useI18n } from '../i18n/i18n';

interface FooterEntry {
  label: MessageId;
  /** A page of the app; an entry without one yet is plain text, not a dead link. */
  to?: string;
}

/** The footer's entries of spec section 2, in two columns. */
const footerColumns: readonly { title: MessageId; entries: readonly FooterEntry[] }[] = [
  {
    title: 'footer.services',
    entries: [
      { label: 'footer.sendMoney', to: '/SendMoney' },
      { label: 'footer.receiveMoney' },
      { label: 'footer.fees', to: '/deposit' },
      { label: 'footer.servicesList' },
      { label: 'footer.findLocations' },
    ],
  },
  {
    title: 'footer.company',
    entries: [
      { label: 'footer.aboutUs', to: '/#about-us' },
      { label: 'footer.contactUs' },
      { label: 'footer.faq' },
      { label: 'footer.complaints' },
      { label: 'footer.terms', to: '/TermsAndConditions' },
      { label: 'footer.privacy' },
    ],
  },
  {
    title: 'footer.partners',
    entries: [
      { label: 'footer.referFriend' },
      { label: 'footer.affiliates' },
      { label: 'footer.partnerDirectory' },
      { label: 'footer.becomePartner' },
    ],
  },
];

export function Footer() {
  const { t } = useI18n();
  return (
    <footer className="site-footer">
      <nav aria-label={t('footer.label')} className="footer-columns">
        {footerColumns.map((column) => (
          <div key={column.title}>
            <p className="footer-column-title">{t(column.title)}</p>
            <ul>
              {column.entries.map((entry) => (
                <li key={entry.label}>
                  {entry.to ? <Link to={entry.to}>{t(entry.label)}</Link> : <span>{t(entry.label)}</span>}
                </li>
              ))}
            </ul>
          </div>
        ))}
      </nav>
      <p>{t('footer.address')}</p>
      <p>{t('footer.copyright', { year: new Date().getFullYear() })}</p>
    </footer>
  );
}
