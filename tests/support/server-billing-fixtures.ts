import type { Bill, PayBillRequest } from '../../src/contract/billing';
import type { WalletUser } from './server-wallet-fixtures';

/**
 * The bill payment request of spec section 3, field for field (no quoteId): the bill's customer and due date as the
 * lookup gave them, the bill month as the spec's client sends it (a fixed hard-coded date, section 9), fee 0,
 * paidBy 'Wallet'.
 */
export const specPayBillBody = (
  user: WalletUser,
  bill: Pick<Bill, 'customerId' | 'customerName' | 'dueDate' | 'referenceNo' | 'subCompanyId'>,
  totalBill: number,
) => ({
  userId: user.userId,
  customerId: bill.customerId,
  customerName: bill.customerName,
  billMonth: '2024-01-01T00:00:00.000Z',
  dueDate: bill.dueDate,
  referenceNo: bill.referenceNo,
  processingFee: 0,
  totalBill,
  totalPay: totalBill,
  paidBy: 'Wallet',
  subCompanyId: bill.subCompanyId,
});

/** PayBill's body for a looked-up bill, paying `totalBill` (the bill's total due by default) from the wallet. */
export const payBillBody = (user: WalletUser, bill: Bill, totalBill = bill.totalBillDue): PayBillRequest => ({
  ...specPayBillBody(user, bill, totalBill),
  quoteId: bill.quoteId,
  billMonth: bill.billMonth,
});
