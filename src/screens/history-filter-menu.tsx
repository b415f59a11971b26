import { useEffect, useId, useRef, useState } from 'react';
import { NavLink } from 'react-router-dom';
import { useI18n } from '../i18n/i18n';
import type { MessageId } from '../i18n/en';

const histories: readonly { to: string; label: MessageId }[] = [
  { to: '/Dashboard/transactionHistory', label: 'history.transaction' },
  { to: '/Dashboard/bettingHistory', label: 'history.betting' },
  { to: '/Dashboard/walletHistory', label: 'history.wallet' },
  { to: '/Dashboard/billHistory', label: 'history.billing' },
];

/**
 * The 'Filter' menu shared by the four histories: a disclosure button that shows links to the four panels
 * (links, not an ARIA menu: each item is a page). Escape closes it and gives focus back to the button.
 */
export function HistoryFilterMenu() {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const listId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!container.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  return (
    <div
      className="filter-menu"
      ref={container}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          setOpen(false);
          button.current?.focus();
        }
      }}
    >
      <button
        ref={button}
        type="button"
        className="button button-secondary"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((isOpen) => !isOpen)}
      >
        {t('history.filter')}
      </button>
      <ul id={listId} className="menu" hidden={!open}>
        {histories.map((history) => (
          <li key={history.to}>
            <NavLink to={history.to} className="menu-item" onClick={() => setOpen(false)}>
              {t(history.label)}
            </NavLink>
          </li>
        ))}
      </ul>
    </div>
  );
}
