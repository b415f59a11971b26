import { useId, type FormEvent } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { quoteSummary } from '../machines/transfer.form';
import type { TransferMachine } from '../machines/transfer.machine';
import {
  CARD_PAYMENT_FAILED,
  paymentWayOf,
  type PayField,
  type PayViolationField,
} from '../machines/transfer.payment';
import { useI18n } from '../i18n/i18n';
import { Alert } from './ui/alert';
import { Button } from './ui/button';
import { FailureMessage } from './ui/upgrade-link';
import { focusFirstInvalid } from './ui/violations';
import { CardFields, MomoFields } from './payment-fields';
import { BackArrow, PayBlocked, QuoteHolds, TransferPayStep } from './transfer-pay-step';
import { useCurrencyFormat } from './transfer-summary';
import { stepHeading } from './wizard-parts';

/**
 * Step 3 of /CrossBorderPayment (spec section 2): the payment chosen by payment method id. 1: the mobile-wallet
 * form (the payer approves on the phone, which the page waits for); 2: the card form (a failed card payment says
 * 'Error processing payment, please try again later.' and the card shakes, unless the reader asked for less
 * motion); 4, the wallet balance: the /SendMoney wallet payment card; any other id: no form.
 */
export function CrossBorderPayStep({ actorRef }: { actorRef: ActorRefFrom<TransferMachine> }) {
  const { t } = useI18n();
  const currencyFormat = useCurrencyFormat();
  const id = useId();
  const snapshot = useSelector(actorRef, (s) => s);
  const { quote, payForm, payViolations, error, errorDetail, failure, payBlock, keyCount } = snapshot.context;
  if (!quote) return null;
  const way = paymentWayOf(quote.paymentMethodId);
  if (way === 'wallet') return <TransferPayStep actorRef={actorRef} />;
  const summary = quoteSummary(quote);
  // Any state of the Pay page but the form itself is the payment under way.
  const busy = snapshot.hasTag('payPage') && !snapshot.matches('payment');
  // The payer was asked (a collection reference) and is asked again with the same key until they decide.
  const waitingForPayer =
    snapshot.hasTag('waitingForPayer') ||
    (snapshot.matches('paying') && snapshot.context.collectionReference !== null);

  if (waitingForPayer) {
    return (
      <>
        {stepHeading('waiting', t('crossBorder.waitingTitle'))}
        <div className="waiting">
          <span className="spinner" aria-hidden="true" />
          <p role="status">{t('topUp.awaitingApproval')}</p>
        </div>
      </>
    );
  }

  const fieldId = (field: PayViolationField) =>
    `${id}-${field === 'form' ? (way === 'card' ? 'firstName' : 'phone') : field}`;
  const fieldError = (field: PayViolationField) => {
    const violation = payViolations.find((candidate) => candidate.field === field);
    return violation ? t(violation.messageId) : null;
  };
  const field = (name: PayField) => ({
    id: fieldId(name),
    error: fieldError(name),
    onValueChange: (value: string) => actorRef.send({ type: 'PAY_CHANGE', field: name, value }),
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    actorRef.send({ type: 'PAY' });
    focusFirstInvalid(actorRef.getSnapshot().context.payViolations, fieldId);
  };
  const formError = fieldError('form');
  const cardFailed = way === 'card' && error === CARD_PAYMENT_FAILED;

  return (
    <>
      <BackArrow actorRef={actorRef} />
      {stepHeading(
        `pay-${way}`,
        t(
          way === 'card'
            ? 'crossBorder.payCardHeading'
            : way === 'momo'
              ? 'crossBorder.payMomoHeading'
              : 'sendMoney.payHeading',
        ),
      )}
      <QuoteHolds expiresAt={quote.expiresAt} />
      {snapshot.matches('following') ? <p role="status">{t('sendMoney.delivering')}</p> : null}
      {payBlock !== null ? (
        <PayBlocked actorRef={actorRef} />
      ) : way === 'none' ? (
        <p>{t('crossBorder.payNothing')}</p>
      ) : (
        // Each failed card payment remounts the card (its key), so it shakes again.
        <form
          key={cardFailed ? `failed-${keyCount}` : 'form'}
          className={['form', 'pay-form', cardFailed ? 'shake' : null].filter(Boolean).join(' ')}
          noValidate
          onSubmit={onSubmit}
        >
          <p className="lead">
            {t('crossBorder.toPay', { amount: currencyFormat(summary.totalMinor, summary.sendCurrency) })}
          </p>
          {way === 'card' ? (
            <CardFields card={payForm.card} field={field} />
          ) : (
            <MomoFields momo={payForm.momo} field={field} />
          )}
          {formError ? <Alert>{formError}</Alert> : null}
          {error ? (
            <Alert>
              {errorDetail ? (
                <>
                  <span>{t(error)}</span>
                  <br />
                  {/* What the server said under it: a tier limit names its figures and offers the upgrade. */}
                  <FailureMessage messageId={errorDetail} failure={failure} t={t} />
                </>
              ) : (
                <FailureMessage messageId={error} failure={failure} t={t} />
              )}
            </Alert>
          ) : null}
          <div className="form-actions">
            <Button type="submit" busy={busy} busyLabel={t('crossBorder.processing')}>
              {t('crossBorder.pay')}
            </Button>
          </div>
        </form>
      )}
    </>
  );
}
