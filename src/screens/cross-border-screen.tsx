import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { DELIVERY_METHOD_IDS, PAYMENT_METHOD_IDS } from '../domain/cross-border';
import { quoteSummary, receivingCountryIdOf } from '../machines/transfer.form';
import { crossBorderPage, type TransferMachine } from '../machines/transfer.machine';
import type { TransactionReceiptMachine } from '../machines/transaction-receipt.machine';
import { formatLanguage, useI18n } from '../i18n/i18n';
import { CollectionCode } from './collection-code';
import { CrossBorderAmountStep } from './cross-border-amount-step';
import { CrossBorderPayStep } from './cross-border-pay-step';
import { CrossBorderReviewStep } from './cross-border-review-step';
import { countryName } from './reference-names';
import { TransferDoneStep } from './transfer-done-step';
import { useCurrencyFormat } from './transfer-summary';
import { TransferWizard } from './transfer-wizard-parts';
import { SummaryList } from './ui/summary-list';

/**
 * The indicator's step of each page (issue 23: 'Benefeciaries' was lit over the review and 'Review' over the
 * payment): the converter is Amount (the beneficiary is chosen there too, so Benefeciaries is done with it), the
 * review and the payment are Review, the success screen Done.
 */
const STEP_OF_PAGE = [0, 2, 2, 3] as const;

/**
 * /CrossBorderPayment (spec section 2): the transfer machine's cross-border presentation. The 4-step indicator
 * (Amount, Benefeciaries, Review, Done, as the product spells them) over the spec's four pages: the converter,
 * 'Review Transaction', the payment by method id, 'Transaction Completed' (the success screen, with the cash pick-up
 * collection code when there is one); the fee and total summary beside every page but the last.
 */
export function CrossBorderScreen({
  actorRef,
  receiptMachine,
}: {
  actorRef: ActorRefFrom<TransferMachine>;
  receiptMachine: TransactionReceiptMachine;
}) {
  const { t } = useI18n();
  const page = useSelector(actorRef, crossBorderPage);
  const { quote, operation } = useSelector(actorRef, (s) => s.context);
  const unapproved =
    quote?.paymentMethodId === PAYMENT_METHOD_IDS.mobileWallet && operation?.status === 'pending';
  return (
    <TransferWizard
      actorRef={actorRef}
      receiptMachine={receiptMachine}
      title={t('crossBorder.title')}
      heading={t('crossBorder.amountHeading')}
      steps={[
        t('crossBorder.stepAmount'),
        t('crossBorder.stepBeneficiaries'),
        t('crossBorder.stepReview'),
        t('crossBorder.stepDone'),
      ]}
      page={page}
      step={STEP_OF_PAGE[page]}
      renderStep={({ addBeneficiary, chooseBeneficiary, viewReceipt }) => {
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
            onItsWayNote={unapproved ? t('crossBorder.payerPending') : undefined}
          >
            <CrossBorderReceived actorRef={actorRef} />
            {quote?.deliveryMethodId === DELIVERY_METHOD_IDS.cashPickup && operation ? (
              <CollectionCode machine={receiptMachine} referenceNumber={operation.referenceNumber} />
            ) : null}
          </TransferDoneStep>
        );
      }}
    />
  );
}

/** What the recipient gets and where, on 'Transaction Completed' (issue 23: the done screen left both out). */
function CrossBorderReceived({ actorRef }: { actorRef: ActorRefFrom<TransferMachine> }) {
  const { t, language } = useI18n();
  const currencyFormat = useCurrencyFormat();
  const context = useSelector(actorRef, (s) => s.context);
  if (!context.quote) return null;
  const summary = quoteSummary(context.quote);
  const countryId = receivingCountryIdOf(context);
  const found = context.countries.find((candidate) => candidate.id === countryId);
  const country = found ? countryName(formatLanguage(language), found.isoCode, found.name) : null;
  return (
    <SummaryList
      className="received"
      rows={[
        [
          t('transferSummary.receives'),
          <span className="figure">{currencyFormat(summary.receiveMinor, summary.currency)}</span>,
        ],
        [t('crossBorder.receivingCountry'), country],
      ]}
    />
  );
}
