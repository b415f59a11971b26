import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { DELIVERY_METHOD_IDS } from '../domain/cross-border';
import { PAYMENT_METHOD_IDS } from '../domain/cross-border';
import { formSummary, quoteSummary } from '../machines/transfer.form';
import { crossBorderPage, type TransferMachine } from '../machines/transfer.machine';
import type { TransactionReceiptMachine } from '../machines/transaction-receipt.machine';
import { useI18n } from '../i18n/i18n';
import { Stepper } from './ui/stepper';
import { CollectionCode } from './collection-code';
import { CrossBorderAmountStep } from './cross-border-amount-step';
import { CrossBorderPayStep } from './cross-border-pay-step';
import { CrossBorderReviewStep } from './cross-border-review-step';
import { TransferDoneStep } from './transfer-done-step';
import { TransferSummaryPanel } from './transfer-summary';
import { transferLoadStep, useTransferDialogs } from './transfer-wizard-parts';

/**
 * /CrossBorderPayment (spec section 2): the transfer machine's cross-border presentation. The 4-step indicator
 * (Amount, Benefeciaries, Review, Done, as the product spells them) over the spec's four pages in order: the
 * converter, 'Review Transaction', the payment by method id, 'Transaction Completed' (the success screen, with
 * the cash pick-up collection code when there is one); the fee and total summary beside every page but the last.
 */
export function CrossBorderScreen({
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
  const page = crossBorderPage(snapshot);
  const { quote, operation } = snapshot.context;
  const summary = quote ? quoteSummary(quote) : formSummary(snapshot.context);

  const step = () => {
    const loadStep = transferLoadStep(actorRef, snapshot, t('crossBorder.amountHeading'), t);
    if (loadStep) return loadStep;
    if (page === 0)
      return (
        <CrossBorderAmountStep
          actorRef={actorRef}
          onAddBeneficiary={addBeneficiary}
          onChooseBeneficiary={chooseBeneficiary}
        />
      );
    if (page === 1) return <CrossBorderReviewStep actorRef={actorRef} />;
    if (page === 2) return <CrossBorderPayStep actorRef={actorRef} />;
    return (
      <TransferDoneStep
        actorRef={actorRef}
        onViewReceipt={viewReceipt}
        heading={t('crossBorder.completed')}
        onItsWayNote={
          quote?.paymentMethodId === PAYMENT_METHOD_IDS.mobileWallet && operation?.status === 'pending'
            ? t('crossBorder.payerPending')
            : undefined
        }
      >
        {quote?.deliveryMethodId === DELIVERY_METHOD_IDS.cashPickup && operation ? (
          <CollectionCode machine={receiptMachine} referenceNumber={operation.referenceNumber} />
        ) : null}
      </TransferDoneStep>
    );
  };

  return (
    <div className="wizard transfer-wizard">
      <h1 className="page-title">{t('crossBorder.title')}</h1>
      <Stepper
        steps={[
          t('crossBorder.stepAmount'),
          t('crossBorder.stepBeneficiaries'),
          t('crossBorder.stepReview'),
          t('crossBorder.stepDone'),
        ]}
        current={page}
      />
      <div className={page < 3 ? 'transfer-layout' : undefined}>
        <section className="card">{step()}</section>
        {page < 3 ? <TransferSummaryPanel summary={summary} /> : null}
      </div>
      {dialogs}
    </div>
  );
}
