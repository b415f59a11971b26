import { NavLink } from 'react-router-dom';
import { useI18n } from '../i18n/i18n';
import type { MessageId } from '../i18n/en';

/** The entries of spec section 2's 'My Account' menu, in its order. */
const accountLinks: readonly { to: string; label: MessageId }[] = [
  { to: '/Dashboard/transactionHistory', label: 'dashboard.transactionHistory' },
  { to: '/Dashboard/beneficiaries', label: 'dashboard.beneficiaries' },
  { to: '/sendmoney', label: 'dashboard.sendMoney' },
  { to: '/deposit', label: 'dashboard.betting' },
  { to: '/Withdrawal', label: 'dashboard.withdraw' },
  { to: '/WalletTopUp', label: 'dashboard.walletTopUp' },
  { to: '/Dashboard/myIdentifications', label: 'dashboard.myIdentification' },
  // Issue 26: passkeys (and the step-up setting), and the devices signed in.
  { to: '/Dashboard/passkeys', label: 'passkeys.title' },
  { to: '/Dashboard/devices', label: 'devices.title' },
];

/**
 * The 'My Account' links and Log Out: beside the panel on a wide screen (the side menu), a page of its own on a
 * phone (the bottom bar's Account).
 */
export function AccountLinks({ onLogOut }: { onLogOut: () => void }) {
  const { t } = useI18n();
  return (
    <ul className="account-links">
      {accountLinks.map((item) => (
        <li key={item.to}>
          <NavLink to={item.to} className="side-menu-link">
            {t(item.label)}
          </NavLink>
        </li>
      ))}
      <li>
        <button type="button" className="side-menu-link" onClick={onLogOut}>
          {t('dashboard.logOut')}
        </button>
      </li>
    </ul>
  );
}
