/**
 * The dashboard home's wallet: loading (invoke `loadWallet`: the available balance and the latest movements) ->
 * ready | failed ('wallet.historyFailed', RETRY). REFRESH reloads (the last figures stay in context meanwhile).
 * Every balance read is handed to the app with `walletChanged` so the session's balance card stays right.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { DomainMessageId } from '../domain/messages';
import type { WalletMovement } from '../contract/wallet';
import { notProvided } from './failure-messages';
import type { MinorUnits } from '../domain/money';

/** How many movements Recent Activity shows. */
export const RECENT_ACTIVITY_SIZE = 5;

export interface WalletSummary {
  /** The available balance (balance less holds), in pesewas. */
  walletAmount: MinorUnits;
  /** The latest movements, newest first. */
  recent: WalletMovement[];
}

export interface WalletContext {
  walletAmount: MinorUnits | null;
  recent: WalletMovement[];
  error: DomainMessageId | null;
}

export type WalletEvent = { type: 'REFRESH' } | { type: 'RETRY' };

export const walletMachine = setup({
  types: {
    context: {} as WalletContext,
    events: {} as WalletEvent,
  },
  actors: {
    /** GET api/User/GetWalletAmountByUserId and GET api/User/GetWalletHistoryPage (page 0 of RECENT_ACTIVITY_SIZE). */
    loadWallet: fromPromise<WalletSummary, void>(async () => notProvided('loadWallet')),
  },
  actions: {
    /** The app sends WALLET_AMOUNT_CHANGED to the session. */
    walletChanged: (_, _params: { walletAmount: MinorUnits }) => notProvided('walletChanged'),
    setWallet: assign((_, params: WalletSummary) => ({
      walletAmount: params.walletAmount,
      recent: params.recent.slice(0, RECENT_ACTIVITY_SIZE),
      error: null,
    })),
    setLoadFailed: assign({ error: 'wallet.historyFailed' }),
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: 'wallet',
  context: { walletAmount: null, recent: [], error: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadWallet',
        src: 'loadWallet',
        onDone: {
          target: 'ready',
          actions: [
            { type: 'setWallet', params: ({ event }) => event.output },
            { type: 'walletChanged', params: ({ event }) => ({ walletAmount: event.output.walletAmount }) },
          ],
        },
        onError: { target: 'failed', actions: 'setLoadFailed' },
      },
    },
    ready: {
      on: { REFRESH: { target: 'loading' } },
    },
    failed: {
      on: {
        RETRY: { target: 'loading', actions: 'clearError' },
        REFRESH: { target: 'loading', actions: 'clearError' },
      },
    },
  },
});

export type WalletMachine = typeof walletMachine;
