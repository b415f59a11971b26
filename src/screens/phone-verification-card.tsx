import { useId, useRef, type FormEvent } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { PhoneVerificationMachine } from '../machines/phone-verification.machine';
import { useI18n } from '../i18n/i18n';
import { useFormat } from '../i18n/format';
import { Alert } from './ui/alert';
import { Button } from './ui/button';
import { Modal } from './ui/modal';
import { OtpBoxes, type OtpBoxesHandle } from './ui/otp-boxes';
import { firstViolationOf } from './ui/violations';

type PhoneVerificationRef = ActorRefFrom<PhoneVerificationMachine>;

/**
 * The dashboard's phone-verification card: an account whose phone is not verified is offered an SMS code and told
 * why (money sent to the number then arrives in the wallet at once); the code is typed in a dialog. A verified
 * account sees one small 'Phone verified' line. Nothing shows while the server is asked.
 */
export function PhoneVerificationCard({ actorRef }: { actorRef: PhoneVerificationRef }) {
  const { t } = useI18n();
  const titleId = useId();
  const snapshot = useSelector(actorRef, (s) => s);
  const { maskedPhone, error, notice } = snapshot.context;

  if (snapshot.matches('checking') || snapshot.matches('start')) return null;
  if (snapshot.matches('verified')) {
    return (
      <div className="phone-verified" role="status">
        <p>
          <span aria-hidden="true">✓ </span>
          {t('phoneCard.verified')}
        </p>
        {notice ? <p className="phone-verified-notice">{t(notice)}</p> : null}
      </div>
    );
  }
  const taken = snapshot.matches('taken');
  return (
    <section className="card phone-verification" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('phoneCard.title')}</h2>
      <p>{t('phoneCard.why')}</p>
      {taken ? <Alert>{t('phoneVerification.phoneTaken')}</Alert> : null}
      {!taken && maskedPhone ? <p>{t('phoneCard.willText', { maskedPhone })}</p> : null}
      {!taken && error && !snapshot.matches('codeEntry') ? <Alert>{t(error)}</Alert> : null}
      {taken ? null : (
        <Button
          busy={snapshot.matches('sending')}
          busyLabel={t('phoneCard.sending')}
          onClick={() => actorRef.send({ type: 'SEND' })}
        >
          {t('phoneCard.send')}
        </Button>
      )}
      {snapshot.matches('codeEntry') ? <CodeDialog actorRef={actorRef} /> : null}
    </section>
  );
}

function CodeDialog({ actorRef }: { actorRef: PhoneVerificationRef }) {
  const { t } = useI18n();
  const { formatDate } = useFormat();
  const id = useId();
  const snapshot = useSelector(actorRef, (s) => s);
  const { digits, focusedIndex, violations, error, notice, maskedPhone, expiresAt } = snapshot.context;
  const verifying = snapshot.matches({ codeEntry: 'verifying' });
  const resending = snapshot.matches({ codeEntry: 'resending' });
  const boxes = useRef<OtpBoxesHandle>(null);
  const message = firstViolationOf(violations, 'code') ?? error;
  const errorId = `${id}-code-error`;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (verifying || resending) return;
    actorRef.send({ type: 'SUBMIT' });
    if (actorRef.getSnapshot().context.violations.length > 0) boxes.current?.focusFirstEmpty();
  };

  return (
    <Modal title={t('phoneCard.dialogTitle')} onClose={() => actorRef.send({ type: 'CANCEL' })}>
      <form className="form" noValidate onSubmit={onSubmit}>
        <p>
          {t('phoneCard.codeSentTo', {
            maskedPhone: maskedPhone ?? '',
            time: expiresAt ? formatDate(new Date(expiresAt), { timeStyle: 'short' }) : '',
          })}
        </p>
        {notice ? <Alert tone="info">{t(notice)}</Alert> : null}
        <fieldset className="otp" aria-describedby={message ? errorId : undefined}>
          <legend className="visually-hidden">{t('phoneCard.code')}</legend>
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
        <Button type="submit" busy={verifying} busyLabel={t('phoneCard.verifying')} className="button-block">
          {t('phoneCard.verify')}
        </Button>
        <Button
          variant="secondary"
          className="button-block"
          busy={resending}
          busyLabel={t('phoneCard.sending')}
          onClick={() => actorRef.send({ type: 'RESEND' })}
        >
          {t('phoneCard.resend')}
        </Button>
        <p className="form-footer">
          <Button variant="link" onClick={() => actorRef.send({ type: 'CANCEL' })}>
            {t('phoneCard.cancel')}
          </Button>
        </p>
      </form>
    </Modal>
  );
}
