/**
 * The console's staff session and its sign-in screen (/ops): resuming (invoke `resume`: the token kept in this tab,
 * GET /api/Ops/Session) -> signedIn | signedOut; SUBMIT {email, password, code} (six digits) -> signingIn (invoke
 * `logIn`) -> signedIn, or signedOut with the refusal; LOG_OUT -> signingOut -> signedOut; SESSION_ENDED (the
 * server answered 401: idle 15 minutes, disabled, signed out elsewhere) -> signedOut saying so.
 * Diagram: docs/machines/ops-session.md.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { OpsLogInRequest, OpsSession } from '../../contract/ops';
import { isTotpCode } from '../../domain/staff';
import { notProvided } from '../failure-messages';
import { failureStatus } from '../../contract/failure';
import { opsFailure, type OpsMessageId } from './ops-failure';

export type OpsSignInMessageId =
  OpsMessageId | 'ops.signIn.incomplete' | 'ops.signIn.refused' | 'ops.session.ended';

export interface OpsSessionContext {
  session: OpsSession | null;
  error: OpsSignInMessageId | null;
}

export type OpsSessionEvent =
  ({ type: 'SUBMIT' } & OpsLogInRequest) | { type: 'LOG_OUT' } | { type: 'SESSION_ENDED' };

/** A sign-in worth sending: an e-mail, a password and a six-digit code. */
export const isCompleteSignIn = (form: OpsLogInRequest): boolean =>
  form.email.trim() !== '' && form.password !== '' && isTotpCode(form.code.trim());

/** Why a sign-in failed: wrong e-mail, password or code (401) all read the same; the rest as any call. */
export const signInFailure = (error: unknown): OpsSignInMessageId =>
  failureStatus(error) === 401 ? 'ops.signIn.refused' : opsFailure(error);

export const opsSessionMachine = setup({
  types: {
    context: {} as OpsSessionContext,
    events: {} as OpsSessionEvent,
  },
  actors: {
    resume: fromPromise<OpsSession | null, void>(async () => notProvided('resume')),
    logIn: fromPromise<OpsSession, OpsLogInRequest>(async () => notProvided('logIn')),
    logOut: fromPromise<void, void>(async () => notProvided('logOut')),
  },
  guards: {
    complete: ({ event }) => event.type === 'SUBMIT' && isCompleteSignIn(event),
    resumed: ({ event }) => (event as unknown as { output: OpsSession | null }).output !== null,
  },
  actions: {
    setSession: assign((_, params: { session: OpsSession }) => ({ session: params.session, error: null })),
    setError: assign((_, params: { error: OpsSignInMessageId }) => ({ session: null, error: params.error })),
    clear: assign({ session: null, error: null }),
  },
}).createMachine({
  id: 'opsSession',
  context: { session: null, error: null },
  initial: 'resuming',
  states: {
    resuming: {
      invoke: {
        id: 'resume',
        src: 'resume',
        onDone: [
          {
            guard: 'resumed',
            target: 'signedIn',
            actions: { type: 'setSession', params: ({ event }) => ({ session: event.output as OpsSession }) },
          },
          { target: 'signedOut', actions: 'clear' },
        ],
        onError: { target: 'signedOut', actions: 'clear' },
      },
    },
    signedOut: {
      on: {
        SUBMIT: [
          { guard: 'complete', target: 'signingIn' },
          { actions: { type: 'setError', params: { error: 'ops.signIn.incomplete' } } },
        ],
      },
    },
    signingIn: {
      invoke: {
        id: 'logIn',
        src: 'logIn',
        input: ({ event }) => {
          const { email, password, code } = event as Extract<OpsSessionEvent, { type: 'SUBMIT' }>;
          return { email: email.trim(), password, code: code.trim() };
        },
        onDone: {
          target: 'signedIn',
          actions: { type: 'setSession', params: ({ event }) => ({ session: event.output }) },
        },
        onError: {
          target: 'signedOut',
          actions: { type: 'setError', params: ({ event }) => ({ error: signInFailure(event.error) }) },
        },
      },
    },
    signedIn: {
      on: {
        LOG_OUT: 'signingOut',
        SESSION_ENDED: {
          target: 'signedOut',
          actions: { type: 'setError', params: { error: 'ops.session.ended' } },
        },
      },
    },
    signingOut: {
      invoke: {
        id: 'logOut',
        src: 'logOut',
        onDone: { target: 'signedOut', actions: 'clear' },
        onError: { target: 'signedOut', actions: 'clear' },
      },
    },
  },
});

export type OpsSessionMachine = typeof opsSessionMachine;
