/**
 * The wallet history panel (/Dashboard/walletHistory), one page at a time from the server: loading (invoke
 * `loadHistory`: the actor `loadPage` for the wanted page of HISTORY_PAGE_SIZE (5)) -> ready { the page's rows
 * newest first, the total, the page } | failed ('wallet.historyFailed', RETRY). In ready, PREVIOUS / NEXT load the
 * neighbouring page (loadingPage keeps the current rows shown meanwhile) and REFRESH reloads the page shown.
 * SEARCH (the search box's text) waits in searching for a pause in typing, then loads the first page of the
 * movements whose reference or counterparty contains it. 'Showing x-y of n' comes from the server's total. A server-paged list (src/machines/shared/paged-list.ts).
 */
import { HISTORY_PAGE_SIZE, type PageWindow } from '../domain/paging';
import type { WalletMovement } from '../contract/wallet';
import {
  serverPagedList,
  serverPageShown,
  type PageRequest,
  type ServerPagedListContext,
} from './shared/paged-list';

export type WalletHistoryContext = ServerPagedListContext<WalletMovement>;
export type WalletHistoryPageRequest = PageRequest;

/** The rows shown and the 'Showing x-y of n' figures. */
export const walletHistoryPage = (
  context: Pick<WalletHistoryContext, 'rows' | 'page' | 'total'>,
): { rows: WalletMovement[]; window: PageWindow } => serverPageShown(context, HISTORY_PAGE_SIZE);

export const walletHistoryMachine = serverPagedList<WalletMovement>({
  id: 'walletHistory',
  loadId: 'loadHistory',
  pageSize: HISTORY_PAGE_SIZE,
  failedMessage: 'wallet.historyFailed',
});

export type WalletHistoryMachine = typeof walletHistoryMachine;
