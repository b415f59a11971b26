import type { BillingReceipt } from '../contract/billing';
import { isMessageId, useI18n } from '../i18n/i18n';
import { useBillDay, useBillMonth } from './bill-payment-screen';
import { ReceiptSummary } from './ui/receipt-summary';
import { StatusBadge } from './wallet-movements';

/**
 * A bill payment's receipt: the biller and the bill (reference, customer, month, due date), what was paid from
 * the wallet, the status in its colour, and a prepaid purchase's token, to type into the meter.
 */
export function BillingReceiptDetails({ receipt }: { receipt: BillingReceipt }) {
  const { t, formatDate } = useI18n();
  const month = useBillMonth();
  const day = useBillDay();
  const date = new Date(receipt.date);
  const rows: [label: string, value: string][] = [
    [
      t('receiptDetails.date'),
      Number.isNaN(date.getTime())
        ? receipt.date
        : formatDate(date, { dateStyle: 'medium', timeStyle: 'short' }),
    ],
    [t('billingReceipt.biller'), `${receipt.subCompanyName}, ${receipt.companyName}`],
    [receipt.title, receipt.billReference],
    [t('billPayment.customerId'), receipt.customerId],
    [t('billPayment.customerName'), receipt.customerName],
    [t('billPayment.billMonth'), month(receipt.billMonth)],
    [t('billPayment.dueDate'), day(receipt.dueDate)],
    [t('billingReceipt.paidBy'), receipt.paidBy],
    [t('billingReceipt.senderName'), receipt.senderName],
  ];
  return (
    <div className="receipt-details">
      <p className="receipt-reference">
        {t('receiptDetails.referenceHeading', { reference: receipt.referenceNumber })}
      </p>
      {receipt.token ? (
        <p className="receipt-token">
          {t('billingReceipt.token')} <strong>{receipt.token}</strong>
        </p>
      ) : null}
      <ReceiptSummary
        amountMinor={receipt.totalBill}
        feeMinor={receipt.processingFee}
        totalMinor={receipt.totalPay}
      />
      <dl className="summary">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
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
