import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useI18n } from '../i18n/i18n';
import type { MessageId } from '../i18n/en';

interface Tab {
  to: string;
  label: MessageId;
  /** The paths (lower case, no trailing slash) where this tab is the current one. */
  current: (path: string) => boolean;
  icon: ReactNode;
}

const under =
  (...prefixes: string[]) =>
  (path: string) =>
    prefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));

/** 24 x 24 line icons, drawn in the text's colour; the label beside each says what it is. */
const icon = (d: string) => (
  <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
    <path
      d={d}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    />
  </svg>
);

export const bottomTabs: readonly Tab[] = [
  {
    to: '/Dashboard',
    label: 'bottomNav.home',
    current: (path) => path === '/dashboard' || under('/dashboard/transactionhistory')(path),
    icon: icon('M3 11 12 4l9 7M5 10v10h5v-6h4v6h5V10'),
  },
  {
    to: '/SendMoney',
    label: 'bottomNav.send',
    current: under('/sendmoney'),
    icon: icon('M4 12h14M13 6l6 6-6 6'),
  },
  {
    to: '/Pay',
    label: 'bottomNav.pay',
    current: under(
      '/pay',
      '/billpayment',
      '/deposit',
      '/crossborderpayment',
      '/treasure-shop',
      '/paymentgateway',
      '/dashboard/bettingdeposit',
    ),
    icon: icon('M3 7h18v10H3zM3 11h18M7 15h3'),
  },
  {
    to: '/Dashboard/walletHistory',
    label: 'bottomNav.history',
    current: under('/dashboard/wallethistory', '/dashboard/bettinghistory', '/dashboard/billhistory'),
    icon: icon('M12 7v5l3 2M21 12a9 9 0 1 1-3-6.7M21 4v5h-5'),
  },
  {
    to: '/Dashboard/account',
    label: 'bottomNav.account',
    // The 'My Account' menu and the pages it leads to that no other tab holds.
    current: under(
      '/dashboard/account',
      '/dashboard/beneficiaries',
      '/dashboard/myidentifications',
      '/dashboard/wallettopup',
      '/wallettopup',
      '/withdrawal',
    ),
    icon: icon('M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21c0-4 4-6 8-6s8 2 8 6'),
  },
];

/**
 * The signed-in app's bottom bar on a phone (hidden from the breakpoint up, where the side menu and the header
 * lead instead): Home, Send, Pay, History, Account, the current one marked for assistive technology too.
 */
export function BottomNav() {
  const { t } = useI18n();
  const path = useLocation().pathname.toLowerCase().replace(/\/+$/, '') || '/';
  return (
    <>
      {/* Keeps the end of the page (the footer's last links) above the fixed bar. */}
      <div className="bottom-nav-spacer" aria-hidden="true" />
      <nav className="bottom-nav" aria-label={t('bottomNav.label')}>
        <ul>
          {bottomTabs.map((tab) => {
            const current = tab.current(path);
            return (
              <li key={tab.to}>
                <Link to={tab.to} className="bottom-nav-link" aria-current={current ? 'page' : undefined}>
                  {tab.icon}
                  <span className="bottom-nav-label">{t(tab.label)}</span>
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
    </>
  );
}
