import { Link } from 'react-router-dom';
import { useI18n } from '../i18n/i18n';
import type { MessageId } from '../i18n/en';
import { FocusHeading } from './ui/focus-heading';

const payments: readonly { to: string; label: MessageId; hint: MessageId }[] = [
  { to: '/BillPayment', label: 'nav.billPayment', hint: 'pay.billsHint' },
  { to: '/deposit', label: 'nav.betting', hint: 'pay.bettingHint' },
  { to: '/CrossBorderPayment', label: 'nav.crossBorder', hint: 'pay.crossBorderHint' },
  { to: '/treasure-shop', label: 'feature.treasureShop', hint: 'pay.gemsHint' },
];

/** /Pay: every way to pay from the wallet (the bottom bar's Pay on a phone). */
export default function PayScreen() {
  const { t } = useI18n();
  return (
    <div className="pay-screen">
      <FocusHeading>{t('pay.title')}</FocusHeading>
      <ul className="pay-list">
        {payments.map((payment) => (
          <li key={payment.to}>
            <Link to={payment.to} className="card pay-link">
              <span className="pay-link-label">{t(payment.label)}</span>
              <span className="muted">{t(payment.hint)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
