import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { formSummary, quoteSummary } from '../machines/transfer.form';
import { transferPage, type TransferMachine } from '../machines/transfer.machine';
import type { TransactionReceiptMachine } from '../machines/transaction-receipt.machine';
import { useI18n } from '../i18n/i18n';
import { Stepper } from './ui/stepper';
import { TransferAmountStep } from './transfer-amount-step';
import { TransferDoneStep } from './transfer-done-step';
import { TransferPayStep } from './transfer-pay-step';
import { TransferSummaryPanel } from './transfer-summary';
import { transferLoadStep, useTransferDialogs } from './transfer-wizard-parts';

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
  const { addBeneficiary, chooseBeneficiary, viewReceipt, dialogs } = useTransferDialogs(
    actorRef,
    receiptMachine,
  );
  const page = transferPage(snapshot);
  const { quote } = snapshot.context;
  const summary = quote ? quoteSummary(quote) : formSummary(snapshot.context);

  const step = () => {
    const loadStep = transferLoadStep(actorRef, snapshot, t('sendMoney.amountHeading'), t);
    if (loadStep) return loadStep;
    if (page === 0)
      return (
        <TransferAmountStep
          actorRef={actorRef}
          onAddBeneficiary={addBeneficiary}
          onChooseBeneficiary={chooseBeneficiary}
        />
      );
    if (page === 1) return <TransferPayStep actorRef={actorRef} />;
    return <TransferDoneStep actorRef={actorRef} onViewReceipt={viewReceipt} />;
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
      {dialogs}
    </div>
  );
}
