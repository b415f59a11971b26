import { Link } from 'react-router-dom';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { PhoneVerificationMachine } from '../machines/phone-verification.machine';
import type { SessionMachine } from '../machines/session.machine';
import { useI18n } from '../i18n/i18n';
import { FocusHeading } from './ui/focus-heading';
import { PhoneVerificationCard } from './phone-verification-card';

/**
 * /VerifyIdentity (the spec names the route, not its content): where the account stands on the two checks that guard
 * money. An identification document is what the money screens ask for (the identity gate); a verified phone is where
 * money sent to the account's number arrives. Each step says its state and leads to the place that completes it.
 */
export function VerifyIdentityScreen({
  session,
  phoneVerification,
}: {
  session: ActorRefFrom<SessionMachine>;
  phoneVerification: ActorRefFrom<PhoneVerificationMachine>;
}) {
  const { t } = useI18n();
  const hasIdentification = useSelector(session, (s) => s.context.auth?.user.hasIdentification ?? false);
  return (
    <div className="verify-identity">
      <FocusHeading>{t('feature.verifyIdentity')}</FocusHeading>
      <p role="status" className="lead">
        {t(hasIdentification ? 'verifyIdentity.ready' : 'verifyIdentity.notReady')}
      </p>
      <ol className="verify-steps">
        <li className="card">
          <h2>{t('verifyIdentity.document')}</h2>
          <p>
            <span className={hasIdentification ? 'status status-success' : 'status status-pending'}>
              {t(hasIdentification ? 'verifyIdentity.documentDone' : 'verifyIdentity.documentToDo')}
            </span>
          </p>
          <p>
            <Link to="/Dashboard/myIdentifications">
              {t(hasIdentification ? 'verifyIdentity.documentSee' : 'verifyIdentity.documentAdd')}
            </Link>
          </p>
        </li>
        <li className="card">
          <h2>{t('verifyIdentity.phone')}</h2>
          <PhoneVerificationCard actorRef={phoneVerification} />
        </li>
      </ol>
    </div>
  );
}
