import { z } from 'zod';
import { dbText, int4, queryInt4Id, storableText } from './db-input';
import { BILL_REFERENCE_MAX_LENGTH } from '../domain/billing';
import type { MinorUnits } from '../domain/money';
import { SEARCH_TERM_MAX_LENGTH } from '../domain/paging';
import { apiAmountSchema, cachedEnvelopeResponses, envelopeResponses, envelopeSchema } from './envelope';
import { walletOperationResultSchema, walletOperationStatusSchema } from './wallet';

/*
 * Bill payment (spec sections 3 and 7): billing companies and their sub-companies, a bill looked up by its
 * reference number (the server keeps what it found as a short-lived quote), PayBill (the quote paid from the
 * wallet once), the billing history and a payment's receipt.
 */

/** Spec section 3, "Billing company" (`code` is ours: the biller's clearing account and the sandbox use it). */
export const billingCompanySchema = z.object({
  id: z.number().int(),
  companyName: z.string(),
  code: z.string(),
});
export type BillingCompany = z.infer<typeof billingCompanySchema>;
/**
 * The spec's client reads the billers' lists as `code, error, data` (section 7): their envelope carries `error`,
 * false on success (a failure is the usual failure envelope).
 */
export const BILLER_LIST_FIELDS = { error: false } as const;
const billerListResponses = <Data extends z.ZodType>(data: Data) => ({
  ...cachedEnvelopeResponses(data),
  200: envelopeSchema(data).extend({ error: z.literal(false) }),
});

export const billingCompaniesResponses = billerListResponses(z.array(billingCompanySchema));

/** Spec section 3, "Sub-company", and whether it sells prepaid units (the user chooses the amount). */
export const billingSubCompanySchema = z.object({
  id: z.number().int(),
  subCompanyName: z.string(),
  companyName: z.string(),
  companyId: z.number().int(),
  /** The label of the reference field ('Meter Number'). */
  title: z.string(),
  minLength: z.number().int(),
  maxLength: z.number().int(),
  /** '' when the sub-company has none. */
  regularExpression: z.string(),
  prepaid: z.boolean(),
});
export type BillingSubCompany = z.infer<typeof billingSubCompanySchema>;
export const companyIdQuerySchema = z.object({ companyId: queryInt4Id });
export const billingSubCompaniesResponses = billerListResponses(z.array(billingSubCompanySchema));

/**
 * GET api/Billing/GetBillByReferenceNumber: the spec's query has only the reference. Without `subCompanyId` (new)
 * the server asks every biller whose reference rules the number fits; when more than one holds it, 400
 * 'billing.billerRequired' names them and the request must say which (the browser always sends it).
 */
export const billLookupQuerySchema = z.object({
  referenceNumber: dbText(BILL_REFERENCE_MAX_LENGTH),
  subCompanyId: queryInt4Id.optional(),
});

/** Spec section 3, "Bill lookup result", and the quote that PayBill pays. */
export const billSchema = z.object({
  /** 'Unpaid', 'Paid', 'Pending' (a payment on its way), or 'Active' for a prepaid account. */
  status: z.string(),
  customerId: z.string(),
  customerName: z.string(),
  /** The month billed, 'YYYY-MM'. */
  billMonth: z.string(),
  /** 'YYYY-MM-DD'. */
  dueDate: z.string(),
  /** What is due (GHS); for a prepaid account, the amount suggested (the user chooses). */
  totalBillDue: apiAmountSchema,
  referenceNo: z.string(),
  subCompanyId: z.number().int(),
  prepaid: z.boolean(),
  /** The quote to pay (new): the server keeps this bill for PayBill until `expiresAt`. */
  quoteId: z.string().uuid(),
  expiresAt: z.string(),
});
export type Bill = z.infer<typeof billSchema>;
/**
 * 200 with a list of one bill; 404 'billing.billNotFound' (or 'billing.titledBillNotFound' naming the biller's field
 * title); 400 with the broken reference rules.
 */
export const billLookupResponses = envelopeResponses(200, z.array(billSchema));

/**
 * POST api/Billing/PayBill: the bill payment request of spec section 3, and the quote it pays (new). The server
 * pays the quote: every other field must say what the quote says (else 400 'billing.detailsMismatch'), except
 * `totalBill` of a prepaid bill, which is the amount the user chose. Without `quoteId` (the spec's request) the
 * server pays the user's open quote for `subCompanyId` and `referenceNo`, or looks the bill up itself; then only
 * the totals are checked against the bill (else 400 'billing.totalsMismatch'), and the customer, month and due
 * date are the bill's (the spec's client sends a fixed date as the month).
 */
export const payBillRequestSchema = z.object({
  userId: int4,
  quoteId: z.string().uuid().optional(),
  customerId: dbText(64),
  customerName: dbText(200),
  billMonth: dbText(40),
  dueDate: dbText(40),
  referenceNo: dbText(BILL_REFERENCE_MAX_LENGTH),
  processingFee: apiAmountSchema,
  totalBill: apiAmountSchema,
  totalPay: apiAmountSchema,
  paidBy: dbText(16),
  subCompanyId: int4,
});
export type PayBillRequest = z.input<typeof payBillRequestSchema>;
/** Like every money-moving POST; a biller that is slow to answer leaves it 'pending' (followed like a payout). */
export const payBillResponses = envelopeResponses(200, walletOperationResultSchema);

/** A row of the billing history (spec section 3), newest first. */
export const billingHistoryRowSchema = z.object({
  id: z.number().int(),
  senderName: z.string(),
  /** Our reference of the payment (receipts). */
  referenceNumber: z.string(),
  /** The bill's reference (meter, account, smartcard number...). */
  billReference: z.string(),
  subCompanyName: z.string(),
  companyName: z.string(),
  sendAmount: apiAmountSchema,
  status: walletOperationStatusSchema,
  /** ISO datetime. */
  date: z.string(),
});
export type BillingHistoryRow = z.infer<typeof billingHistoryRowSchema>;

export const BILLING_HISTORY_MAX_PAGE_SIZE = 50;

/** GET api/Billing/GetBillingTransactionByUserId?userId (spec section 7): the user's bill payments, newest first. */
export const billingHistoryResponses = envelopeResponses(200, z.array(billingHistoryRowSchema));

/** GET api/Billing/GetBillingHistoryPage (new): one page (the server pages), searched by reference. */
export const billingHistoryPageQuerySchema = z.object({
  userId: queryInt4Id,
  page: z.coerce.number().int().min(0).max(1_000_000).default(0),
  pageSize: z.coerce.number().int().min(1).max(BILLING_HISTORY_MAX_PAGE_SIZE).default(5),
  /** Case-insensitive contains on our reference or the bill's (`%` and `_` as typed). */
  search: storableText(z.string().trim().max(SEARCH_TERM_MAX_LENGTH)).optional(),
});
export const billingHistoryPageSchema = z.object({
  rows: z.array(billingHistoryRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type BillingHistoryPage = z.infer<typeof billingHistoryPageSchema>;
export const billingHistoryPageResponses = envelopeResponses(200, billingHistoryPageSchema);

export const billingReferenceQuerySchema = z.object({ referenceNumber: dbText(32) });

/** GET api/Billing/GetBillingTransactionByReferenceNumber (new): a bill payment's receipt. */
export const billingReceiptSchema = z.object({
  referenceNumber: z.string(),
  status: walletOperationStatusSchema,
  failureMessageId: z.string().nullable(),
  /** ISO datetime. */
  date: z.string(),
  senderName: z.string(),
  companyName: z.string(),
  subCompanyName: z.string(),
  /** The reference field's label ('Meter Number'). */
  title: z.string(),
  billReference: z.string(),
  customerId: z.string(),
  customerName: z.string(),
  billMonth: z.string(),
  dueDate: z.string(),
  totalBill: apiAmountSchema,
  processingFee: apiAmountSchema,
  totalPay: apiAmountSchema,
  paidBy: z.string(),
  /** A prepaid purchase's token (to type into the meter), once the biller has given it; else null. */
  token: z.string().nullable(),
});
export type BillingReceiptDetail = z.infer<typeof billingReceiptSchema>;
export const billingReceiptResponses = envelopeResponses(200, billingReceiptSchema);

/*
 * The browser's side: src/services converts every amount to pesewas as it reads it.
 */
export type BillInPesewas = Omit<Bill, 'totalBillDue'> & { totalBillDue: MinorUnits };

/** What the browser pays: the bill looked up, and the amount (the bill's, or the prepaid amount chosen). */
export interface BillPaymentInPesewas {
  bill: BillInPesewas;
  totalBillMinor: MinorUnits;
}

export type BillingMovement = Omit<BillingHistoryRow, 'sendAmount'> & { sendAmount: MinorUnits };
export type BillingMovementPage = Omit<BillingHistoryPage, 'rows'> & { rows: BillingMovement[] };

export type BillingReceipt = Omit<BillingReceiptDetail, 'totalBill' | 'processingFee' | 'totalPay'> & {
  totalBill: MinorUnits;
  processingFee: MinorUnits;
  totalPay: MinorUnits;
};
