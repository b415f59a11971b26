/**
 * The signed-in session (spec section 4 "Session" and "Session validation"): loggedOut <-> loggedIn, the token
 * validated every second while the tab is visible, LOG_OUT revoking it, and the "Logging you out..." popup that
 * ends an expired or unreachable session after 3 s.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { DomainMessageId } from '../domain/messages';
import type { SessionUser } from '../contract/user';
import { failureStatus, isConnectionFailure, notProvided } from './failure-messages';
import type { MinorUnits } from '../domain/money';

/** What the app keeps of a signed-in user (spec section 3 "auth"): the token and the user's details. */
export interface AuthSession {
  token: string;
  user: SessionUser;
}

export interface SessionInput {
  auth: AuthSession | null;
  /** Whether the tab is visible when the session starts (defaults to true; the app sends VISIBILITY_CHANGED). */
  visible?: boolean;
}

export interface SessionContext {
  auth: AuthSession | null;
  /** The popup's message while the session is ending ('session.expired' or 'session.connectionLost'). */
  endingMessage: DomainMessageId | null;
  visible: boolean;
}

export type SessionEvent =
  | { type: 'LOGGED_IN'; auth: AuthSession }
  | { type: 'LOG_OUT' }
  | { type: 'VISIBILITY_CHANGED'; visible: boolean }
  | { type: 'WALLET_AMOUNT_CHANGED'; walletAmount: MinorUnits }
  | { type: 'IDENTIFICATION_ADDED' }
  | { type: 'PHONE_VERIFIED' };

export interface TokenInput {
  token: string;
}

/** Delays (ms) the tests may shorten with `machine.provide({ delays })`. */
export const sessionDelays = {
  /** The token is validated every second while the tab is visible. */
  validationInterval: 1000,
  /** How long the "logging you out" popup shows before the session is cleared. */
  logoutDelay: 3000,
} as const;

const tokenOf = (context: SessionContext): string => context.auth?.token ?? '';

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
  },
  actors: {
    /** POST api/User/ValidateToken: resolves while the session is alive, rejects with an ApiError otherwise. */
    validateToken: fromPromise<unknown, TokenInput>(async () => notProvided('validateToken')),
    /** POST api/User/Logout: revokes the token. */
    logOut: fromPromise<unknown, TokenInput>(async () => notProvided('logOut')),
  },
  delays: sessionDelays,
  guards: {
    hasSession: ({ context }) => context.auth !== null,
    isHidden: ({ context }) => !context.visible,
    becameVisible: (_, params: { visible: boolean }) => params.visible,
    isUnauthorized: (_, params: { error: unknown }) => failureStatus(params.error) === 401,
    isConnectionFailure: (_, params: { error: unknown }) => isConnectionFailure(params.error),
  },
  actions: {
    /** Writes the auth store (localStorage); null removes every auth field. */
    persistSession: (_, _params: { auth: AuthSession | null }) => notProvided('persistSession'),
    /** Puts the transaction amount draft back to its defaults. */
    resetAmountDraft: () => notProvided('resetAmountDraft'),
    navigate: (_, _params: { to: string }) => notProvided('navigate'),
    startSession: assign((_, params: { auth: AuthSession }) => ({ auth: params.auth, endingMessage: null })),
    clearSession: assign({ auth: null, endingMessage: null }),
    setVisible: assign((_, params: { visible: boolean }) => ({ visible: params.visible })),
    setEndingMessage: assign((_, params: { messageId: DomainMessageId }) => ({
      endingMessage: params.messageId,
    })),
    setWalletAmount: assign(({ context }, params: { walletAmount: MinorUnits }) => ({
      auth: context.auth && {
        ...context.auth,
        user: { ...context.auth.user, walletAmount: params.walletAmount },
      },
    })),
    setIdentificationAdded: assign(({ context }) => ({
      auth: context.auth && { ...context.auth, user: { ...context.auth.user, hasIdentification: true } },
    })),
    setPhoneVerified: assign(({ context }) => ({
      auth: context.auth && { ...context.auth, user: { ...context.auth.user, phoneVerified: true } },
    })),
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({ auth: input.auth, endingMessage: null, visible: input.visible ?? true }),
  initial: 'loggedOut',
  on: {
    VISIBILITY_CHANGED: {
      actions: { type: 'setVisible', params: ({ event }) => ({ visible: event.visible }) },
    },
  },
  states: {
    loggedOut: {
      always: { guard: 'hasSession', target: 'loggedIn' },
      on: {
        LOGGED_IN: {
          target: 'loggedIn',
          actions: [
            { type: 'startSession', params: ({ event }) => ({ auth: event.auth }) },
            { type: 'persistSession', params: ({ event }) => ({ auth: event.auth }) },
          ],
        },
      },
    },
    loggedIn: {
      initial: 'validation',
      on: {
        LOGGED_IN: {
          target: 'loggedIn',
          reenter: true,
          actions: [
            { type: 'startSession', params: ({ event }) => ({ auth: event.auth }) },
            { type: 'persistSession', params: ({ event }) => ({ auth: event.auth }) },
          ],
        },
        LOG_OUT: { target: 'loggingOut' },
        WALLET_AMOUNT_CHANGED: {
          actions: [
            { type: 'setWalletAmount', params: ({ event }) => ({ walletAmount: event.walletAmount }) },
            { type: 'persistSession', params: ({ context }) => ({ auth: context.auth }) },
          ],
        },
        IDENTIFICATION_ADDED: {
          actions: [
            'setIdentificationAdded',
            { type: 'persistSession', params: ({ context }) => ({ auth: context.auth }) },
          ],
        },
        // Not persisted: the auth store keeps the spec's fields only (a reload asks the server again).
        PHONE_VERIFIED: { actions: 'setPhoneVerified' },
      },
      states: {
        validation: {
          initial: 'waiting',
          states: {
            waiting: {
              always: { guard: 'isHidden', target: 'hidden' },
              after: { validationInterval: { target: 'validating' } },
            },
            hidden: {
              on: {
                VISIBILITY_CHANGED: {
                  guard: { type: 'becameVisible', params: ({ event }) => ({ visible: event.visible }) },
                  target: 'validating',
                  actions: { type: 'setVisible', params: ({ event }) => ({ visible: event.visible }) },
                },
              },
            },
            validating: {
              invoke: {
                id: 'validateToken',
                src: 'validateToken',
                input: ({ context }) => ({ token: tokenOf(context) }),
                onDone: { target: 'waiting' },
                onError: [
                  {
                    guard: { type: 'isUnauthorized', params: ({ event }) => ({ error: event.error }) },
                    target: '#session.endingSession.tokenExpired',
                  },
                  {
                    guard: { type: 'isConnectionFailure', params: ({ event }) => ({ error: event.error }) },
                    target: '#session.endingSession.connectionLost',
                  },
                  // 5xx, 429 and the like say nothing about the token: try again on the next tick.
                  { target: 'waiting' },
                ],
              },
            },
          },
        },
      },
    },
    loggingOut: {
      invoke: {
        id: 'logOut',
        src: 'logOut',
        input: ({ context }) => ({ token: tokenOf(context) }),
        onDone: {
          target: 'loggedOut',
          actions: [
            'clearSession',
            { type: 'persistSession', params: { auth: null } },
            { type: 'navigate', params: { to: '/' } },
          ],
        },
        // The token is forgotten here even when the server could not be told.
        onError: {
          target: 'loggedOut',
          actions: [
            'clearSession',
            { type: 'persistSession', params: { auth: null } },
            { type: 'navigate', params: { to: '/' } },
          ],
        },
      },
    },
    endingSession: {
      initial: 'tokenExpired',
      after: {
        logoutDelay: {
          target: 'loggedOut',
          actions: [
            'clearSession',
            { type: 'persistSession', params: { auth: null } },
            'resetAmountDraft',
            { type: 'navigate', params: { to: '/LogIn' } },
          ],
        },
      },
      states: {
        tokenExpired: {
          entry: { type: 'setEndingMessage', params: { messageId: 'session.expired' } },
        },
        connectionLost: {
          entry: { type: 'setEndingMessage', params: { messageId: 'session.connectionLost' } },
        },
      },
    },
  },
});

export type SessionMachine = typeof sessionMachine;
