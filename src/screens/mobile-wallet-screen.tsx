import { Link } from 'react-router-dom';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { PhoneVerificationMachine } from '../machines/phone-verification.machine';
import type { SessionMachine } from '../machines/session.machine';
import type { MessageId } from '../i18n/en';
import { useI18n } from '../i18n/i18n';
import { useFormat } from '../i18n/format';
import { FocusHeading } from './ui/focus-heading';
import { PhoneVerificationCard } from './phone-verification-card';

interface MobileMoneyAction {
  to: string;
  title: MessageId;
  text: MessageId;
}

const actions: readonly MobileMoneyAction[] = [
  { to: '/WalletTopUp', title: 'mobileWallet.topUp', text: 'mobileWallet.topUpText' },
  { to: '/Withdrawal', title: 'mobileWallet.withdraw', text: 'mobileWallet.withdrawText' },
  { to: '/SendMoney', title: 'mobileWallet.send', text: 'mobileWallet.sendText' },
];

/**
 * The mobile-wallet page (the landing page's 'Mobile wallet' action; the spec lists the route and nothing of its
 * content): the balance, the phone number money sent to this account arrives on (verified by SMS code), and the three
 * ways between the wallet and mobile money, each the existing flow.
 */
export function MobileWalletScreen({
  session,
  phoneVerification,
}: {
  session: ActorRefFrom<SessionMachine>;
  phoneVerification: ActorRefFrom<PhoneVerificationMachine>;
}) {
  const { t } = useI18n();
  const { formatMoney } = useFormat();
  const walletAmount = useSelector(session, (s) => s.context.auth?.user.walletAmount ?? 0);
  return (
    <div className="mobile-wallet">
      <FocusHeading>{t('feature.mobileWallet')}</FocusHeading>
      <p className="lead">{t('mobileWallet.lead')}</p>
      <p className="card mobile-wallet-balance">
        {t('balance.available')} <strong>{formatMoney(walletAmount)}</strong>
      </p>
      <PhoneVerificationCard actorRef={phoneVerification} />
      <ul className="action-cards">
        {actions.map((action) => (
          <li key={action.to} className="card action-card">
            <h2>
              <Link to={action.to}>{t(action.title)}</Link>
            </h2>
            <p>{t(action.text)}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
