import type { ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { SessionMachine } from '../machines/session.machine';
import { useI18n } from '../i18n/i18n';
import { AccountLinks } from './account-menu';
import { FocusHeading } from './ui/focus-heading';

/**
 * The signed-in area: the 'My Account' menu beside the current panel on a wide screen. On a phone the menu is
 * not drawn under the panel (the bottom bar's Account leads to it: /Dashboard/account).
 */
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
      <div className="dashboard-panel">{children}</div>
      <nav aria-label={t('dashboard.myAccount')} className="side-menu">
        <h2 className="side-menu-title">{t('dashboard.myAccount')}</h2>
        <AccountLinks onLogOut={() => session.send({ type: 'LOG_OUT' })} />
      </nav>
    </div>
  );
}

/** /Dashboard/account: the 'My Account' menu as a page (the bottom bar's Account on a phone). */
export function AccountScreen({ session }: { session: ActorRefFrom<SessionMachine> }) {
  const { t } = useI18n();
  return (
    <nav aria-label={t('dashboard.myAccount')} className="card account-screen">
      <FocusHeading>{t('dashboard.myAccount')}</FocusHeading>
      <AccountLinks onLogOut={() => session.send({ type: 'LOG_OUT' })} />
    </nav>
  );
}
