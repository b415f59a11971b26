import type { BillingReceipt } from '../contract/billing';
import type { ReceiptMachine } from '../machines/shared/receipt';
import { ReceiptModal } from './receipt-modal';
import { useI18n } from '../i18n/i18n';
import { ReceiptSummary } from './ui/receipt-summary';
import { ReceiptDetailList } from './receipt-detail-list';

/** 'October 2026' for '2026-10' (the text as given when it is not a month). */
export const useBillMonth = () => {
  const { formatDate } = useI18n();
  return (month: string) => {
    const date = new Date(`${month}-01T00:00:00Z`);
    return Number.isNaN(date.getTime())
      ? month
      : formatDate(date, { month: 'long', year: 'numeric', timeZone: 'UTC' });
  };
};

/** A day ('2026-11-21') in the reader's words. */
export const useBillDay = () => {
  const { formatDate } = useI18n();
  return (day: string) => {
    const date = new Date(`${day}T00:00:00Z`);
    return Number.isNaN(date.getTime()) ? day : formatDate(date, { dateStyle: 'medium', timeZone: 'UTC' });
  };
};

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
      <ReceiptDetailList rows={rows} status={receipt.status} failureMessageId={receipt.failureMessageId} />
    </div>
  );
}

/** The receipt modal of a bill payment, 'Transaction Details' (a receipt modal, ./receipt-modal.tsx). */
export function BillingReceiptModal({
  machine,
  referenceNumber,
  onClose,
}: {
  machine: ReceiptMachine<BillingReceipt>;
  referenceNumber: string;
  onClose: () => void;
}) {
  const { t } = useI18n();
  return (
    <ReceiptModal<BillingReceipt>
      machine={machine}
      referenceNumber={referenceNumber}
      title={t('billingHistory.receiptTitle')}
      onClose={onClose}
      details={(detail) => <BillingReceiptDetails receipt={detail} />}
    />
  );
}
