/**
 * The signed-in console's frame: the header (who is signed in, with which role; sign out), the sections the role
 * may open (the permissions table of src/contract/ops.ts decides), and the section's page.
 */
import type { ReactNode } from 'react';
import { NavLink } from 'react-router-dom';
import type { StaffMember } from '../../contract/ops';
import { useI18n, type MessageId } from '../../i18n/i18n';
import { Button } from '../ui/button';

export interface OpsSection {
  path: string;
  label: MessageId;
}

export function OpsLayout({
  staff,
  sections,
  onLogOut,
  children,
}: {
  staff: StaffMember;
  sections: OpsSection[];
  onLogOut: () => void;
  children: ReactNode;
}) {
  const { t } = useI18n();
  return (
    <div className="ops-shell">
      <a href="#main" className="skip-link">
        {t('app.skipToContent')}
      </a>
      <header className="ops-header">
        <p className="ops-brand">{t('ops.title')}</p>
        <p className="ops-who">
          {t('ops.signedInAs', { email: staff.email, role: t('ops.role', { role: staff.role }) })}
        </p>
        <Button variant="secondary" onClick={onLogOut}>
          {t('ops.logOut')}
        </Button>
      </header>
      <nav aria-label={t('ops.nav.label')} className="ops-nav">
        <ul>
          {sections.map((section) => (
            <li key={section.path}>
              <NavLink to={section.path}>{t(section.label)}</NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <main id="main" className="ops-main">
        {children}
      </main>
    </div>
  );
}
