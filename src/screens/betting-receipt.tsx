import type { BettingReceipt } from '../contract/betting';
import type { BettingReceiptMachine } from '../machines/betting-receipt.machine';
import { useI18n } from '../i18n/i18n';
import { ReceiptDetailList, ReceiptModal, useReceiptDate } from './receipt-modal';
import { ReceiptSummary } from './ui/receipt-summary';
import type { SummaryRow } from './ui/summary-list';

/**
 * The betting detail of spec section 3 (sender, amount, fee, total, payment method, status) under the reference
 * number, with the operator, the betting account and the date.
 */
export function BettingReceiptDetails({ receipt }: { receipt: BettingReceipt }) {
  const { t } = useI18n();
  const receiptDate = useReceiptDate();
  const rows: SummaryRow[] = [
    [t('receiptDetails.date'), receiptDate(receipt.date)],
    [t('receiptDetails.senderName'), receipt.senderName],
    [t('betting.operator'), receipt.operatorName],
    [t('betting.bettingNo'), receipt.bettingNo],
    [t('betting.receiverPhoneNo'), receipt.receiverPhoneNo],
    [t('bettingHistory.paymentMethod'), receipt.paymentMethod],
  ];
  return (
    <div className="receipt-details">
      <p className="receipt-reference">
        {t('receiptDetails.referenceHeading', { reference: receipt.referenceNumber })}
      </p>
      <ReceiptSummary
        amountMinor={receipt.sendAmount}
        feeMinor={receipt.processingFee}
        totalMinor={receipt.totalPay}
      />
      <ReceiptDetailList rows={rows} status={receipt.status} failureMessageId={receipt.failureMessageId} />
    </div>
  );
}

/** The receipt modal 'Betting Details' (a receipt modal, ./receipt-modal.tsx). */
export function BettingReceiptModal({
  machine,
  referenceNumber,
  onClose,
}: {
  machine: BettingReceiptMachine;
  referenceNumber: string;
  onClose: () => void;
}) {
  const { t } = useI18n();
  return (
    <ReceiptModal
      machine={machine}
      referenceNumber={referenceNumber}
      title={t('bettingDetails.title')}
      onClose={onClose}
      details={(receipt) => <BettingReceiptDetails receipt={receipt} />}
    />
  );
}
