import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { MonthSummaryMachine } from '../machines/month-summary.machine';
import type { PasskeyOfferMachine } from '../machines/passkey-offer.machine';
import type { PhoneVerificationMachine } from '../machines/phone-verification.machine';
import type { SessionMachine } from '../machines/session.machine';
import type { WalletMachine } from '../machines/wallet.machine';
import { useI18n } from '../i18n/i18n';
import { useFormat } from '../i18n/format';
import { FocusHeading } from './ui/focus-heading';
import { RetryAlert } from './ui/retry-alert';
import { Skeleton } from './ui/skeleton';
import { UPGRADE_PATH } from './ui/upgrade-link';
import { MonthPanel } from './month-chart';
import { PasskeyOfferCard } from './passkey-offer-card';
import { PhoneVerificationCard } from './phone-verification-card';
import { MovementList } from './wallet-movements';

/**
 * The dashboard's home panel: balance card, phone verification, the picture of the month, recent activity, quick
 * links. The balance is the session's, which the wallet machine refreshes from the server each time this panel
 * opens (and whenever a screen moves money): the last known figure stays shown, marked busy while it is read again.
 */
export function DashboardHomeScreen({
  session,
  wallet,
  phoneVerification,
  monthSummary,
  passkeyOffer,
}: {
  session: ActorRefFrom<SessionMachine>;
  wallet: ActorRefFrom<WalletMachine>;
  phoneVerification: ActorRefFrom<PhoneVerificationMachine>;
  monthSummary: ActorRefFrom<MonthSummaryMachine>;
  /** The offer of a passkey (issue 26); none in screens that do not test it. */
  passkeyOffer?: ActorRefFrom<PasskeyOfferMachine>;
}) {
  const { t } = useI18n();
  const { formatMoney } = useFormat();
  const walletSnapshot = useSelector(wallet, (s) => s);
  const { recent, error } = walletSnapshot.context;
  const firstName = useSelector(session, (s) => s.context.auth?.user.firstName ?? '');
  const walletAmount = useSelector(session, (s) => s.context.auth?.user.walletAmount ?? 0);
  const [hidden, setHidden] = useState(false);
  const balance = formatMoney(walletAmount);

  return (
    <div className="dashboard-home">
      <FocusHeading>{t('dashboard.title', { firstName })}</FocusHeading>
      <section className="card balance-card" aria-labelledby="balance-title">
        <h2 id="balance-title" className="balance-title">
          {t('balance.available')}
        </h2>
        <p className="balance-amount" aria-live="polite" aria-busy={walletSnapshot.matches('loading')}>
          {hidden ? (
            <>
              <span aria-hidden="true">••••••</span>
              <span className="visually-hidden">{t('balance.hidden')}</span>
            </>
          ) : (
            balance
          )}
        </p>
        <div className="balance-actions">
          <button
            type="button"
            className="button button-secondary"
            aria-pressed={hidden}
            onClick={() => setHidden((isHidden) => !isHidden)}
          >
            {hidden ? t('balance.show') : t('balance.hide')}
          </button>
          <Link to="/WalletTopUp" className="button button-primary">
            {t('balance.addCash')}
          </Link>
          <Link to={UPGRADE_PATH} className="button button-secondary">
            {t('balance.upgrade')}
          </Link>
        </div>
      </section>
      {passkeyOffer ? <PasskeyOfferCard actorRef={passkeyOffer} /> : null}
      <PhoneVerificationCard actorRef={phoneVerification} />
      <MonthPanel actorRef={monthSummary} />
      <section className="card" aria-labelledby="activity-title">
        <h2 id="activity-title">{t('activity.title')}</h2>
        {walletSnapshot.matches('loading') && recent.length === 0 ? (
          <Skeleton label={t('activity.loading')} shape="rows" />
        ) : null}
        {walletSnapshot.matches('failed') && error ? (
          <RetryAlert
            message={t('activity.failed')}
            retryLabel={t('activity.retry')}
            onRetry={() => wallet.send({ type: 'RETRY' })}
          />
        ) : null}
        {walletSnapshot.matches('ready') && recent.length === 0 ? (
          <p className="empty">{t('activity.empty')}</p>
        ) : null}
        {recent.length > 0 ? (
          <>
            <MovementList rows={recent} />
            <p>
              <Link to="/Dashboard/walletHistory">{t('activity.viewAll')}</Link>
            </p>
          </>
        ) : null}
      </section>
      <nav className="card quick-links" aria-labelledby="quick-links-title">
        <h2 id="quick-links-title">{t('quickLinks.title')}</h2>
        <ul>
          <li>
            <Link to="/SendMoney">{t('quickLinks.sendMoney')}</Link>
          </li>
          <li>
            <Link to="/BillPayment">{t('quickLinks.billPayment')}</Link>
          </li>
          <li>
            <Link to="/CrossBorderPayment">{t('quickLinks.crossBorder')}</Link>
          </li>
        </ul>
      </nav>
    </div>
  );
}
