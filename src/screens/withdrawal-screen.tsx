import { useId } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { debitedPaymentCheck, NO_PROCESSING_FEE, walletPaymentCheck } from '../domain/fees';
import type { WithdrawalField } from '../domain/withdrawal';
import {
  withdrawalCallOf,
  type WithdrawalFormField,
  type WithdrawalGateway,
} from '../machines/withdrawal.form';
import type { WithdrawalMachine } from '../machines/withdrawal.machine';
import { useI18n } from '../i18n/i18n';
import { useFormat } from '../i18n/format';
import type { MessageId } from '../i18n/en';
import { bankListStepOf } from './bank-list-step';
import { AmountField } from './ui/amount-field';
import { Button } from './ui/button';
import { FocusHeading } from './ui/focus-heading';
import { Alert } from './ui/alert';
import { Modal } from './ui/modal';
import { MomoNumberField } from './ui/momo-number-field';
import { PaymentReview } from './ui/payment-review';
import { ReceiptSummary } from './ui/receipt-summary';
import { AgainRow, BankFields, GatewayStep, stepHeading, WizardFrame, wizardForm } from './wizard-parts';

const gatewayLabel: Record<WithdrawalGateway, MessageId> = { bank: 'gateway.bank', momo: 'gateway.momo' };

/**
 * /Withdrawal: 'Select a Gateway' (Bank, MoMo), 'Details' (the form, 'Withdraw Funds', then the review: amount,
 * fee, total, balance after, and Confirm / 'Processing...' while the payout is sent and followed), 'Done'
 * ('Withdrawal Successful'). Outcomes show in a Success or Error dialog.
 */
export function WithdrawalScreen({ actorRef }: { actorRef: ActorRefFrom<WithdrawalMachine> }) {
  const { t } = useI18n();
  const { formatMoney } = useFormat();
  const id = useId();
  const snapshot = useSelector(actorRef, (s) => s);
  const {
    gateway,
    bank,
    momo,
    banks,
    availableMinor,
    violations,
    error,
    successDialog,
    onItsWay,
    operation,
  } = snapshot.context;
  const selecting = snapshot.matches('selectingGateway');
  const succeeded = snapshot.matches('succeeded');
  const failed = snapshot.matches('failed');
  const reviewing = snapshot.hasTag('reviewPage');
  const busy = reviewing && !snapshot.matches('reviewing');

  // 'Please fill all required fields.' takes the reader to the first field, the amount.
  const fieldId = (field: WithdrawalField) => `${id}-${field === 'form' ? 'amount' : field}`;
  const { fieldError, change, onSubmit, back, submitRow } = wizardForm<WithdrawalFormField, WithdrawalField>(
    actorRef,
    {
      busy,
      violations,
      fieldId,
      backLabel: t('withdrawalScreen.changeGateway'),
      submit: { label: t('withdrawalScreen.submit'), busyLabel: t('withdrawalScreen.processing') },
      t,
    },
  );

  const available = (
    <p className="lead">{t('withdrawalScreen.available', { amount: formatMoney(availableMinor) })}</p>
  );

  const step = () => {
    if (selecting) {
      return (
        <GatewayStep<WithdrawalGateway>
          heading={t('withdrawalScreen.gateway')}
          hint={t('gateway.advice')}
          options={(['bank', 'momo'] as const).map((value) => ({ value, label: t(gatewayLabel[value]) }))}
          value={gateway}
          onChoose={(value) => actorRef.send({ type: 'GATEWAY_CHOSEN', gateway: value })}
        >
          {available}
        </GatewayStep>
      );
    }
    if (succeeded) {
      return (
        <>
          {stepHeading('done', t('withdrawal.done'))}
          {onItsWay ? <p>{t('withdrawalScreen.onItsWay')}</p> : null}
          {operation ? <ReceiptSummary reference={operation.referenceNumber} /> : null}
          {available}
          <AgainRow
            again={t('withdrawalScreen.another')}
            onAgain={() => actorRef.send({ type: 'AGAIN' })}
            toDashboard={t('withdrawalScreen.toDashboard')}
          />
        </>
      );
    }
    const banksStep = bankListStepOf(snapshot, {
      error,
      onRetry: () => actorRef.send({ type: 'RETRY' }),
      back,
    });
    if (banksStep) return banksStep;
    if (reviewing) {
      const { request } = withdrawalCallOf(snapshot.context, '');
      // While the payout is followed the balance is the answer's, the total already held: derived from it once.
      const check = (snapshot.hasTag('debited') ? debitedPaymentCheck : walletPaymentCheck)(
        availableMinor,
        request.amount,
        NO_PROCESSING_FEE,
      );
      const bankName = banks.find((known) => known.id === bank.bankId)?.name ?? '';
      return (
        <PaymentReview
          details={
            gateway === 'momo'
              ? [[t('withdrawalScreen.momoNumber'), momo.momoMobileNumber]]
              : [
                  [t('withdrawalScreen.bank'), bankName],
                  [t('withdrawalScreen.bankAccount'), bank.bankAccountNumber],
                ]
          }
          check={check}
          amountMinor={request.amount}
          busy={busy}
          busyLabel={t('withdrawalScreen.processing')}
          error={error ? <Alert>{t(error)}</Alert> : null}
          onConfirm={() => actorRef.send({ type: 'CONFIRM' })}
          onBack={() => actorRef.send({ type: 'BACK' })}
        />
      );
    }
    // editing, failed (the Error dialog over the form).
    return (
      <form className="form" noValidate onSubmit={onSubmit}>
        <FocusHeading key={`form-${gateway ?? ''}`} level={2}>
          {gateway ? t(gatewayLabel[gateway]) : ''}
        </FocusHeading>
        {available}
        <AmountField
          id={fieldId('amount')}
          label={t('withdrawalScreen.amount')}
          value={gateway === 'momo' ? momo.amount : bank.amount}
          error={fieldError('amount')}
          onValueChange={change('amount')}
        />
        {gateway === 'bank' ? (
          <>
            <BankFields
              screen="withdrawalScreen"
              banks={banks}
              form={bank}
              field={(name) =>
                name === 'bankId'
                  ? { id: `${id}-bankId`, onValueChange: change(name) }
                  : { id: fieldId(name), error: fieldError(name), onValueChange: change(name) }
              }
            />
          </>
        ) : (
          <MomoNumberField
            id={fieldId('momoMobileNumber')}
            label={t('withdrawalScreen.momoNumber')}
            placeholder={t('withdrawalScreen.momoPlaceholder')}
            hint={t('withdrawalScreen.momoHint')}
            value={momo.momoMobileNumber}
            error={fieldError('momoMobileNumber')}
            onValueChange={change('momoMobileNumber')}
          />
        )}
        {submitRow()}
      </form>
    );
  };

  const dialogs = (
    <>
      {failed && error ? (
        <Modal
          role="alertdialog"
          title={t('withdrawalScreen.error')}
          onClose={() => actorRef.send({ type: 'CLOSE' })}
        >
          <p className="modal-message">{t(error)}</p>
          {operation ? (
            <ReceiptSummary reference={operation.referenceNumber} status={operation.status} />
          ) : null}
          <div className="form-actions">
            <Button onClick={() => actorRef.send({ type: 'CLOSE' })}>{t('withdrawalScreen.close')}</Button>
          </div>
        </Modal>
      ) : null}
      {succeeded && successDialog ? (
        <Modal title={t('withdrawalScreen.success')} onClose={() => actorRef.send({ type: 'CLOSE' })}>
          <p className="modal-message">{t('withdrawal.done')}</p>
          {onItsWay ? <p>{t('withdrawalScreen.onItsWay')}</p> : null}
          {operation ? <ReceiptSummary amountMinor={operation.amount} status={operation.status} /> : null}
          <div className="form-actions">
            <Button onClick={() => actorRef.send({ type: 'CLOSE' })}>{t('withdrawalScreen.close')}</Button>
          </div>
        </Modal>
      ) : null}
    </>
  );

  return (
    <WizardFrame
      title={t('withdrawalScreen.title')}
      steps={[
        t('withdrawalScreen.stepGateway'),
        t('withdrawalScreen.stepDetails'),
        t('withdrawalScreen.stepDone'),
      ]}
      current={selecting ? 0 : succeeded ? 2 : 1}
      over={dialogs}
    >
      {step()}
    </WizardFrame>
  );
}
