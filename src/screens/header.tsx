import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import type { SessionMachine } from '../machines/session.machine';
import { useI18n } from '../i18n/i18n';
import { LanguageSelect } from './language-select';
import { SiteMenus } from './site-menus';
import { useOptionalSelector } from './use-optional-selector';

const isDashboardPath = (pathname: string) => /^\/dashboard(\/|$)/i.test(pathname);

/**
 * The site header: logo, the links of spec section 2 for visitors, the account menu for a signed-in user. Without a
 * session actor yet (a public page before the app's actors exist) it is the visitor's header.
 */
export function Header({ session }: { session: ActorRefFrom<SessionMachine> | null }) {
  const { t } = useI18n();
  const { pathname } = useLocation();
  const signedIn = useOptionalSelector(session, (snapshot) => !snapshot.matches('loggedOut'), false);
  const firstName = useOptionalSelector(
    session,
    (snapshot) => snapshot.context.auth?.user.firstName ?? '',
    '',
  );
  const onDashboard = isDashboardPath(pathname);

  return (
    <header className="site-header">
      <Link to="/" className="logo" aria-label={t('app.home')}>
        <span aria-hidden="true" className="logo-mark">
          ₵
        </span>
        <span className="logo-text">{t('app.name')}</span>
      </Link>
      {/* Beside the logo, so on a phone it shares the first row instead of taking one of its own. */}
      <LanguageSelect />
      <SiteMenus
        phoneFirst={signedIn && !onDashboard ? [{ label: 'nav.dashboard', to: '/Dashboard' }] : []}
      />
      <nav aria-label={t('app.mainNav')} className="header-nav">
        {signedIn ? (
          <>
            {onDashboard ? null : (
              // On a phone it is the first entry of the folded menu (and the bottom bar's Home): one header row.
              <Link to="/Dashboard" className="button button-secondary header-dashboard">
                {t('nav.dashboard')}
              </Link>
            )}
            <AccountMenu firstName={firstName} onLogOut={() => session?.send({ type: 'LOG_OUT' })} />
          </>
        ) : (
          <>
            <Link to="/SignUp" className="header-link">
              {t('nav.signUp')}
            </Link>
            <Link to="/LogIn" className="button button-primary">
              {t('nav.logIn')}
            </Link>
          </>
        )}
      </nav>
    </header>
  );
}

/** The avatar button (first letter of the first name) and its menu (menu button pattern). */
function AccountMenu({ firstName, onLogOut }: { firstName: string; onLogOut: () => void }) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);

  useEffect(() => {
    if (!open) return;
    menu.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const closeOnOutsideClick = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menu.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOnOutsideClick);
    return () => document.removeEventListener('pointerdown', closeOnOutsideClick);
  }, [open]);

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };

  return (
    <div className="account-menu">
      <button
        ref={button}
        type="button"
        className="avatar"
        aria-label={t('header.accountMenu')}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((isOpen) => !isOpen)}
      >
        <span aria-hidden="true">{firstName.slice(0, 1).toLocaleUpperCase()}</span>
      </button>
      {open ? (
        <ul
          ref={menu}
          id={menuId}
          role="menu"
          aria-label={t('header.accountMenu')}
          className="menu"
          onKeyDown={(event) => {
            if (event.key === 'Escape' || event.key === 'Tab') close();
          }}
        >
          <li role="none">
            <button
              type="button"
              role="menuitem"
              className="menu-item"
              onClick={() => {
                setOpen(false);
                onLogOut();
              }}
            >
              {t('header.logout')}
            </button>
          </li>
        </ul>
      ) : null}
    </div>
  );
}
