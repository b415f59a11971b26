import { useState } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { formSummary, quoteSummary } from '../machines/transfer.form';
import { transferPage, type TransferMachine } from '../machines/transfer.machine';
import type { TransactionReceiptMachine } from '../machines/transaction-receipt.machine';
import { useI18n } from '../i18n/i18n';
import { AddBeneficiaryDialog } from './add-beneficiary-dialog';
import { BeneficiaryManager } from './beneficiary-manager';
import { Modal } from './ui/modal';
import { Alert } from './ui/alert';
import { Button } from './ui/button';
import { Stepper } from './ui/stepper';
import { TransactionReceiptModal } from './transaction-receipt';
import { TransferAmountStep } from './transfer-amount-step';
import { TransferDoneStep } from './transfer-done-step';
import { TransferPayStep } from './transfer-pay-step';
import { TransferSummaryPanel } from './transfer-summary';
import { stepHeading } from './wizard-parts';

/**
 * /SendMoney (spec section 2, the dashboard-area wizard): pages Amount, Pay and Done, the summary panel beside
 * every page but Done, the add-beneficiary dialog from the '+' button and the receipt modal from View Receipt.
 * The steps' logic is the transfer machine's; this screen draws its state.
 */
export function SendMoneyScreen({
  actorRef,
  receiptMachine,
}: {
  actorRef: ActorRefFrom<TransferMachine>;
  receiptMachine: TransactionReceiptMachine;
}) {
  const { t } = useI18n();
  const snapshot = useSelector(actorRef, (s) => s);
  const [adding, setAdding] = useState(false);
  const [choosing, setChoosing] = useState(false);
  const [receipt, setReceipt] = useState<string | null>(null);
  const page = transferPage(snapshot);
  const { quote, error } = snapshot.context;
  const summary = quote ? quoteSummary(quote) : formSummary(snapshot.context);

  const step = () => {
    if (snapshot.matches('loading')) {
      return (
        <>
          {stepHeading('loading', t('sendMoney.amountHeading'))}
          <p role="status">{t('sendMoney.loading')}</p>
        </>
      );
    }
    if (snapshot.matches('loadFailed')) {
      return (
        <>
          {stepHeading('loadFailed', t('sendMoney.amountHeading'))}
          <Alert>
            {error ? t(error) : null}{' '}
            <Button variant="link" onClick={() => actorRef.send({ type: 'RETRY' })}>
              {t('sendMoney.retry')}
            </Button>
          </Alert>
        </>
      );
    }
    if (page === 0)
      return (
        <TransferAmountStep
          actorRef={actorRef}
          onAddBeneficiary={() => setAdding(true)}
          onChooseBeneficiary={() => setChoosing(true)}
        />
      );
    if (page === 1) return <TransferPayStep actorRef={actorRef} />;
    return <TransferDoneStep actorRef={actorRef} onViewReceipt={setReceipt} />;
  };

  return (
    <div className="wizard transfer-wizard">
      <h1 className="page-title">{t('sendMoney.title')}</h1>
      <Stepper
        steps={[t('sendMoney.stepAmount'), t('sendMoney.stepPay'), t('sendMoney.stepDone')]}
        current={page}
      />
      <div className={page < 2 ? 'transfer-layout' : undefined}>
        <section className="card">{step()}</section>
        {page < 2 ? <TransferSummaryPanel summary={summary} /> : null}
      </div>
      <AddBeneficiaryDialog
        open={adding}
        onClose={() => setAdding(false)}
        onSaved={(beneficiary) => actorRef.send({ type: 'BENEFICIARY_ADDED', beneficiary })}
      />
      {choosing ? (
        <Modal title={t('sendMoney.chooseBeneficiary')} onClose={() => setChoosing(false)}>
          <BeneficiaryManager
            headingLevel={2}
            onSelect={(beneficiary) => {
              // The manager's copy is the newest (it may have been edited there): it replaces the select's.
              actorRef.send({ type: 'BENEFICIARY_ADDED', beneficiary });
              setChoosing(false);
            }}
          />
        </Modal>
      ) : null}
      <TransactionReceiptModal
        machine={receiptMachine}
        referenceNumber={receipt}
        onClose={() => setReceipt(null)}
      />
    </div>
  );
}
