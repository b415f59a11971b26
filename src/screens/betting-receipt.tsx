import type { BettingReceipt } from '../contract/betting';
import type { BettingReceiptMachine } from '../machines/betting-receipt.machine';
import { isMessageId, useI18n } from '../i18n/i18n';
import { ReceiptModal } from './receipt-modal';
import { ReceiptSummary } from './ui/receipt-summary';
import { StatusBadge } from './wallet-movements';

/**
 * The betting detail of spec section 3 (sender, amount, fee, total, payment method, status) under the reference
 * number, with the operator, the betting account and the date.
 */
export function BettingReceiptDetails({ receipt }: { receipt: BettingReceipt }) {
  const { t, formatDate } = useI18n();
  const date = new Date(receipt.date);
  const rows: [label: string, value: string][] = [
    [
      t('receiptDetails.date'),
      Number.isNaN(date.getTime())
        ? receipt.date
        : formatDate(date, { dateStyle: 'medium', timeStyle: 'short' }),
    ],
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
      <dl className="summary">
        {rows.map(([label, value]) =>
          value === '' ? null : (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ),
        )}
        <div>
          <dt>{t('receipt.status')}</dt>
          <dd>
            <StatusBadge status={receipt.status} />
          </dd>
        </div>
      </dl>
      {receipt.status === 'Failed' && isMessageId(receipt.failureMessageId) ? (
        <p className="muted">{t(receipt.failureMessageId)}</p>
      ) : null}
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
