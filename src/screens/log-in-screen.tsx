import { useId, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import type { LogInContext, LogInField } from '../machines/log-in.form';
import type { LogInMachine } from '../machines/log-in.machine';
import type { ConnectivityMachine } from '../machines/connectivity.machine';
import { useI18n } from '../i18n/i18n';
import { Alert } from './ui/alert';
import { UnreachableAlert } from './ui/unreachable-alert';
import { Button } from './ui/button';
import { FocusHeading } from './ui/focus-heading';
import { PasswordField } from './ui/password-field';
import { EmailField } from './ui/email-field';
import { firstViolationOf, focusFirstInvalid } from './ui/violations';
import { useOptionalSelector } from './use-optional-selector';
import type { DeferredForm } from './deferred-form';

export type LogInForm = DeferredForm<LogInMachine, LogInContext>;

export interface LogInScreenProps {
  form: LogInForm;
  connectivity: ActorRefFrom<ConnectivityMachine> | null;
  /** The passkey log-in (issue 26), below the form once its chunk has come; the route decides when. */
  passkey?: ReactNode;
  /** What brought the visitor here: 'Your account has been created...', 'Your password has been changed...'. */
  notice?: 'signUp.done' | 'resetPassword.done' | null;
}

export function LogInScreen({ form, connectivity, passkey = null, notice = null }: LogInScreenProps) {
  const { t } = useI18n();
  const id = useId();
  const actor = form.started?.actor ?? null;
  const context = useOptionalSelector(actor, (s) => s.context, form.draft);
  const submitting = useOptionalSelector(actor, (s) => s.matches('submitting'), false);
  const offlineMessage = useOptionalSelector(
    connectivity,
    (s) => (s.matches('offline') ? s.context.message : null),
    null,
  );
  const { email, password, passwordVisible, violations, error } = context;
  const fieldError = (field: LogInField) => {
    const messageId = firstViolationOf(violations, field);
    return messageId ? t(messageId) : null;
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    void form
      .send({ type: 'SUBMIT' })
      .then((snapshot) => focusFirstInvalid(snapshot.context.violations, (field) => `${id}-${field}`));
  };

  return (
    <div className="auth-page">
      {offlineMessage ? (
        <Alert>{t(offlineMessage)}</Alert>
      ) : form.unreachable ? (
        <UnreachableAlert reload={form.reload} />
      ) : null}
      <form className="card form" noValidate onSubmit={onSubmit}>
        <FocusHeading>{t('logIn.title')}</FocusHeading>
        {notice && !error ? <Alert tone="success">{t(notice)}</Alert> : null}
        {error ? <Alert>{t(error)}</Alert> : null}
        <EmailField
          id={`${id}-email`}
          label={t('logIn.email')}
          // 'webauthn': the browser may offer the account's passkeys in this field's autofill (issue 26).
          autoComplete="username webauthn"
          value={email}
          error={fieldError('email')}
          onValueChange={(value) => form.send({ type: 'CHANGE', field: 'email', value })}
        />
        <PasswordField
          id={`${id}-password`}
          label={t('logIn.password')}
          autoComplete="current-password"
          required
          value={password}
          visible={passwordVisible}
          error={fieldError('password')}
          onToggleVisibility={() => form.send({ type: 'TOGGLE_PASSWORD_VISIBILITY' })}
          onValueChange={(value) => form.send({ type: 'CHANGE', field: 'password', value })}
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
      {passkey}
    </div>
  );
}
