/**
 * Log-in with a passkey on /LogIn (issue 26), beside the password form: checking (invoke `autofillAvailable`) ->
 * autofill, where the browser offers passkeys in the e-mail field's autofill (invoke `logInByAutofill`, waiting until
 * the user picks one), else idle. USE_PASSKEY (the 'Log in with a passkey' button) -> asking (invoke `logInWithPasskey`)
 * -> loggedIn, answering what the password log-in answers (the app: the same session and redirect). A prompt the user
 * closed says 'passkey.declined'; the server's refusal its message. Diagram: docs/machines/passkey-log-in.md.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { LogInAnswer } from '../contract/user';
import type { DomainMessageId } from '../domain/messages';
import type { AuthSession } from './session.machine';
import { notProvided } from './failure-messages';
import { isPasskeyDeclined, passkeyFailureMessage } from './shared/passkey-prompt';

export interface PasskeyLogInContext {
  error: DomainMessageId | null;
}

export type PasskeyLogInEvent = { type: 'USE_PASSKEY' };

export const passkeyLogInMachine = setup({
  types: {
    context: {} as PasskeyLogInContext,
    events: {} as PasskeyLogInEvent,
  },
  actors: {
    /** Whether the browser offers passkeys in a field's autofill (conditional mediation). */
    autofillAvailable: fromPromise<boolean, void>(async () => notProvided('autofillAvailable')),
    /** PasskeyLogInOptions, the autofill's pick, PasskeyLogIn. */
    logInByAutofill: fromPromise<LogInAnswer, void>(async () => notProvided('logInByAutofill')),
    /** PasskeyLogInOptions, the device's prompt, PasskeyLogIn. */
    logInWithPasskey: fromPromise<LogInAnswer, void>(async () => notProvided('logInWithPasskey')),
  },
  guards: {
    available: (_, params: { available: boolean }) => params.available,
    declined: (_, params: { error: unknown }) => isPasskeyDeclined(params.error),
  },
  actions: {
    /** The app sends LOGGED_IN to the session and goes where the password log-in goes. */
    loggedIn: (_, _params: { auth: AuthSession }) => notProvided('loggedIn'),
    clearError: assign({ error: null }),
    setFailure: assign((_, params: { error: unknown }) => ({
      error: passkeyFailureMessage(params.error, 'passkey.failed'),
    })),
  },
}).createMachine({
  id: 'passkeyLogIn',
  context: { error: null },
  initial: 'checking',
  on: { USE_PASSKEY: { target: '.asking', actions: 'clearError' } },
  states: {
    checking: {
      invoke: {
        id: 'autofillAvailable',
        src: 'autofillAvailable',
        onDone: [
          {
            guard: { type: 'available', params: ({ event }) => ({ available: event.output }) },
            target: 'autofill',
          },
          { target: 'idle' },
        ],
        onError: 'idle',
      },
    },
    autofill: {
      invoke: {
        id: 'logInByAutofill',
        src: 'logInByAutofill',
        onDone: {
          target: 'loggedIn',
          actions: {
            type: 'loggedIn',
            params: ({ event }) => ({ auth: { token: event.output.token, user: event.output.userDetails } }),
          },
        },
        onError: [
          // The autofill was dismissed or replaced: the button still works.
          { guard: { type: 'declined', params: ({ event }) => ({ error: event.error }) }, target: 'idle' },
          {
            target: 'idle',
            actions: { type: 'setFailure', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    idle: {},
    asking: {
      on: { USE_PASSKEY: {} },
      invoke: {
        id: 'logInWithPasskey',
        src: 'logInWithPasskey',
        onDone: {
          target: 'loggedIn',
          actions: {
            type: 'loggedIn',
            params: ({ event }) => ({ auth: { token: event.output.token, user: event.output.userDetails } }),
          },
        },
        onError: {
          target: 'idle',
          actions: { type: 'setFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    loggedIn: { type: 'final' },
  },
});

export type PasskeyLogInMachine = typeof passkeyLogInMachine;
