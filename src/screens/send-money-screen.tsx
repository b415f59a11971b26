import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { transferPage, type TransferMachine } from '../machines/transfer.machine';
import type { TransactionReceiptMachine } from '../machines/transaction-receipt.machine';
import { useI18n } from '../i18n/i18n';
import { TransferAmountStep } from './transfer-amount-step';
import { TransferDoneStep } from './transfer-done-step';
import { TransferPayStep } from './transfer-pay-step';
import { TransferWizard } from './transfer-wizard-parts';

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
  const page = useSelector(actorRef, transferPage);
  return (
    <TransferWizard
      actorRef={actorRef}
      receiptMachine={receiptMachine}
      title={t('sendMoney.title')}
      heading={t('sendMoney.amountHeading')}
      steps={[t('sendMoney.stepAmount'), t('sendMoney.stepPay'), t('sendMoney.stepDone')]}
      page={page}
      renderStep={({ addBeneficiary, chooseBeneficiary, viewReceipt }) =>
        page === 0 ? (
          <TransferAmountStep
            actorRef={actorRef}
            onAddBeneficiary={addBeneficiary}
            onChooseBeneficiary={chooseBeneficiary}
          />
        ) : page === 1 ? (
          <TransferPayStep actorRef={actorRef} />
        ) : (
          <TransferDoneStep actorRef={actorRef} onViewReceipt={viewReceipt} />
        )
      }
    />
  );
}
