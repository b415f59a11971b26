import type { TransactionReceipt } from '../contract/transfer';
import type { TransactionReceiptMachine } from '../machines/transaction-receipt.machine';
import { useI18n } from '../i18n/i18n';
import { ReceiptModal } from './receipt-modal';
import { ReceiptSummary } from './ui/receipt-summary';
import { useCurrencyFormat } from './transfer-summary';
import { ReceiptDetailList } from './receipt-detail-list';

/**
 * The detail fields of a transfer (spec section 3): date, sender, receiver (phone and account), country, the
 * transfer amount, fee and pay amount, what was received in which currency at which rate, purpose, delivery
 * method and the status in its colour, under the reference number.
 */
export function TransactionReceiptDetails({ receipt }: { receipt: TransactionReceipt }) {
  const { t, formatDate } = useI18n();
  const currencyFormat = useCurrencyFormat();
  const date = new Date(receipt.sendDateTime);
  const rows: [label: string, value: string][] = [
    [
      t('receiptDetails.date'),
      Number.isNaN(date.getTime())
        ? receipt.sendDateTime
        : formatDate(date, { dateStyle: 'medium', timeStyle: 'short' }),
    ],
    [t('receiptDetails.direction'), t(`receiptDetails.${receipt.direction}`)],
    [t('receiptDetails.senderName'), receipt.senderName],
    [t('receiptDetails.senderPhone'), receipt.senderPhone],
    [t('receiptDetails.receiverName'), receipt.receiverName],
    [t('receiptDetails.receiverPhone'), receipt.receiverPhone],
    [t('receiptDetails.receiverAccount'), receipt.receiverAccount],
    [t('receiptDetails.country'), receipt.receiverCountry],
    [t('receiptDetails.receiveAmount'), currencyFormat(receipt.receiveAmount, receipt.currency)],
    [
      t('receiptDetails.rate'),
      t('transferSummary.rateLine', { rate: receipt.rate, currency: receipt.currency }),
    ],
    [t('receiptDetails.purpose'), receipt.purpose],
    [t('receiptDetails.deliveryMethod'), receipt.deliveryMethod],
    [t('receiptDetails.paymentType'), receipt.paymentType],
  ];
  return (
    <div className="receipt-details">
      <p className="receipt-reference">
        {t('receiptDetails.referenceHeading', { reference: receipt.referenceNumber })}
      </p>
      <ReceiptSummary
        amountMinor={receipt.transferAmount}
        amountLabel={t('receiptDetails.transferAmount')}
        feeMinor={receipt.processingFee}
        totalMinor={receipt.payAmount}
      />
      <ReceiptDetailList rows={rows} status={receipt.status} failureMessageId={receipt.failureMessageId} />
    </div>
  );
}

/** The receipt modal 'Transaction Details' of a transfer (a receipt modal, ./receipt-modal.tsx). */
export function TransactionReceiptModal({
  machine,
  referenceNumber,
  onClose,
}: {
  /** The receipt machine, its loader provided by the app. */
  machine: TransactionReceiptMachine;
  referenceNumber: string;
  onClose: () => void;
}) {
  const { t } = useI18n();
  return (
    <ReceiptModal
      machine={machine}
      referenceNumber={referenceNumber}
      title={t('receiptDetails.title')}
      onClose={onClose}
      details={(receipt) => <TransactionReceiptDetails receipt={receipt} />}
    />
  );
}
