import type { Bill, PayBillRequest } from '../../src/contract/billing';
import type { WalletUser } from './server-wallet-fixtures';

/** PayBill's body for a looked-up bill, paying `totalBill` (the bill's total due by default) from the wallet. */
export const payBillBody = (user: WalletUser, bill: Bill, totalBill = bill.totalBillDue): PayBillRequest => ({
  userId: user.userId,
  quoteId: bill.quoteId,
  customerId: bill.customerId,
  customerName: bill.customerName,
  billMonth: bill.billMonth,
  dueDate: bill.dueDate,
  referenceNo: bill.referenceNo,
  processingFee: 0,
  totalBill,
  totalPay: totalBill,
  paidBy: 'Wallet',
  subCompanyId: bill.subCompanyId,
});
