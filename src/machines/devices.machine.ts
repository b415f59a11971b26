/**
 * The Devices page (/Dashboard/devices): loading (invoke `loadSessions`) -> ready | failed (RETRY). In ready,
 * SIGN_OUT of another session (not the current one: that is Log Out) -> signingOut (invoke `revokeSession`) ->
 * loading again with the 'signedOut' notice, or back to ready with 'devices.revokeFailed' (or the server's
 * 'session.notFound'). Diagram: docs/machines/devices.md.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { SessionView } from '../contract/passkeys';
import type { DomainMessageId } from '../domain/messages';
import { notProvided, serverMessageId } from './failure-messages';

export interface DevicesContext {
  /** The last list loaded, the most recently seen first. */
  sessions: SessionView[] | null;
  signingOutId: number | null;
  error: DomainMessageId | null;
  notice: 'signedOut' | null;
}

export type DevicesEvent = { type: 'SIGN_OUT'; id: number } | { type: 'RETRY' };

export const devicesMachine = setup({
  types: {
    context: {} as DevicesContext,
    events: {} as DevicesEvent,
  },
  actors: {
    /** GET api/User/Sessions. */
    loadSessions: fromPromise<SessionView[], void>(async () => notProvided('loadSessions')),
    /** POST api/User/RevokeSession. */
    revokeSession: fromPromise<unknown, { id: number }>(async () => notProvided('revokeSession')),
  },
  guards: {
    isOtherSession: ({ context }, params: { id: number }) =>
      context.sessions?.some((session) => session.id === params.id && !session.current) ?? false,
  },
  actions: {
    setSessions: assign((_, params: { sessions: SessionView[] }) => ({
      sessions: params.sessions,
      error: null,
    })),
    setLoadFailed: assign({ error: 'devices.loadFailed' as const, notice: null }),
    setSigningOut: assign((_, params: { id: number }) => ({
      signingOutId: params.id,
      error: null,
      notice: null,
    })),
    signedOut: assign({ signingOutId: null, notice: 'signedOut' as const }),
    setRevokeFailed: assign((_, params: { error: unknown }) => ({
      signingOutId: null,
      error: serverMessageId(params.error) ?? ('devices.revokeFailed' as const),
    })),
  },
}).createMachine({
  id: 'devices',
  context: { sessions: null, signingOutId: null, error: null, notice: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadSessions',
        src: 'loadSessions',
        onDone: {
          target: 'ready',
          actions: { type: 'setSessions', params: ({ event }) => ({ sessions: event.output }) },
        },
        onError: { target: 'failed', actions: 'setLoadFailed' },
      },
    },
    failed: { on: { RETRY: 'loading' } },
    ready: {
      on: {
        SIGN_OUT: {
          guard: { type: 'isOtherSession', params: ({ event }) => ({ id: event.id }) },
          target: 'signingOut',
          actions: { type: 'setSigningOut', params: ({ event }) => ({ id: event.id }) },
        },
      },
    },
    signingOut: {
      invoke: {
        id: 'revokeSession',
        src: 'revokeSession',
        input: ({ context }) => ({ id: context.signingOutId ?? 0 }),
        onDone: { target: 'loading', actions: 'signedOut' },
        onError: {
          target: 'ready',
          actions: { type: 'setRevokeFailed', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
  },
});

export type DevicesMachine = typeof devicesMachine;
