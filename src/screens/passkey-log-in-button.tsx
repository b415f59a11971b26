import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { PasskeyLogInMachine } from '../machines/passkey-log-in.machine';
import { useI18n } from '../i18n/i18n';
import { Alert } from './ui/alert';
import { Button } from './ui/button';

/**
 * /LogIn's 'Log in with a passkey' (issue 26), below the password form: its own chunk, shown once the visitor has
 * interacted with the page (the passkey autofill of the e-mail field starts with it where the browser offers it).
 */
export function PasskeyLogInButton({ actorRef }: { actorRef: ActorRefFrom<PasskeyLogInMachine> }) {
  const { t } = useI18n();
  const asking = useSelector(actorRef, (s) => s.matches('asking') || s.matches('loggedIn'));
  const error = useSelector(actorRef, (s) => s.context.error);
  return (
    <div className="card form passkey-log-in">
      {error ? <Alert>{t(error)}</Alert> : null}
      <Button
        variant="secondary"
        className="button-block"
        busy={asking}
        busyLabel={t('passkeys.waiting')}
        onClick={() => actorRef.send({ type: 'USE_PASSKEY' })}
      >
        {t('passkeyLogIn.button')}
      </Button>
    </div>
  );
}
