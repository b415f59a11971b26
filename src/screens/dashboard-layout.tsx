import type { ReactNode } from 'react';
import { NavLink } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import type { SessionMachine } from '../machines/session.machine';
import { useI18n } from '../i18n/i18n';
import type { MessageId } from '../i18n/en';

const menu: readonly { to: string; label: MessageId }[] = [
  { to: '/Dashboard/transactionHistory', label: 'dashboard.transactionHistory' },
  { to: '/Dashboard/beneficiaries', label: 'dashboard.beneficiaries' },
  { to: '/sendmoney', label: 'dashboard.sendMoney' },
  { to: '/deposit', label: 'dashboard.betting' },
  { to: '/Withdrawal', label: 'dashboard.withdraw' },
  { to: '/WalletTopUp', label: 'dashboard.walletTopUp' },
  { to: '/Dashboard/myIdentifications', label: 'dashboard.myIdentification' },
];

/** The signed-in area: the 'My Account' menu beside the current panel. */
export function DashboardLayout({
  session,
  children,
}: {
  session: ActorRefFrom<SessionMachine>;
  children: ReactNode;
}) {
  const { t } = useI18n();
  return (
    <div className="dashboard">
      {/* The panel comes first: on a phone it is what the visitor came for; CSS puts the menu beside it on wide screens. */}
      <div className="dashboard-panel">{children}</div>
      <nav aria-label={t('dashboard.myAccount')} className="side-menu">
        <h2 className="side-menu-title">{t('dashboard.myAccount')}</h2>
        <ul>
          {menu.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} className="side-menu-link">
                {t(item.label)}
              </NavLink>
            </li>
          ))}
          <li>
            <button
              type="button"
              className="side-menu-link"
              onClick={() => session.send({ type: 'LOG_OUT' })}
            >
              {t('dashboard.logOut')}
            </button>
          </li>
        </ul>
      </nav>
    </div>
  );
}
