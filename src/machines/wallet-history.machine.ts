/**
 * The wallet history panel (/Dashboard/walletHistory): loading (invoke `loadHistory`) -> ready { rows newest
 * first, page of HISTORY_PAGE_SIZE (5), PREVIOUS / NEXT, REFRESH } | failed ('wallet.historyFailed', RETRY).
 */
import { assign, fromPromise, setup } from 'xstate';
import type { DomainMessageId } from '../domain/messages';
import { HISTORY_PAGE_SIZE, pageOf, type PageWindow } from '../domain/paging';
import type { WalletHistoryRow } from '../contract/wallet';
import { notProvided } from './failure-messages';

export interface WalletHistoryContext {
  rows: WalletHistoryRow[];
  /** 0-based page, always one that exists. */
  page: number;
  error: DomainMessageId | null;
}

export type WalletHistoryEvent =
  { type: 'PREVIOUS' } | { type: 'NEXT' } | { type: 'REFRESH' } | { type: 'RETRY' };

/** The rows shown and the 'Showing x-y of n' figures. */
export const walletHistoryPage = (context: Pick<WalletHistoryContext, 'rows' | 'page'>) =>
  pageOf(context.rows, context.page, HISTORY_PAGE_SIZE);

const windowOf = (context: WalletHistoryContext): PageWindow => walletHistoryPage(context).window;

export const walletHistoryMachine = setup({
  types: {
    context: {} as WalletHistoryContext,
    events: {} as WalletHistoryEvent,
  },
  actors: {
    /** GET api/User/GetWalletHistoryByUserId (the signed-in user's, newest first). */
    loadHistory: fromPromise<WalletHistoryRow[], void>(async () => notProvided('loadHistory')),
  },
  guards: {
    hasPrevious: ({ context }) => windowOf(context).hasPrevious,
    hasNext: ({ context }) => windowOf(context).hasNext,
  },
  actions: {
    setRows: assign(({ context }, params: { rows: WalletHistoryRow[] }) => ({
      rows: params.rows,
      // A refresh keeps the page when it still exists, else shows the last one.
      page: pageOf(params.rows, context.page, HISTORY_PAGE_SIZE).window.page,
      error: null,
    })),
    setLoadFailed: assign({ error: 'wallet.historyFailed' }),
    clearError: assign({ error: null }),
    previousPage: assign(({ context }) => ({ page: windowOf(context).page - 1 })),
    nextPage: assign(({ context }) => ({ page: windowOf(context).page + 1 })),
  },
}).createMachine({
  id: 'walletHistory',
  context: { rows: [], page: 0, error: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadHistory',
        src: 'loadHistory',
        onDone: {
          target: 'ready',
          actions: { type: 'setRows', params: ({ event }) => ({ rows: event.output }) },
        },
        onError: { target: 'failed', actions: 'setLoadFailed' },
      },
    },
    ready: {
      on: {
        PREVIOUS: { guard: 'hasPrevious', actions: 'previousPage' },
        NEXT: { guard: 'hasNext', actions: 'nextPage' },
        REFRESH: { target: 'loading' },
      },
    },
    failed: {
      on: { RETRY: { target: 'loading', actions: 'clearError' } },
    },
  },
});

export type WalletHistoryMachine = typeof walletHistoryMachine;
