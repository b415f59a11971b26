import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { passwordStrength } from '../domain/password';
import type { ForgotPasswordMachine, NewPasswordField } from '../machines/forgot-password.machine';
import { useI18n } from '../i18n/i18n';
import { Alert } from './ui/alert';
import { Button } from './ui/button';
import { FocusHeading } from './ui/focus-heading';
import { PasswordField } from './ui/password-field';
import { firstViolationOf, focusFirstInvalid } from './ui/violations';

const STRENGTH_MAX = 3;

/** /createnewpassword: the new password with its strength bar, once the code was verified on /otp. */
export function CreateNewPasswordScreen({ actorRef }: { actorRef: ActorRefFrom<ForgotPasswordMachine> }) {
  const { t } = useI18n();
  const id = useId();
  const snapshot = useSelector(actorRef, (s) => s);
  const [visible, setVisible] = useState<Record<NewPasswordField, boolean>>({
    newPassword: false,
    confirmPassword: false,
  });
  const verified = snapshot.matches('enteringNewPassword') || snapshot.matches('resettingPassword');
  const { newPassword, confirmPassword, violations, error } = snapshot.context;
  const resetting = snapshot.matches('resettingPassword');

  if (!verified) {
    return (
      <div className="auth-page">
        <div className="card form">
          <FocusHeading>{t('newPassword.title')}</FocusHeading>
          <p>{t('newPassword.notVerified')}</p>
          <Link to="/otp" className="button button-primary button-block">
            {t('newPassword.startOver')}
          </Link>
        </div>
      </div>
    );
  }

  const strength = passwordStrength(newPassword);
  const fieldError = (field: NewPasswordField) => {
    const messageId = firstViolationOf(violations, field);
    return messageId ? t(messageId) : null;
  };
  const toggle = (field: NewPasswordField) => () =>
    setVisible((current) => ({ ...current, [field]: !current[field] }));
  const strengthLabel = t(`newPassword.strength${strength}`);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (resetting) return;
    actorRef.send({ type: 'SUBMIT_PASSWORD' });
    focusFirstInvalid(actorRef.getSnapshot().context.violations, (field) => `${id}-${field}`);
  };

  return (
    <div className="auth-page">
      <form className="card form" noValidate onSubmit={onSubmit}>
        <FocusHeading>{t('newPassword.title')}</FocusHeading>
        {error ? <Alert>{t(error)}</Alert> : null}
        <PasswordField
          id={`${id}-newPassword`}
          label={t('newPassword.newPassword')}
          autoComplete="new-password"
          required
          hint={t('newPassword.hint')}
          value={newPassword}
          visible={visible.newPassword}
          error={fieldError('newPassword')}
          onToggleVisibility={toggle('newPassword')}
          onValueChange={(value) => actorRef.send({ type: 'CHANGE_PASSWORD', field: 'newPassword', value })}
        />
        <div className="strength">
          <span className="strength-label" aria-hidden="true">
            {t('newPassword.strength')}: {strengthLabel}
          </span>
          <div
            role="meter"
            aria-label={t('newPassword.strength')}
            aria-valuemin={0}
            aria-valuemax={STRENGTH_MAX}
            aria-valuenow={strength}
            aria-valuetext={strengthLabel}
            className={`strength-bar strength-${strength}`}
          >
            <span className="strength-fill" data-strength={strength} />
          </div>
        </div>
        <PasswordField
          id={`${id}-confirmPassword`}
          label={t('newPassword.confirmPassword')}
          autoComplete="new-password"
          required
          value={confirmPassword}
          visible={visible.confirmPassword}
          error={fieldError('confirmPassword')}
          onToggleVisibility={toggle('confirmPassword')}
          onValueChange={(value) =>
            actorRef.send({ type: 'CHANGE_PASSWORD', field: 'confirmPassword', value })
          }
        />
        <Button
          type="submit"
          busy={resetting}
          busyLabel={t('newPassword.submitting')}
          className="button-block"
        >
          {t('newPassword.submit')}
        </Button>
        <p className="form-footer">
          <Button variant="link" onClick={() => actorRef.send({ type: 'START_OVER' })}>
            {t('newPassword.startOver')}
          </Button>
        </p>
      </form>
    </div>
  );
}
