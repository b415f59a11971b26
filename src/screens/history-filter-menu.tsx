import { NavLink, useLocation } from 'react-router-dom';
import { useI18n } from '../i18n/i18n';
import { useDisclosure } from './ui/use-disclosure';
import type { MessageId } from '../i18n/en';

type History = 'transaction' | 'betting' | 'wallet' | 'billing';

const histories: readonly { to: string; label: MessageId; history: History }[] = [
  { to: '/Dashboard/transactionHistory', label: 'history.transaction', history: 'transaction' },
  { to: '/Dashboard/bettingHistory', label: 'history.betting', history: 'betting' },
  { to: '/Dashboard/walletHistory', label: 'history.wallet', history: 'wallet' },
  { to: '/Dashboard/billHistory', label: 'history.billing', history: 'billing' },
];

/**
 * The spec's 'Filter' menu shared by the four histories, named for what it does and what it shows now ('Show:
 * Transactions ▾': it is the way to the betting and billing histories): a disclosure button that shows links to the
 * four panels (links, not an ARIA menu: each item is a page). Escape closes it and gives focus back to the button.
 */
export function HistoryFilterMenu() {
  const { t } = useI18n();
  const { pathname } = useLocation();
  const shown =
    histories.find((entry) => entry.to.toLowerCase() === pathname.toLowerCase().replace(/\/$/, ''))
      ?.history ?? 'transaction';
  const { open, close, button, buttonProps, panelId, containerProps } = useDisclosure();

  return (
    <div {...containerProps} className="filter-menu">
      <button ref={button} type="button" className="button button-secondary" {...buttonProps}>
        {t('history.filter', { history: shown })}
        <span aria-hidden="true"> ▾</span>
      </button>
      <ul id={panelId} className="menu" hidden={!open}>
        {histories.map((history) => (
          <li key={history.to}>
            <NavLink to={history.to} className="menu-item" onClick={close}>
              {t(history.label)}
            </NavLink>
          </li>
        ))}
      </ul>
    </div>
  );
}
