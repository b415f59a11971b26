import type { BillingReceipt } from '../contract/billing';
import { useI18n } from '../i18n/i18n';
import { useFormat } from '../i18n/format';
import { ReceiptDetails, receiptModalOf, useReceiptDate } from './receipt-modal';
import type { SummaryRow } from './ui/summary-list';

/** 'October 2026' for '2026-10' (the text as given when it is not a month). */
export const useBillMonth = () => {
  const { formatDate } = useFormat();
  return (month: string) => {
    const date = new Date(`${month}-01T00:00:00Z`);
    return Number.isNaN(date.getTime())
      ? month
      : formatDate(date, { month: 'long', year: 'numeric', timeZone: 'UTC' });
  };
};

/** A day ('2026-11-21') in the reader's words. */
export const useBillDay = () => {
  const { formatDate } = useFormat();
  return (day: string) => {
    const date = new Date(`${day}T00:00:00Z`);
    return Number.isNaN(date.getTime()) ? day : formatDate(date, { dateStyle: 'medium', timeZone: 'UTC' });
  };
};

/**
 * A bill payment's receipt: a prepaid purchase's token first (to type into the meter), the biller and the bill
 * (reference, customer, month, due date), what was paid from the wallet, and the status in its colour.
 */
export function BillingReceiptDetails({ receipt }: { receipt: BillingReceipt }) {
  const { t } = useI18n();
  const receiptDate = useReceiptDate();
  const month = useBillMonth();
  const day = useBillDay();
  const rows: SummaryRow[] = [
    [
      t('billingReceipt.token'),
      receipt.token ? <strong className="receipt-token">{receipt.token}</strong> : null,
    ],
    [t('receiptDetails.date'), receiptDate(receipt.date)],
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
    <ReceiptDetails
      referenceNumber={receipt.referenceNumber}
      summary={{
        amountMinor: receipt.totalBill,
        feeMinor: receipt.processingFee,
        totalMinor: receipt.totalPay,
      }}
      rows={rows}
      status={receipt.status}
      failureMessageId={receipt.failureMessageId}
    />
  );
}

/** The receipt modal of a bill payment, 'Transaction Details'. */
export const BillingReceiptModal = receiptModalOf('billingHistory.receiptTitle', BillingReceiptDetails);
