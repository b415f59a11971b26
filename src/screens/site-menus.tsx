import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import type { MessageId } from '../i18n/en';
import { useI18n } from '../i18n/i18n';
import { useDisclosure } from './ui/use-disclosure';

/** How long a menu stays open after the pointer leaves it (spec section 2: 800 ms). */
export const MENU_CLOSE_DELAY_MS = 800;

/** A menu entry: a link when it has a page, plain text when the page does not exist yet (never a dead link). */
export interface MenuEntry {
  label: MessageId;
  to?: string;
}

export interface MenuGroup {
  title?: MessageId;
  entries: readonly MenuEntry[];
}

export interface SiteMenu {
  id: string;
  label: MessageId;
  groups: readonly MenuGroup[];
}

/** The header's menus of spec section 2; How it works is a plain link to its anchor. */
export const siteMenus: readonly SiteMenu[] = [
  {
    id: 'solutions',
    label: 'siteMenu.solutions',
    groups: [
      {
        title: 'siteMenu.consumers',
        entries: [
          { label: 'siteMenu.sendReceiveMoney', to: '/SendMoney' },
          { label: 'siteMenu.momo', to: '/SendMoney' },
          { label: 'siteMenu.sendReceiveCash', to: '/SendMoney' },
          { label: 'siteMenu.bettingGames', to: '/deposit' },
        ],
      },
      {
        title: 'siteMenu.businesses',
        entries: [
          { label: 'siteMenu.crossBorder', to: '/CrossBorderPayment' },
          { label: 'siteMenu.paymentProcessing' },
        ],
      },
      {
        title: 'siteMenu.governments',
        entries: [
          { label: 'siteMenu.billPayment', to: '/BillPayment' },
          { label: 'siteMenu.governmentFees' },
        ],
      },
    ],
  },
  {
    id: 'products',
    label: 'siteMenu.products',
    groups: [
      {
        entries: [
          { label: 'siteMenu.proprietaryApis', to: '/#proprietary-apis' },
          { label: 'siteMenu.dataCollection', to: '/#data-collection' },
          { label: 'siteMenu.databaseSolutions', to: '/#database-solutions' },
          { label: 'siteMenu.aiSolutions', to: '/#ai-solutions' },
        ],
      },
    ],
  },
  {
    id: 'company',
    label: 'siteMenu.company',
    groups: [
      {
        entries: [
          { label: 'siteMenu.aboutUs', to: '/#about-us' },
          { label: 'siteMenu.blog' },
          { label: 'siteMenu.news' },
          { label: 'siteMenu.careers' },
          { label: 'siteMenu.investorRelations' },
        ],
      },
    ],
  },
];

/**
 * One header menu (disclosure pattern): opens on a mouse's hover and on keyboard focus, closes 800 ms after the mouse
 * leaves, when focus leaves it, and with Escape (focus back on its button). A finger has no hover: a tap is a click,
 * so it opens on the first tap (the hover and focus that a tap also fires would otherwise open it before the click
 * closed it again).
 */
function HeaderMenu({ menu }: { menu: SiteMenu }) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // Escape gives focus back to the button: that focus must not open the menu again.
  const closedByEscape = useRef(false);
  // Focus that a press gives the button is not the keyboard's: the click that follows decides.
  const pressed = useRef(false);

  const cancelClose = () => clearTimeout(closeTimer.current);
  const show = () => {
    cancelClose();
    setOpen(true);
  };
  const closeLater = () => {
    cancelClose();
    closeTimer.current = setTimeout(() => setOpen(false), MENU_CLOSE_DELAY_MS);
  };
  useEffect(() => cancelClose, []);

  return (
    <div
      className="site-menu"
      onPointerEnter={(event) => (event.pointerType === 'mouse' ? show() : undefined)}
      onPointerLeave={(event) => (event.pointerType === 'mouse' ? closeLater() : undefined)}
      onPointerDown={() => (pressed.current = true)}
      onFocus={() => {
        if (closedByEscape.current) closedByEscape.current = false;
        else if (!pressed.current) show();
      }}
      onBlur={(event) => {
        pressed.current = false;
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          setOpen(false);
          closedByEscape.current = true;
          button.current?.focus();
        }
      }}
    >
      <button
        ref={button}
        type="button"
        className="site-menu-button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => {
          pressed.current = false;
          setOpen((isOpen) => !isOpen);
        }}
      >
        {t(menu.label)}
      </button>
      <div id={panelId} className="site-menu-panel" hidden={!open}>
        <MenuGroups groups={menu.groups} onChoose={() => setOpen(false)} />
      </div>
    </div>
  );
}

/** A menu's groups: a link for each entry with a page, text for the others. */
function MenuGroups({ groups, onChoose }: { groups: readonly MenuGroup[]; onChoose: () => void }) {
  const { t } = useI18n();
  return groups.map((group, index) => (
    <div key={group.title ?? index} className="site-menu-group">
      {group.title ? <p className="site-menu-group-title">{t(group.title)}</p> : null}
      <MenuEntries entries={group.entries} onChoose={onChoose} />
    </div>
  ));
}

function MenuEntries({ entries, onChoose }: { entries: readonly MenuEntry[]; onChoose: () => void }) {
  const { t } = useI18n();
  return (
    <ul>
      {entries.map((entry) => (
        <li key={entry.label}>
          {entry.to ? (
            <Link to={entry.to} onClick={onChoose}>
              {t(entry.label)}
            </Link>
          ) : (
            <span className="site-menu-soon">{t(entry.label)}</span>
          )}
        </li>
      ))}
    </ul>
  );
}

/**
 * The header's menus on a phone: one 'Menu' button (disclosure) whose panel, as wide as the screen, lists `first`
 * (the signed-in user's Dashboard) and every menu's entries under its name, so the header keeps to one row. The
 * stylesheet shows it below the wide-screen breakpoint and the four menus from it (no layout shift on hydration).
 */
function FoldedMenus({ first }: { first: readonly MenuEntry[] }) {
  const { t } = useI18n();
  const { open, close, button, buttonProps, panelId, containerProps } = useDisclosure();
  return (
    <div {...containerProps} className="site-menus-folded">
      <button ref={button} type="button" className="site-menu-button site-menu-fold" {...buttonProps}>
        {t('siteMenu.menu')}
      </button>
      <div id={panelId} className="site-menus-folded-panel" hidden={!open}>
        {/* Drawn only while open: the wide screen's menus hold the same entries. */}
        {open && first.length > 0 ? <MenuEntries entries={first} onChoose={close} /> : null}
        {(open ? siteMenus : []).map((menu, index) => (
          <section key={menu.id} className="site-menu-fold-section" aria-label={t(menu.label)}>
            <p className="site-menu-fold-title">{t(menu.label)}</p>
            <MenuGroups groups={menu.groups} onChoose={close} />
            {index === 0 ? (
              <MenuEntries
                entries={[{ label: 'siteMenu.howItWorks', to: '/#how-it-works' }]}
                onChoose={close}
              />
            ) : null}
          </section>
        ))}
      </div>
    </div>
  );
}

/**
 * The site's menus in the header: Solutions, How it works, Products, Company; on a phone folded into one Menu
 * button whose panel starts with `phoneFirst`.
 */
export function SiteMenus({ phoneFirst = [] }: { phoneFirst?: readonly MenuEntry[] }) {
  const { t } = useI18n();
  const [solutions, ...others] = siteMenus;
  return (
    <>
      <nav aria-label={t('siteMenu.label')} className="site-menus">
        <HeaderMenu menu={solutions!} />
        <Link to="/#how-it-works" className="site-menu-button">
          {t('siteMenu.howItWorks')}
        </Link>
        {others.map((menu) => (
          <HeaderMenu key={menu.id} menu={menu} />
        ))}
      </nav>
      <FoldedMenus first={phoneFirst} />
    </>
  );
}
