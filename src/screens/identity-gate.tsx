import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { SessionMachine } from '../machines/session.machine';
import { useI18n } from '../i18n/i18n';
import type { MessageId } from '../i18n/en';
import { FocusHeading } from './ui/focus-heading';

/**
 * Money screens need an identification (spec section 6): without one the page shows the notice and its link to
 * /Dashboard/myIdentifications instead of the screen. The session says whether the user has one; it turns true
 * as soon as an identification is added, so the screen appears without a reload. The link carries this page
 * ({ from }), so the user comes back here once the identification is added (issue 23).
 */
export function IdentityGate({
  session,
  title,
  children,
}: {
  session: ActorRefFrom<SessionMachine>;
  /** The page's own title, kept as the heading so the reader knows where they are. */
  title: MessageId;
  children: ReactNode;
}) {
  const { t } = useI18n();
  const { pathname } = useLocation();
  const hasIdentification = useSelector(session, (s) => s.context.auth?.user.hasIdentification ?? false);
  if (hasIdentification) return children;
  return (
    <div className="identity-gate card">
      <FocusHeading>{t(title)}</FocusHeading>
      <p role="status" className="identity-gate-notice">
        {t('identity.notice')}{' '}
        <Link to="/Dashboard/myIdentifications" state={{ from: pathname }}>
          {t('identityGate.link')}
        </Link>
      </p>
    </div>
  );
}
