import type { TransactionReceipt } from '../contract/transfer';
import { formatCollectionCode } from '../domain/cross-border';
import { WALLET_CURRENCY } from '../domain/money';
import { useI18n } from '../i18n/i18n';
import { useFormat } from '../i18n/format';
import { ReceiptDetails, receiptModalOf, useReceiptDate } from './receipt-modal';
import { useCurrencyFormat } from './transfer-summary';
import type { SummaryRow } from './ui/summary-list';
import { purposeName } from './reference-names';

/**
 * The detail fields of a transfer (spec section 3): date, sender, receiver (phone and account), country, the
 * transfer amount, fee and pay amount, what was received in which currency at which rate, purpose, delivery
 * method and the status in its colour, under the reference number.
 */
export function TransactionReceiptDetails({ receipt }: { receipt: TransactionReceipt }) {
  const { t } = useI18n();
  const { formatMoney } = useFormat();
  const currencyFormat = useCurrencyFormat();
  const receiptDate = useReceiptDate();
  const rows: SummaryRow[] = [
    [t('receiptDetails.date'), receiptDate(receipt.sendDateTime)],
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
      t('transferSummary.rateLine', {
        from: WALLET_CURRENCY,
        rate: receipt.rate,
        currency: receipt.currency,
      }),
    ],
    [t('receiptDetails.purpose'), purposeName(t, receipt.purpose)],
    [t('receiptDetails.deliveryMethod'), receipt.deliveryMethod],
    [t('receiptDetails.paymentType'), receipt.paymentType],
    [t('transferSummary.discount'), receipt.couponDiscount > 0 ? formatMoney(receipt.couponDiscount) : null],
    [
      t('crossBorder.collectionCode'),
      receipt.collectionCode ? formatCollectionCode(receipt.collectionCode) : null,
    ],
  ];
  return (
    <ReceiptDetails
      referenceNumber={receipt.referenceNumber}
      summary={{
        amountMinor: receipt.transferAmount,
        amountLabel: t('receiptDetails.transferAmount'),
        feeMinor: receipt.processingFee,
        totalMinor: receipt.payAmount,
      }}
      rows={rows}
      status={receipt.status}
      failureMessageId={receipt.failureMessageId}
    />
  );
}

/** The receipt modal 'Transaction Details' of a transfer. */
export const TransactionReceiptModal = receiptModalOf('receiptDetails.title', TransactionReceiptDetails);
