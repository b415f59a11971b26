import { useId, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { LogInField, LogInMachine } from '../machines/log-in.machine';
import type { ConnectivityMachine } from '../machines/connectivity.machine';
import { useI18n } from '../i18n/i18n';
import { Alert } from './ui/alert';
import { Button } from './ui/button';
import { FocusHeading } from './ui/focus-heading';
import { PasswordField } from './ui/password-field';
import { EmailField } from './ui/email-field';
import { firstViolationOf, focusFirstInvalid } from './ui/violations';

export interface LogInScreenProps {
  actorRef: ActorRefFrom<LogInMachine>;
  connectivity: ActorRefFrom<ConnectivityMachine>;
}

export function LogInScreen({ actorRef, connectivity }: LogInScreenProps) {
  const { t } = useI18n();
  const id = useId();
  const snapshot = useSelector(actorRef, (s) => s);
  const offlineMessage = useSelector(connectivity, (s) => (s.matches('offline') ? s.context.message : null));
  const { email, password, passwordVisible, violations, error } = snapshot.context;
  const submitting = snapshot.matches('submitting');
  const fieldError = (field: LogInField) => {
    const messageId = firstViolationOf(violations, field);
    return messageId ? t(messageId) : null;
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    actorRef.send({ type: 'SUBMIT' });
    focusFirstInvalid(actorRef.getSnapshot().context.violations, (field) => `${id}-${field}`);
  };

  return (
    <div className="auth-page">
      {offlineMessage ? <Alert>{t(offlineMessage)}</Alert> : null}
      <form className="card form" noValidate onSubmit={onSubmit}>
        <FocusHeading>{t('logIn.title')}</FocusHeading>
        {error ? <Alert>{t(error)}</Alert> : null}
        <EmailField
          id={`${id}-email`}
          label={t('logIn.email')}
          value={email}
          error={fieldError('email')}
          onValueChange={(value) => actorRef.send({ type: 'CHANGE', field: 'email', value })}
        />
        <PasswordField
          id={`${id}-password`}
          label={t('logIn.password')}
          autoComplete="current-password"
          required
          value={password}
          visible={passwordVisible}
          error={fieldError('password')}
          onToggleVisibility={() => actorRef.send({ type: 'TOGGLE_PASSWORD_VISIBILITY' })}
          onValueChange={(value) => actorRef.send({ type: 'CHANGE', field: 'password', value })}
        />
        <p className="form-aside">
          <Link to="/otp">{t('logIn.forgotPassword')}</Link>
        </p>
        <Button type="submit" busy={submitting} busyLabel={t('logIn.submitting')} className="button-block">
          {t('logIn.submit')}
        </Button>
        <p className="form-footer">
          {t('logIn.noAccount')} <Link to="/SignUp">{t('logIn.signUp')}</Link>
        </p>
      </form>
    </div>
  );
}
