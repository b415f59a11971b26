/**
 * The transaction history panel (/Dashboard/transactionHistory, the dashboard's index), one page at a time from the
 * server: loading (invoke `loadHistory`: the actor `loadPage` for the wanted page of HISTORY_PAGE_SIZE (5)) -> ready
 * { the page's transfers newest first, sent and received, the total, the page } | failed ('transfer.historyFailed',
 * RETRY). PREVIOUS / NEXT load the neighbouring page, REFRESH the page shown; SEARCH (the search box's text) waits
 * in searching for a pause in typing, then loads the first page of the transfers whose sender, receiver or
 * reference contains it. A server-paged list (src/machines/shared/paged-list.ts).
 */
import { HISTORY_PAGE_SIZE, type PageWindow } from '../domain/paging';
import type { TransactionMovement } from '../contract/transfer';
import { serverPagedList, serverPageShown, type ServerPagedListContext } from './shared/paged-list';

export type TransactionHistoryContext = ServerPagedListContext<TransactionMovement>;

/** The rows shown and the 'Showing x-y of n' figures. */
export const transactionHistoryPage = (
  context: Pick<TransactionHistoryContext, 'rows' | 'page' | 'total'>,
): { rows: TransactionMovement[]; window: PageWindow } => serverPageShown(context, HISTORY_PAGE_SIZE);

export const transactionHistoryMachine = serverPagedList<TransactionMovement>({
  id: 'transactionHistory',
  loadId: 'loadHistory',
  pageSize: HISTORY_PAGE_SIZE,
  failedMessage: 'transfer.historyFailed',
});

export type TransactionHistoryMachine = typeof transactionHistoryMachine;
