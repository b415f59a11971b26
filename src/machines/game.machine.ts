/**
 * The game area (/Game): the user's gem balance and gem purchases. `gemBalanceMachine`: loading (invoke `loadGems`)
 * -> ready | failed ('game.loadFailed', RETRY); REFRESH reads it again. `gemPurchasesMachine`: the purchases, a
 * page of HISTORY_PAGE_SIZE (5) at a time from the server (src/machines/shared/paged-list.ts).
 */
import { assign, fromPromise, setup } from 'xstate';
import type { GemPurchase } from '../contract/gems';
import type { DomainMessageId } from '../domain/messages';
import { HISTORY_PAGE_SIZE, type PageWindow } from '../domain/paging';
import { notProvided } from './failure-messages';
import { serverPagedList, serverPageShown, type ServerPagedListContext } from './shared/paged-list';

export interface GemBalanceContext {
  /** Whole gems; null until read. */
  gems: number | null;
  error: DomainMessageId | null;
}

export type GemBalanceEvent = { type: 'RETRY' } | { type: 'REFRESH' };

export const gemBalanceMachine = setup({
  types: {
    context: {} as GemBalanceContext,
    events: {} as GemBalanceEvent,
  },
  actors: {
    /** GET api/Shop/GetGemBalance. */
    loadGems: fromPromise<number, void>(async () => notProvided('loadGems')),
  },
  actions: {
    setGems: assign((_, params: { gems: number }) => ({ gems: params.gems, error: null })),
    setFailed: assign({ error: 'game.loadFailed' as const }),
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: 'gemBalance',
  context: { gems: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadGems',
        src: 'loadGems',
        onDone: {
          target: 'ready',
          actions: { type: 'setGems', params: ({ event }) => ({ gems: event.output }) },
        },
        onError: { target: 'failed', actions: 'setFailed' },
      },
    },
    failed: { on: { RETRY: { target: 'loading', actions: 'clearError' } } },
    ready: { on: { REFRESH: 'loading' } },
  },
});

export type GemBalanceMachine = typeof gemBalanceMachine;

export const gemPurchasesMachine = serverPagedList<GemPurchase>({
  id: 'gemPurchases',
  loadId: 'loadPurchases',
  pageSize: HISTORY_PAGE_SIZE,
  failedMessage: 'game.loadFailed',
});

export type GemPurchasesMachine = typeof gemPurchasesMachine;
export type GemPurchasesContext = ServerPagedListContext<GemPurchase>;

/** The purchases shown and the 'Showing x-y of n' figures. */
export const gemPurchasesPage = (
  context: Pick<GemPurchasesContext, 'rows' | 'page' | 'total'>,
): { rows: GemPurchase[]; window: PageWindow } => serverPageShown(context, HISTORY_PAGE_SIZE);
