/**
 * A transfer's receipt ('Transaction Details', spec sections 2 and 3): loading (invoke `loadReceipt`: GET
 * api/Transaction/GetTransactionByReferenceNumber) -> ready with the receipt | failed ('We could not find that
 * transaction.' for a 404, else 'Something went wrong, please try again later'; RETRY). A receipt machine
 * (src/machines/shared/receipt.ts).
 */
import type { TransactionReceipt } from '../contract/transfer';
import { receiptMachine, type ReceiptContext, type ReceiptInput } from './shared/receipt';

export type TransactionReceiptInput = ReceiptInput;
export type TransactionReceiptContext = ReceiptContext<TransactionReceipt>;

export const transactionReceiptMachine = receiptMachine<TransactionReceipt>('transactionReceipt');

export type TransactionReceiptMachine = typeof transactionReceiptMachine;
