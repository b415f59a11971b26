import { useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { maskEmail } from '../domain/email';
import type { ForgotPasswordMachine } from '../machines/forgot-password.machine';
import { useI18n } from '../i18n/i18n';
import { Alert } from './ui/alert';
import { Button } from './ui/button';
import { FocusHeading } from './ui/focus-heading';
import { OtpBoxes, type OtpBoxesHandle } from './ui/otp-boxes';
import { EmailField } from './ui/email-field';
import { firstViolationOf, focusFirstInvalid } from './ui/violations';

type ForgotPasswordRef = ActorRefFrom<ForgotPasswordMachine>;

/** /otp: the e-mail step, then the six code boxes. */
export function OtpScreen({ actorRef }: { actorRef: ForgotPasswordRef }) {
  const step = useSelector(actorRef, (s) =>
    s.matches('enteringEmail') ? 'email' : s.matches('requestingCode') ? 'sending' : 'code',
  );
  // A code is requested from both steps (first send, and "Send a new code"): stay on the step it was asked from.
  const [shownStep, setShownStep] = useState<'email' | 'code'>(step === 'code' ? 'code' : 'email');
  if (step !== 'sending' && step !== shownStep) setShownStep(step);
  return (
    <div className="auth-page">
      {shownStep === 'email' ? <EmailStep actorRef={actorRef} /> : <CodeStep actorRef={actorRef} />}
    </div>
  );
}

function EmailStep({ actorRef }: { actorRef: ForgotPasswordRef }) {
  const { t } = useI18n();
  const id = useId();
  const snapshot = useSelector(actorRef, (s) => s);
  const { email, violations, error } = snapshot.context;
  const sending = snapshot.matches('requestingCode');
  const emailError = firstViolationOf(violations, 'email');

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    actorRef.send({ type: 'SUBMIT_EMAIL' });
    focusFirstInvalid(actorRef.getSnapshot().context.violations, () => `${id}-email`);
  };

  return (
    <form className="card form" noValidate onSubmit={onSubmit}>
      <FocusHeading key="email">{t('otp.emailTitle')}</FocusHeading>
      <p>{t('otp.emailIntro')}</p>
      {error ? <Alert>{t(error)}</Alert> : null}
      <EmailField
        id={`${id}-email`}
        label={t('otp.email')}
        value={email}
        error={emailError ? t(emailError) : null}
        onValueChange={(value) => actorRef.send({ type: 'CHANGE_EMAIL', value })}
      />
      <Button type="submit" busy={sending} busyLabel={t('otp.sending')} className="button-block">
        {t('otp.sendCode')}
      </Button>
      <p className="form-footer">
        <Link to="/login">{t('otp.backToLogin')}</Link>
      </p>
    </form>
  );
}

function CodeStep({ actorRef }: { actorRef: ForgotPasswordRef }) {
  const { t } = useI18n();
  const id = useId();
  const snapshot = useSelector(actorRef, (s) => s);
  const { email, digits, focusedIndex, violations, error, notice } = snapshot.context;
  const verifying = snapshot.matches('verifyingCode');
  const resending = snapshot.matches('requestingCode');
  const codeError = firstViolationOf(violations, 'code');
  const boxes = useRef<OtpBoxesHandle>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (verifying) return;
    actorRef.send({ type: 'SUBMIT_CODE' });
    if (actorRef.getSnapshot().context.violations.length > 0) boxes.current?.focusFirstEmpty();
  };

  const errorId = `${id}-code-error`;
  const message = codeError ?? error;

  return (
    <form className="card form" noValidate onSubmit={onSubmit}>
      <FocusHeading key="code">{t('otp.codeTitle')}</FocusHeading>
      <p>{t('otp.codeSentTo', { maskedEmail: maskEmail(email) })}</p>
      {notice ? <Alert tone="info">{t(notice)}</Alert> : null}
      <fieldset className="otp" aria-describedby={message ? errorId : undefined}>
        <legend className="visually-hidden">{t('otp.code')}</legend>
        <OtpBoxes
          handle={boxes}
          digits={digits}
          focusedIndex={focusedIndex}
          errorId={message ? errorId : null}
          onDigit={(index, value) => actorRef.send({ type: 'CHANGE_DIGIT', index, value })}
          onBackspace={(index) => actorRef.send({ type: 'BACKSPACE', index })}
          onPaste={(text) => actorRef.send({ type: 'PASTE', text })}
        />
        <p id={errorId} className="field-error" aria-live="polite">
          {message ? t(message) : ''}
        </p>
      </fieldset>
      <Button type="submit" busy={verifying} busyLabel={t('otp.verifying')} className="button-block">
        {t('otp.verify')}
      </Button>
      <Button
        variant="secondary"
        className="button-block"
        busy={resending}
        busyLabel={t('otp.sending')}
        onClick={() => actorRef.send({ type: 'RESEND_CODE' })}
      >
        {t('otp.resend')}
      </Button>
      <p className="form-footer">
        <Button variant="link" onClick={() => actorRef.send({ type: 'START_OVER' })}>
          {t('otp.otherEmail')}
        </Button>{' '}
        <Link to="/login">{t('otp.backToLogin')}</Link>
      </p>
    </form>
  );
}
