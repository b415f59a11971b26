import { useId, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { WithdrawalField } from '../domain/withdrawal';
import type { WithdrawalFormField, WithdrawalGateway } from '../machines/withdrawal.form';
import type { WithdrawalMachine } from '../machines/withdrawal.machine';
import { useI18n } from '../i18n/i18n';
import type { MessageId } from '../i18n/en';
import { parseDecimalAmount } from '../domain/money';
import { BankListStep } from './bank-list-step';
import { Alert } from './ui/alert';
import { AmountField } from './ui/amount-field';
import { BankAccountField } from './ui/bank-account-field';
import { BankSelectField } from './ui/bank-select-field';
import { Button } from './ui/button';
import { FocusHeading } from './ui/focus-heading';
import { Modal } from './ui/modal';
import { MomoNumberField } from './ui/momo-number-field';
import { RadioCards } from './ui/radio-cards';
import { ReceiptSummary } from './ui/receipt-summary';
import { Stepper } from './ui/stepper';
import { firstViolationOf, focusFirstInvalid } from './ui/violations';

const gatewayLabel: Record<WithdrawalGateway, MessageId> = { bank: 'gateway.bank', momo: 'gateway.momo' };

/**
 * /Withdrawal: 'Select a Gateway' (Bank, MoMo), 'Details' (the form; 'Withdraw Funds' / 'Processing...' while the
 * payout is sent and followed), 'Done' ('Withdrawal Successful'). Outcomes show in a Success or Error dialog.
 */
export function WithdrawalScreen({ actorRef }: { actorRef: ActorRefFrom<WithdrawalMachine> }) {
  const { t, formatMoney } = useI18n();
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
  const busy = snapshot.matches('submitting') || snapshot.matches('following');
  const canRetry = failed && snapshot.can({ type: 'RETRY' });

  // 'Please fill all required fields.' takes the reader to the first field, the amount.
  const fieldId = (field: WithdrawalField) => `${id}-${field === 'form' ? 'amount' : field}`;
  const fieldError = (field: WithdrawalField) => {
    const messageId = firstViolationOf(violations, field);
    return messageId ? t(messageId) : null;
  };
  const change = (field: WithdrawalFormField) => (value: string) =>
    actorRef.send({ type: 'CHANGE', field, value });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    actorRef.send({ type: 'SUBMIT' });
    focusFirstInvalid(actorRef.getSnapshot().context.violations, fieldId);
  };

  const back = (
    <Button variant="link" onClick={() => actorRef.send({ type: 'BACK' })}>
      {t('withdrawalScreen.changeGateway')}
    </Button>
  );

  const available = (
    <p className="lead">{t('withdrawalScreen.available', { amount: formatMoney(availableMinor) })}</p>
  );

  const step = () => {
    if (selecting) {
      return (
        <>
          <FocusHeading key="gateway" level={2}>
            {t('withdrawalScreen.gateway')}
          </FocusHeading>
          {available}
          <RadioCards<WithdrawalGateway>
            legend={t('withdrawalScreen.gateway')}
            legendHidden
            hint={t('gateway.advice')}
            options={(['bank', 'momo'] as const).map((value) => ({ value, label: t(gatewayLabel[value]) }))}
            value={gateway}
            onChoose={(value) => actorRef.send({ type: 'GATEWAY_CHOSEN', gateway: value })}
          />
        </>
      );
    }
    if (succeeded) {
      return (
        <>
          <FocusHeading key="done" level={2}>
            {t('withdrawal.done')}
          </FocusHeading>
          {onItsWay ? <p>{t('withdrawalScreen.onItsWay')}</p> : null}
          {operation ? <ReceiptSummary reference={operation.referenceNumber} /> : null}
          {available}
          <div className="form-actions">
            <Button onClick={() => actorRef.send({ type: 'AGAIN' })}>{t('withdrawalScreen.another')}</Button>
            <Link className="button button-secondary" to="/Dashboard">
              {t('withdrawalScreen.toDashboard')}
            </Link>
          </div>
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
    // editing, submitting, following, failed (the Error dialog over the form).
    const formError = fieldError('form');
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
            <BankSelectField
              id={`${id}-bankId`}
              label={t('withdrawalScreen.bank')}
              placeholder={t('withdrawalScreen.selectBank')}
              banks={banks}
              bankId={bank.bankId}
              onValueChange={change('bankId')}
            />
            <BankAccountField
              id={fieldId('bankAccountNumber')}
              label={t('withdrawalScreen.bankAccount')}
              value={bank.bankAccountNumber}
              error={fieldError('bankAccountNumber')}
              onValueChange={change('bankAccountNumber')}
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
        {formError ? <Alert>{formError}</Alert> : null}
        <div className="form-actions">
          <Button type="submit" busy={busy} busyLabel={t('withdrawalScreen.processing')}>
            {t('withdrawalScreen.submit')}
          </Button>
          {busy ? null : back}
        </div>
      </form>
    );
  };

  return (
    <div className="wizard">
      <h1 className="page-title">{t('withdrawalScreen.title')}</h1>
      <Stepper
        steps={[
          t('withdrawalScreen.stepGateway'),
          t('withdrawalScreen.stepDetails'),
          t('withdrawalScreen.stepDone'),
        ]}
        current={selecting ? 0 : succeeded ? 2 : 1}
      />
      <section className="card">{step()}</section>
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
            {canRetry ? (
              <Button onClick={() => actorRef.send({ type: 'RETRY' })}>{t('topUpScreen.retry')}</Button>
            ) : null}
            <Button
              variant={canRetry ? 'secondary' : 'primary'}
              onClick={() => actorRef.send({ type: 'CLOSE' })}
            >
              {t('withdrawalScreen.close')}
            </Button>
          </div>
        </Modal>
      ) : null}
      {succeeded && successDialog ? (
        <Modal title={t('withdrawalScreen.success')} onClose={() => actorRef.send({ type: 'CLOSE' })}>
          <p className="modal-message">{t('withdrawal.done')}</p>
          {onItsWay ? <p>{t('withdrawalScreen.onItsWay')}</p> : null}
          {operation ? (
            <ReceiptSummary amountMinor={parseDecimalAmount(operation.amount)} status={operation.status} />
          ) : null}
          <div className="form-actions">
            <Button onClick={() => actorRef.send({ type: 'CLOSE' })}>{t('withdrawalScreen.close')}</Button>
          </div>
        </Modal>
      ) : null}
    </div>
  );
}
