/**
 * The available balance, read from the server before a process that checks amounts against it (the withdrawal):
 * loading (invoke `loadBalance`) -> ready with the server's figure (handed to the session with `walletChanged`),
 * or, when it cannot be read, ready with the session's copy (the input); the server checks again under its lock
 * either way.
 */
import { assign, fromPromise, setup } from 'xstate';
import { notProvided } from './failure-messages';
import type { MinorUnits } from '../domain/money';

export interface WalletBalanceInput {
  /** The session's copy of the available balance, in pesewas. */
  walletAmount: MinorUnits;
}

export interface WalletBalanceContext {
  walletAmount: MinorUnits;
  /** Whether the figure is the server's (false: the session's copy). */
  fresh: boolean;
}

export const walletBalanceMachine = setup({
  types: {
    context: {} as WalletBalanceContext,
    input: {} as WalletBalanceInput,
  },
  actors: {
    /** GET api/User/GetWalletAmountByUserId. */
    loadBalance: fromPromise<{ walletAmount: MinorUnits }, void>(async () => notProvided('loadBalance')),
  },
  actions: {
    /** The app sends WALLET_AMOUNT_CHANGED to the session. */
    walletChanged: (_, _params: { walletAmount: MinorUnits }) => notProvided('walletChanged'),
    setBalance: assign((_, params: { walletAmount: MinorUnits }) => ({
      walletAmount: params.walletAmount,
      fresh: true,
    })),
  },
}).createMachine({
  id: 'walletBalance',
  context: ({ input }) => ({ walletAmount: input.walletAmount, fresh: false }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadBalance',
        src: 'loadBalance',
        onDone: {
          target: 'ready',
          actions: [
            { type: 'setBalance', params: ({ event }) => ({ walletAmount: event.output.walletAmount }) },
            { type: 'walletChanged', params: ({ event }) => ({ walletAmount: event.output.walletAmount }) },
          ],
        },
        // The session's copy stands in.
        onError: { target: 'ready' },
      },
    },
    ready: { type: 'final' },
  },
});

export type WalletBalanceMachine = typeof walletBalanceMachine;
