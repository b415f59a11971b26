import { apiPaths } from '../contract/paths';
import { moneyPost } from './money-post';
import type {
  Bill,
  BillInPesewas,
  BillingCompany,
  BillingHistoryPage,
  BillingMovementPage,
  BillingReceipt,
  BillingReceiptDetail,
  BillingSubCompany,
  BillPaymentInPesewas,
} from '../contract/billing';
import type { WalletOperation, WalletOperationResult } from '../contract/wallet';
import { BILL_PAID_BY, BILL_PROCESSING_FEE_MINOR, billTotalPay } from '../domain/billing';
import { apiAmountToMinor, minorToApiAmount } from './amounts';
import { currentUserId, get } from './http';

type Call = { signal?: AbortSignal };

/** GET api/Billing/GetBillingCompanies. */
export const getBillingCompanies = (call: Call = {}): Promise<BillingCompany[]> =>
  get<BillingCompany[]>(apiPaths.billingCompanies, call);

/** GET api/Billing/GetBillingSubCompaniesByCompanyId. */
export const getBillingSubCompanies = (companyId: number, call: Call = {}): Promise<BillingSubCompany[]> =>
  get<BillingSubCompany[]>(apiPaths.billingSubCompanies, { ...call, query: { companyId } });

/** The bill of a reference at a sub-company (the first of the answer's list), kept by the server as a quote. */
export const getBillByReference = async (
  { referenceNumber, subCompanyId }: { referenceNumber: string; subCompanyId: number },
  call: Call = {},
): Promise<BillInPesewas> => {
  const bills = await get<Bill[]>(apiPaths.billByReference, {
    ...call,
    query: { referenceNumber, subCompanyId },
  });
  const [bill] = bills;
  if (!bill) throw new Error('the bill lookup answered an empty list');
  return { ...bill, totalBillDue: apiAmountToMinor(bill.totalBillDue) };
};

/** POST api/Billing/PayBill with the attempt's Idempotency-Key (reused on retry). */
export const payBill = async (
  { bill, totalBillMinor }: BillPaymentInPesewas,
  idempotencyKey: string,
  call: Call = {},
): Promise<WalletOperation> => {
  const result = await moneyPost<WalletOperationResult>(
    apiPaths.payBill,
    {
      userId: currentUserId(),
      quoteId: bill.quoteId,
      customerId: bill.customerId,
      customerName: bill.customerName,
      billMonth: bill.billMonth,
      dueDate: bill.dueDate,
      referenceNo: bill.referenceNo,
      processingFee: minorToApiAmount(BILL_PROCESSING_FEE_MINOR),
      totalBill: minorToApiAmount(totalBillMinor),
      totalPay: minorToApiAmount(billTotalPay(totalBillMinor)),
      paidBy: BILL_PAID_BY,
      subCompanyId: bill.subCompanyId,
    },
    idempotencyKey,
    call,
  );
  return {
    ...result,
    amount: apiAmountToMinor(result.amount),
    walletAmount: apiAmountToMinor(result.walletAmount),
  };
};

/** One page (0-based) of the user's bill payments, newest first; `search` on either reference. */
export const getBillingHistoryPage = async (
  { page, pageSize, search }: { page: number; pageSize: number; search?: string },
  call: Call = {},
): Promise<BillingMovementPage> => {
  const answer = await get<BillingHistoryPage>(apiPaths.billingHistoryPage, {
    ...call,
    query: { userId: currentUserId(), page, pageSize, ...(search ? { search } : {}) },
  });
  return {
    ...answer,
    rows: answer.rows.map((row) => ({ ...row, sendAmount: apiAmountToMinor(row.sendAmount) })),
  };
};

/** The receipt of one of the user's bill payments. */
export const getBillingReceipt = async (
  referenceNumber: string,
  call: Call = {},
): Promise<BillingReceipt> => {
  const detail = await get<BillingReceiptDetail>(apiPaths.billingTransaction, {
    ...call,
    query: { referenceNumber },
  });
  return {
    ...detail,
    totalBill: apiAmountToMinor(detail.totalBill),
    processingFee: apiAmountToMinor(detail.processingFee),
    totalPay: apiAmountToMinor(detail.totalPay),
  };
};
