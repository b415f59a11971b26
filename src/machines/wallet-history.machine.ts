/**
 * The wallet history panel (/Dashboard/walletHistory), one page at a time from the server: loading (invoke
 * `loadHistory` for the wanted page of HISTORY_PAGE_SIZE (5)) -> ready { the page's rows newest first, the total,
 * the page } | failed ('wallet.historyFailed', RETRY). In ready, PREVIOUS / NEXT load the neighbouring page
 * (loadingPage keeps the current rows shown meanwhile) and REFRESH reloads the page shown. 'Showing x-y of n'
 * comes from the server's total.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { DomainMessageId } from '../domain/messages';
import { HISTORY_PAGE_SIZE, pageWindow, type PageWindow } from '../domain/paging';
import type { WalletHistoryPage, WalletHistoryRow } from '../contract/wallet';
import { notProvided } from './failure-messages';

export interface WalletHistoryContext {
  /** The rows of the page shown, newest first. */
  rows: WalletHistoryRow[];
  /** Every movement of the wallet, as the server last counted them. */
  total: number;
  /** 0-based page shown, as the server answered it (clamped to the pages there are). */
  page: number;
  /** The page being (or last) asked for. */
  wanted: number;
  error: DomainMessageId | null;
}

export type WalletHistoryEvent =
  { type: 'PREVIOUS' } | { type: 'NEXT' } | { type: 'REFRESH' } | { type: 'RETRY' };

export interface WalletHistoryPageRequest {
  page: number;
  pageSize: number;
}

/** The rows shown and the 'Showing x-y of n' figures. */
export const walletHistoryPage = (
  context: Pick<WalletHistoryContext, 'rows' | 'page' | 'total'>,
): { rows: WalletHistoryRow[]; window: PageWindow } => ({
  rows: context.rows,
  window: pageWindow(context.page, HISTORY_PAGE_SIZE, context.total),
});

const windowOf = (context: WalletHistoryContext): PageWindow => walletHistoryPage(context).window;

const request = ({ context }: { context: WalletHistoryContext }): WalletHistoryPageRequest => ({
  page: context.wanted,
  pageSize: HISTORY_PAGE_SIZE,
});

export const walletHistoryMachine = setup({
  types: {
    context: {} as WalletHistoryContext,
    events: {} as WalletHistoryEvent,
  },
  actors: {
    /** GET api/User/GetWalletHistoryPage (the signed-in user's, newest first, with the total). */
    loadHistory: fromPromise<WalletHistoryPage, WalletHistoryPageRequest>(async () =>
      notProvided('loadHistory'),
    ),
  },
  guards: {
    hasPrevious: ({ context }) => windowOf(context).hasPrevious,
    hasNext: ({ context }) => windowOf(context).hasNext,
  },
  actions: {
    setPage: assign((_, params: WalletHistoryPage) => ({
      rows: params.rows,
      total: params.total,
      page: params.page,
      wanted: params.page,
      error: null,
    })),
    setLoadFailed: assign({ error: 'wallet.historyFailed' }),
    clearError: assign({ error: null }),
    wantPrevious: assign(({ context }) => ({ wanted: windowOf(context).page - 1 })),
    wantNext: assign(({ context }) => ({ wanted: windowOf(context).page + 1 })),
    wantShown: assign(({ context }) => ({ wanted: context.page })),
  },
}).createMachine({
  id: 'walletHistory',
  context: { rows: [], total: 0, page: 0, wanted: 0, error: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadHistory',
        src: 'loadHistory',
        input: request,
        onDone: {
          target: 'ready',
          actions: { type: 'setPage', params: ({ event }) => event.output },
        },
        onError: { target: 'failed', actions: 'setLoadFailed' },
      },
    },
    ready: {
      on: {
        PREVIOUS: { guard: 'hasPrevious', target: 'loadingPage', actions: 'wantPrevious' },
        NEXT: { guard: 'hasNext', target: 'loadingPage', actions: 'wantNext' },
        REFRESH: { target: 'loading', actions: 'wantShown' },
      },
    },
    /** The neighbouring page is on its way; the current rows stay shown. */
    loadingPage: {
      invoke: {
        id: 'loadPage',
        src: 'loadHistory',
        input: request,
        onDone: {
          target: 'ready',
          actions: { type: 'setPage', params: ({ event }) => event.output },
        },
        onError: { target: 'failed', actions: 'setLoadFailed' },
      },
    },
    failed: {
      on: { RETRY: { target: 'loading', actions: 'clearError' } },
    },
  },
});

export type WalletHistoryMachine = typeof walletHistoryMachine;
