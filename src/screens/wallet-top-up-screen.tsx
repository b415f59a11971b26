import { useId } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { NO_PROCESSING_FEE, walletCreditCheck } from '../domain/fees';
import type { TopUpMachine } from '../machines/top-up.machine';
import {
  topUpCallOf,
  type TopUpField,
  type TopUpGateway,
  type TopUpViolationField,
} from '../machines/top-up.form';
import { useI18n } from '../i18n/i18n';
import type { MessageId } from '../i18n/en';
import { bankListStepOf } from './bank-list-step';
import { CardFields, MomoFields } from './payment-fields';
import { Alert } from './ui/alert';
import { AmountField } from './ui/amount-field';
import { FocusHeading } from './ui/focus-heading';
import { PaymentReview } from './ui/payment-review';
import { ReceiptSummary } from './ui/receipt-summary';
import { AgainRow, BankFields, GatewayStep, stepHeading, WizardFrame, wizardForm } from './wizard-parts';

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

/**
 * /WalletTopUp: Details (gateway, then its form, then the review: what the card, bank or MoMo pays, the fee, the
 * total and the balance after, and Confirm), Done ('Wallet Recharged'). MoMo waits for the payer's approval.
 */
export function WalletTopUpScreen({ actorRef }: { actorRef: ActorRefFrom<TopUpMachine> }) {
  const { t } = useI18n();
  const id = useId();
  const snapshot = useSelector(actorRef, (s) => s);
  const { gateway, card, bank, momo, banks, violations, error, operation, walletAmount } = snapshot.context;
  const done = snapshot.matches('recharged') || snapshot.matches('failed');
  const processing = snapshot.matches('processing');
  const form: Record<string, string | number> =
    gateway === 'card' ? { ...card } : gateway === 'bank' ? { ...bank } : { ...momo };

  // 'All fields are required!' takes the reader to the form's first field.
  const fieldId = (field: TopUpViolationField) =>
    `${id}-${field === 'form' ? (gateway === 'card' ? 'firstName' : 'amount') : field}`;
  const { field, onSubmit, back, submitRow } = wizardForm<TopUpField, TopUpViolationField>(actorRef, {
    busy: processing,
    violations,
    fieldId,
    backLabel: t('topUpScreen.changeGateway'),
    submit: { label: t('topUpScreen.pay'), busyLabel: t('topUpScreen.processing') },
    t,
    // 'All fields are required!' marks the fields left empty (a bank not chosen is 0).
    isEmpty: (name) => name in form && (form[name] === 0 || String(form[name]).trim() === ''),
  });
  /** The operation summed up: its reference, the amount paid and, once recharged, the new balance. */
  const paid = (withBalance: boolean) =>
    operation ? (
      <ReceiptSummary
        reference={operation.referenceNumber}
        amountMinor={operation.amount}
        amountLabel={t('topUpScreen.amountPaid')}
        balanceMinor={withBalance ? operation.walletAmount : null}
      />
    ) : null;
  const again = (
    <AgainRow
      again={t('topUpScreen.again')}
      onAgain={() => actorRef.send({ type: 'AGAIN' })}
      toDashboard={t('topUpScreen.toDashboard')}
    />
  );
  const step = () => {
    if (snapshot.matches('choosingGateway')) {
      return (
        <GatewayStep<TopUpGateway>
          heading={t('topUpScreen.gateway')}
          hint={t('gateway.advice')}
          options={(['card', 'bank', 'momo'] as const).map((value) => ({
            value,
            label: t(gatewayLabel[value]),
            hint: t(gatewayHint[value]),
          }))}
          value={gateway}
          onChoose={(value) => actorRef.send({ type: 'GATEWAY_CHOSEN', gateway: value })}
        />
      );
    }
    const banksStep = bankListStepOf(snapshot, {
      error,
      onRetry: () => actorRef.send({ type: 'RETRY' }),
      back,
    });
    if (banksStep) return banksStep;
    if (snapshot.hasTag('reviewPage')) {
      const call = topUpCallOf(snapshot.context, '');
      const { request } = call;
      const details: [string, string][] =
        call.gateway === 'card'
          ? [
              [
                t('receiptDetails.paymentType'),
                `${t('gateway.card')} •••• ${call.request.cardNumber.slice(-4)}`,
              ],
            ]
          : gateway === 'bank'
            ? [
                [t('topUpScreen.bank'), banks.find((known) => known.id === bank.bankId)?.name ?? ''],
                [t('topUpScreen.bankAccount'), bank.bankAccountNumber],
              ]
            : [
                [t('topUpScreen.momoNumber'), momo.phone],
                [t('topUpScreen.network'), momo.provider],
              ];
      return (
        <PaymentReview
          details={details}
          check={walletCreditCheck(walletAmount, request.amount, NO_PROCESSING_FEE)}
          amountMinor={request.amount}
          busy={processing}
          busyLabel={t('topUpScreen.processing')}
          error={error ? <Alert>{t(error)}</Alert> : null}
          onConfirm={() => actorRef.send({ type: 'CONFIRM' })}
          onBack={() => actorRef.send({ type: 'BACK' })}
        />
      );
    }
    if (snapshot.matches('awaitingApproval')) {
      return (
        <>
          {stepHeading('waiting', t('topUpScreen.waitingTitle'))}
          <div className="waiting">
            <span className="spinner" aria-hidden="true" />
            <p>{t('topUp.awaitingApproval')}</p>
          </div>
          {paid(false)}
          <p role="status" aria-live="polite">
            {t('topUpScreen.liveStatus', { status: t(`status.${operation?.status ?? 'pending'}`) })}
          </p>
        </>
      );
    }
    if (snapshot.matches('recharged')) {
      return (
        <>
          {stepHeading('recharged', t('topUp.recharged'))}
          {paid(true)}
          {again}
        </>
      );
    }
    if (snapshot.matches('failed')) {
      return (
        <>
          {stepHeading('failed', t('topUpScreen.failedTitle'))}
          {error ? <Alert>{t(error)}</Alert> : null}
          {operation ? <ReceiptSummary reference={operation.referenceNumber} /> : null}
          {again}
        </>
      );
    }
    // editing: the chosen gateway's form.
    const amountField = (whole: boolean, value: string) => (
      <AmountField
        label={t('topUpScreen.amount')}
        hint={whole ? t('topUpScreen.wholeAmountHint') : null}
        whole={whole}
        value={value}
        {...field('amount')}
      />
    );
    return (
      <form className="form" noValidate onSubmit={onSubmit}>
        <FocusHeading key={`form-${gateway ?? ''}`} level={2}>
          {gateway ? t(gatewayLabel[gateway]) : ''}
        </FocusHeading>
        {gateway === 'card' ? (
          <>
            <CardFields card={card} field={field} />
            {amountField(true, card.amount)}
          </>
        ) : null}
        {gateway === 'bank' ? (
          <>
            {amountField(false, bank.amount)}
            <BankFields screen="topUpScreen" banks={banks} form={bank} field={field} />
          </>
        ) : null}
        {gateway === 'momo' ? (
          <>
            {amountField(false, momo.amount)}
            <MomoFields momo={momo} field={field} />
          </>
        ) : null}
        {submitRow(error ? <Alert>{t(error)}</Alert> : null)}
      </form>
    );
  };

  return (
    <WizardFrame
      title={t('topUpScreen.title')}
      steps={[t('topUpScreen.stepDetails'), t('topUpScreen.stepDone')]}
      current={done ? 1 : 0}
    >
      {step()}
    </WizardFrame>
  );
}
