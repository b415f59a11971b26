import type { BettingReceipt } from '../contract/betting';
import { useI18n } from '../i18n/i18n';
import { ReceiptDetails, receiptModalOf, useReceiptDate } from './receipt-modal';
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
    <ReceiptDetails
      referenceNumber={receipt.referenceNumber}
      summary={{
        amountMinor: receipt.sendAmount,
        feeMinor: receipt.processingFee,
        totalMinor: receipt.totalPay,
      }}
      rows={rows}
      status={receipt.status}
      failureMessageId={receipt.failureMessageId}
    />
  );
}

/** The receipt modal 'Betting Details' of a bet. */
export const BettingReceiptModal = receiptModalOf('bettingDetails.title', BettingReceiptDetails);
