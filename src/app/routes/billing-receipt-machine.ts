import type { BillingReceipt } from '../../contract/billing';
import { receiptMachine } from '../../machines/shared/receipt';

/** A bill payment's receipt (GET api/Billing/GetBillingTransactionByReferenceNumber), for /BillPayment and the history. */
export const billingReceiptMachine = receiptMachine<BillingReceipt>('billingReceipt');
