/**
 * The betting history panel (/Dashboard/bettingHistory), one page at a time from the server: loading (invoke
 * `loadHistory`: the actor `loadPage` for the wanted page of HISTORY_PAGE_SIZE (5)) -> ready { the page's bets
 * newest first, the total, the page } | failed ('betting.historyFailed', RETRY). PREVIOUS / NEXT load the
 * neighbouring page, REFRESH the page shown; SEARCH (the search box's text) waits in searching for a pause in
 * typing, then loads the first page of the bets whose reference contains it. A server-paged list
 * (src/machines/shared/paged-list.ts).
 */
import { HISTORY_PAGE_SIZE } from '../domain/paging';
import type { BettingMovement } from '../contract/betting';
import { serverPagedList } from './shared/paged-list';

export const bettingHistoryMachine = serverPagedList<BettingMovement>({
  id: 'bettingHistory',
  loadId: 'loadHistory',
  pageSize: HISTORY_PAGE_SIZE,
  failedMessage: 'betting.historyFailed',
});

export type BettingHistoryMachine = typeof bettingHistoryMachine;
