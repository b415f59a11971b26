/**
 * The billing history panel (/Dashboard/billHistory), one page at a time from the server: loading (invoke
 * `loadHistory`: the actor `loadPage` for the wanted page of HISTORY_PAGE_SIZE (5)) -> ready { the page's bill
 * payments newest first, the total, the page } | failed ('billing.historyFailed', RETRY: the spec treats a failed
 * load as an empty list; we say so and offer Try again). SEARCH (the search box's text) loads the first page of the
 * payments whose reference (ours or the bill's) contains it. A server-paged list (src/machines/shared/paged-list.ts).
 */
import { HISTORY_PAGE_SIZE } from '../domain/paging';
import type { BillingMovement } from '../contract/billing';
import { serverPagedList } from './shared/paged-list';

export const billingHistoryMachine = serverPagedList<BillingMovement>({
  id: 'billingHistory',
  loadId: 'loadHistory',
  pageSize: HISTORY_PAGE_SIZE,
  failedMessage: 'billing.historyFailed',
});

export type BillingHistoryMachine = typeof billingHistoryMachine;
