/**
 * The offline banner of /LogIn: checking (same-origin invoke `probeHealth`) -> online | offline ('Network
 * connection issue'), following the browser's online/offline events and probing again every 5 s while offline.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { DomainMessageId } from '../domain/messages';
import { isConnectionFailure, notProvided } from './failure-messages';

export interface ConnectivityContext {
  /** 'connectivity.offline' while offline, else null. */
  message: DomainMessageId | null;
}

export type ConnectivityEvent = { type: 'WENT_ONLINE' } | { type: 'WENT_OFFLINE' };

export const connectivityDelays = {
  /** While offline, the health probe is tried again every 5 s. */
  offlineRecheck: 5000,
} as const;

export const connectivityMachine = setup({
  types: {
    context: {} as ConnectivityContext,
    events: {} as ConnectivityEvent,
  },
  actors: {
    /** Same-origin GET /api/health: any answer at all proves the network works. */
    probeHealth: fromPromise<unknown, void>(async () => notProvided('probeHealth')),
  },
  delays: connectivityDelays,
  guards: {
    isConnectionFailure: (_, params: { error: unknown }) => isConnectionFailure(params.error),
  },
  actions: {
    showOffline: assign({ message: 'connectivity.offline' }),
    clearMessage: assign({ message: null }),
  },
}).createMachine({
  id: 'connectivity',
  context: { message: null },
  initial: 'checking',
  states: {
    checking: {
      on: { WENT_OFFLINE: { target: 'offline' } },
      invoke: {
        id: 'probeHealth',
        src: 'probeHealth',
        onDone: { target: 'online' },
        onError: [
          {
            guard: { type: 'isConnectionFailure', params: ({ event }) => ({ error: event.error }) },
            target: 'offline',
          },
          // An HTTP answer (even a 503) came back over the network: the device is online.
          { target: 'online' },
        ],
      },
    },
    online: {
      on: { WENT_OFFLINE: { target: 'offline' } },
    },
    offline: {
      entry: 'showOffline',
      exit: 'clearMessage',
      on: { WENT_ONLINE: { target: 'checking' } },
      after: { offlineRecheck: { target: 'checking' } },
    },
  },
});

export type ConnectivityMachine = typeof connectivityMachine;
