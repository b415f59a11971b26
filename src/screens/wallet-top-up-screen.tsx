import { useId, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { parseDecimalAmount } from '../domain/money';
import { MOMO_PROVIDERS } from '../domain/momo';
import type { TopUpMachine } from '../machines/top-up.machine';
import type { TopUpField, TopUpGateway, TopUpViolationField } from '../machines/top-up.form';
import { useI18n } from '../i18n/i18n';
import type { MessageId } from '../i18n/en';
import { BankListStep } from './bank-list-step';
import { Alert } from './ui/alert';
import { AmountField } from './ui/amount-field';
import { BankAccountField } from './ui/bank-account-field';
import { BankSelectField } from './ui/bank-select-field';
import { Button } from './ui/button';
import { FocusHeading } from './ui/focus-heading';
import { MomoNumberField } from './ui/momo-number-field';
import { RadioCards } from './ui/radio-cards';
import { ReceiptSummary } from './ui/receipt-summary';
import { SelectField } from './ui/select-field';
import { Stepper } from './ui/stepper';
import { TextField } from './ui/text-field';
import { firstViolationOf, focusFirstInvalid } from './ui/violations';

const gatewayLabel: Record<TopUpGateway, MessageId> = {
  card: 'gateway.card',
  bank: 'gateway.bank',
  momo: 'gateway.momo',
};
const gatewayHint: Record<TopUpGateway, MessageId> = {
  card: 'gateway.cardHint',
  bank: 'gateway.bankHint',
  momo: 'gateway.momoHint',
};

/** /WalletTopUp: Details (gateway, then its form), Done ('Wallet Recharged'). MoMo waits for the payer's approval. */
export function WalletTopUpScreen({ actorRef }: { actorRef: ActorRefFrom<TopUpMachine> }) {
  const { t } = useI18n();
  const id = useId();
  const snapshot = useSelector(actorRef, (s) => s);
  const { gateway, card, bank, momo, banks, violations, error, operation, idempotencyKey } = snapshot.context;
  const done = snapshot.matches('recharged') || snapshot.matches('failed');
  const processing = snapshot.matches('processing');

  // 'All fields are required!' takes the reader to the form's first field.
  const fieldId = (field: TopUpViolationField) =>
    `${id}-${field === 'form' ? (gateway === 'card' ? 'firstName' : 'amount') : field}`;
  const fieldError = (field: TopUpViolationField) => {
    const messageId = firstViolationOf(violations, field);
    return messageId ? t(messageId) : null;
  };
  const change = (field: TopUpField) => (value: string) => actorRef.send({ type: 'CHANGE', field, value });
  /** The API's decimal amounts, in pesewas. */
  const minor = (apiAmount: number) => parseDecimalAmount(apiAmount) ?? 0;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (processing) return;
    actorRef.send({ type: 'SUBMIT' });
    focusFirstInvalid(actorRef.getSnapshot().context.violations, fieldId);
  };

  const back = (
    <Button variant="link" onClick={() => actorRef.send({ type: 'BACK' })}>
      {t('topUpScreen.changeGateway')}
    </Button>
  );

  const step = () => {
    if (snapshot.matches('choosingGateway')) {
      return (
        <>
          <FocusHeading key="gateway" level={2}>
            {t('topUpScreen.gateway')}
          </FocusHeading>
          <RadioCards<TopUpGateway>
            legend={t('topUpScreen.gateway')}
            legendHidden
            hint={t('gateway.advice')}
            options={(['card', 'bank', 'momo'] as const).map((value) => ({
              value,
              label: t(gatewayLabel[value]),
              hint: t(gatewayHint[value]),
            }))}
            value={gateway}
            onChoose={(value) => actorRef.send({ type: 'GATEWAY_CHOSEN', gateway: value })}
          />
        </>
      );
    }
    if (snapshot.matches('loadingBanks') || snapshot.matches('banksFailed')) {
      return (
        <BankListStep
          loading={snapshot.matches('loadingBanks')}
          error={error}
          onRetry={() => actorRef.send({ type: 'RETRY' })}
          back={back}
        />
      );
    }
    if (snapshot.matches('awaitingApproval')) {
      return (
        <>
          <FocusHeading key="waiting" level={2}>
            {t('topUpScreen.waitingTitle')}
          </FocusHeading>
          <div className="waiting">
            <span className="spinner" aria-hidden="true" />
            <p>{t('topUp.awaitingApproval')}</p>
          </div>
          {operation ? (
            <ReceiptSummary
              reference={operation.referenceNumber}
              amountMinor={minor(operation.amount)}
              amountLabel={t('topUpScreen.amountPaid')}
            />
          ) : null}
          <p role="status" aria-live="polite">
            {t('topUpScreen.liveStatus', { status: t(`status.${operation?.status ?? 'pending'}`) })}
          </p>
        </>
      );
    }
    if (snapshot.matches('recharged')) {
      return (
        <>
          <FocusHeading key="recharged" level={2}>
            {t('topUp.recharged')}
          </FocusHeading>
          {operation ? (
            <ReceiptSummary
              reference={operation.referenceNumber}
              amountMinor={minor(operation.amount)}
              amountLabel={t('topUpScreen.amountPaid')}
              balanceMinor={minor(operation.walletAmount)}
            />
          ) : null}
          <div className="form-actions">
            <Button onClick={() => actorRef.send({ type: 'AGAIN' })}>{t('topUpScreen.again')}</Button>
            <Link className="button button-secondary" to="/Dashboard">
              {t('topUpScreen.toDashboard')}
            </Link>
          </div>
        </>
      );
    }
    if (snapshot.matches('failed')) {
      return (
        <>
          <FocusHeading key="failed" level={2}>
            {t('topUpScreen.failedTitle')}
          </FocusHeading>
          {error ? <Alert>{t(error)}</Alert> : null}
          {operation ? <ReceiptSummary reference={operation.referenceNumber} /> : null}
          <div className="form-actions">
            <Button onClick={() => actorRef.send({ type: 'AGAIN' })}>{t('topUpScreen.again')}</Button>
            <Link className="button button-secondary" to="/Dashboard">
              {t('topUpScreen.toDashboard')}
            </Link>
          </div>
        </>
      );
    }
    // editing and processing: the chosen gateway's form.
    const amountField = (whole: boolean, value: string) => (
      <AmountField
        id={fieldId('amount')}
        label={t('topUpScreen.amount')}
        hint={whole ? t('topUpScreen.wholeAmountHint') : null}
        whole={whole}
        value={value}
        error={fieldError('amount')}
        onValueChange={change('amount')}
      />
    );
    const formError = fieldError('form');
    const canRetry = error === 'topUp.failed' && idempotencyKey !== null;
    return (
      <form className="form" noValidate onSubmit={onSubmit}>
        <FocusHeading key={`form-${gateway ?? ''}`} level={2}>
          {gateway ? t(gatewayLabel[gateway]) : ''}
        </FocusHeading>
        {gateway === 'card' ? (
          <>
            <div className="field-row">
              <TextField
                id={fieldId('firstName')}
                label={t('topUpScreen.firstName')}
                autoComplete="cc-given-name"
                required
                value={card.firstName}
                error={fieldError('firstName')}
                onValueChange={change('firstName')}
              />
              <TextField
                id={fieldId('lastName')}
                label={t('topUpScreen.lastName')}
                autoComplete="cc-family-name"
                required
                value={card.lastName}
                error={fieldError('lastName')}
                onValueChange={change('lastName')}
              />
            </div>
            <TextField
              id={fieldId('number')}
              label={t('topUpScreen.cardNumber')}
              inputMode="numeric"
              autoComplete="cc-number"
              maxLength={19}
              placeholder="1234 5678 9012 3456"
              required
              value={card.number}
              error={fieldError('number')}
              onValueChange={change('number')}
            />
            <div className="field-row">
              <TextField
                id={fieldId('expiry')}
                label={t('topUpScreen.expiry')}
                inputMode="numeric"
                autoComplete="cc-exp"
                maxLength={5}
                placeholder="MM/YY"
                required
                value={card.expiry}
                error={fieldError('expiry')}
                onValueChange={change('expiry')}
              />
              <TextField
                id={fieldId('cvc')}
                label={t('topUpScreen.cvc')}
                hint={t('topUpScreen.cvcHint')}
                inputMode="numeric"
                autoComplete="cc-csc"
                maxLength={3}
                required
                value={card.cvc}
                error={fieldError('cvc')}
                onValueChange={change('cvc')}
              />
            </div>
            {amountField(true, card.amount)}
          </>
        ) : null}
        {gateway === 'bank' ? (
          <>
            {amountField(false, bank.amount)}
            <BankSelectField
              id={fieldId('bankId')}
              label={t('topUpScreen.bank')}
              placeholder={t('topUpScreen.selectBank')}
              banks={banks}
              bankId={bank.bankId}
              error={fieldError('bankId')}
              onValueChange={change('bankId')}
            />
            <BankAccountField
              id={fieldId('bankAccountNumber')}
              label={t('topUpScreen.bankAccount')}
              value={bank.bankAccountNumber}
              error={fieldError('bankAccountNumber')}
              onValueChange={change('bankAccountNumber')}
            />
          </>
        ) : null}
        {gateway === 'momo' ? (
          <>
            {amountField(false, momo.amount)}
            <MomoNumberField
              id={fieldId('phone')}
              label={t('topUpScreen.momoNumber')}
              value={momo.phone}
              error={fieldError('phone')}
              onValueChange={change('phone')}
            />
            <SelectField
              id={fieldId('provider')}
              label={t('topUpScreen.network')}
              value={momo.provider}
              options={MOMO_PROVIDERS.map((provider) => ({ value: provider, label: provider }))}
              error={fieldError('provider')}
              onValueChange={change('provider')}
            />
          </>
        ) : null}
        {formError ? <Alert>{formError}</Alert> : null}
        {error ? (
          <Alert>
            {t(error)}
            {canRetry ? (
              <>
                {' '}
                <Button variant="link" onClick={() => actorRef.send({ type: 'RETRY' })}>
                  {t('topUpScreen.retry')}
                </Button>
              </>
            ) : null}
          </Alert>
        ) : null}
        <div className="form-actions">
          <Button type="submit" busy={processing} busyLabel={t('topUpScreen.processing')}>
            {t('topUpScreen.pay')}
          </Button>
          {processing ? null : back}
        </div>
      </form>
    );
  };

  return (
    <div className="wizard">
      <h1 className="page-title">{t('topUpScreen.title')}</h1>
      <Stepper steps={[t('topUpScreen.stepDetails'), t('topUpScreen.stepDone')]} current={done ? 1 : 0} />
      <section className="card">{step()}</section>
    </div>
  );
}
