/**
 * A bet's receipt ('Betting Details', spec sections 2 and 3): loading (invoke `loadReceipt`: GET
 * api/Transaction/GetBettingTransactionByReferenceNo) -> ready with the detail | failed ('We could not find that
 * transaction.' for a 404, else 'Something went wrong, please try again later'; RETRY). A receipt machine
 * (src/machines/shared/receipt.ts).
 */
import type { BettingReceipt } from '../contract/betting';
import { receiptMachine } from './shared/receipt';

export const bettingReceiptMachine = receiptMachine<BettingReceipt>('bettingReceipt');

export type BettingReceiptMachine = typeof bettingReceiptMachine;
