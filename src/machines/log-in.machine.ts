/**
 * The log-in form (/LogIn): editing -> SUBMIT (email rule, password required) -> submitting (invoke `logIn`) ->
 * loggedIn, or back to editing with 'Invalid email or password' / 'Something went wrong, please try again later'.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { DomainMessageId } from '../domain/messages';
import type { LogInAnswer, LogInRequest } from '../contract/user';
import type { AuthSession } from './session.machine';
import { failureStatus, notProvided, tooManyMessage } from './failure-messages';
import {
  changeLogInField,
  initialLogInContext,
  logInViolations,
  type LogInContext,
  type LogInEvent,
  type LogInField,
} from './log-in.form';

export {
  initialLogInContext,
  logInViolations,
  type LogInContext,
  type LogInEvent,
  type LogInField,
} from './log-in.form';

/** 401 'Invalid email or password', 429 the limit the server named, anything else 'Something went wrong...'. */
export const logInFailureMessage = (error: unknown): DomainMessageId => {
  switch (failureStatus(error)) {
    case 401:
      return 'logIn.invalidCredentials';
    case 429:
      return tooManyMessage(error);
    default:
      return 'server.error';
  }
};

export const logInMachine = setup({
  types: {
    context: {} as LogInContext,
    events: {} as LogInEvent,
  },
  actors: {
    /** POST api/User/UserLogin. */
    logIn: fromPromise<LogInAnswer, LogInRequest>(async () => notProvided('logIn')),
  },
  guards: {
    formValid: ({ context }) => logInViolations(context.email, context.password).length === 0,
  },
  actions: {
    /** The app forwards LOGGED_IN to the session and navigates to /dashboard. */
    loggedIn: (_, _params: { auth: AuthSession }) => notProvided('loggedIn'),
    change: assign(({ context }, params: { field: LogInField; value: string }) =>
      changeLogInField(context, params.field, params.value),
    ),
    togglePasswordVisibility: assign(({ context }) => ({ passwordVisible: !context.passwordVisible })),
    showViolations: assign(({ context }) => ({
      violations: logInViolations(context.email, context.password),
    })),
    clearMessages: assign({ violations: [], error: null }),
    setFailure: assign((_, params: { error: unknown }) => ({ error: logInFailureMessage(params.error) })),
  },
}).createMachine({
  id: 'logIn',
  context: initialLogInContext,
  initial: 'editing',
  on: {
    TOGGLE_PASSWORD_VISIBILITY: { actions: 'togglePasswordVisibility' },
  },
  states: {
    editing: {
      on: {
        CHANGE: {
          actions: { type: 'change', params: ({ event }) => ({ field: event.field, value: event.value }) },
        },
        SUBMIT: [
          { guard: 'formValid', target: 'submitting', actions: 'clearMessages' },
          { actions: 'showViolations' },
        ],
      },
    },
    submitting: {
      invoke: {
        id: 'logIn',
        src: 'logIn',
        input: ({ context }) => ({ email: context.email.trim(), password: context.password }),
        onDone: {
          target: 'loggedIn',
          actions: {
            type: 'loggedIn',
            params: ({ event }) => ({ auth: { token: event.output.token, user: event.output.userDetails } }),
          },
        },
        onError: {
          target: 'editing',
          actions: { type: 'setFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    loggedIn: { type: 'final' },
  },
});

export type LogInMachine = typeof logInMachine;
