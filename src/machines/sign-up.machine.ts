/**
 * The sign-up form (/SignUp): loadingCountries (invoke `loadCountries`) -> editing | countriesFailed (RETRY);
 * SUBMIT only with every sign-up rule of spec section 5 kept -> submitting (invoke `register`) -> registered (/LogIn).
 */
import type { LogInArrival } from './log-in.form';
import { assign, fromPromise, setup } from 'xstate';
import type { DomainMessageId } from '../domain/messages';
import { DEFAULT_PHONE_CODE, limitPhoneInput } from '../domain/phone';
import { signUpViolations, type SignUpField } from '../domain/sign-up';
import type { Country } from '../contract/reference';
import type { SignUpRequest } from '../contract/user';
import {
  failureStatus,
  notProvided,
  serverMessageId,
  serverMessageText,
  serverViolations,
  tooManyMessage,
} from './failure-messages';
import {
  changeSignUp,
  DEFAULT_PHONE_COUNTRY_ISO,
  initialSignUpContext,
  isSignUpField,
  toggleSignUpPassword,
  type SignUpContext,
  type SignUpEvent,
  type SignUpPasswordField,
} from './sign-up.form';

export {
  changeSignUpForm,
  DEFAULT_PHONE_COUNTRY_ISO,
  emptySignUpForm,
  SIGN_UP_FIELDS,
  type SignUpContext,
  type SignUpEvent,
  type SignUpPasswordField,
} from './sign-up.form';

/** Which message a failed registration shows (400 violations are handled apart). */
export const signUpFailureMessage = (error: unknown): DomainMessageId => {
  switch (failureStatus(error)) {
    case null:
      return 'signUp.failed';
    case 409:
      return 'signUp.emailTaken';
    case 429:
      return tooManyMessage(error);
    default:
      return serverMessageId(error) ?? 'signUp.failed';
  }
};

export const signUpMachine = setup({
  types: {
    context: {} as SignUpContext,
    events: {} as SignUpEvent,
  },
  actors: {
    /** GET api/Country/GetAllCountries. */
    loadCountries: fromPromise<Country[], void>(async () => notProvided('loadCountries')),
    /** POST api/User/UserRegistration. */
    register: fromPromise<unknown, SignUpRequest>(async () => notProvided('register')),
  },
  guards: {
    formValid: ({ context }) => signUpViolations(context.form).length === 0,
    hasServerViolations: (_, params: { error: unknown }) =>
      failureStatus(params.error) === 400 && serverViolations(params.error, isSignUpField).length > 0,
  },
  actions: {
    navigate: (_, _params: { to: '/LogIn'; state: LogInArrival }) => notProvided('navigate'),
    setCountries: assign(({ context }, params: { countries: Country[] }) => {
      const first = params.countries[0];
      const ghana = params.countries.find((country) => country.isoCode === DEFAULT_PHONE_COUNTRY_ISO);
      // Ghana's dial code replaces the default one, unless the visitor already picked a phone country.
      const phoneCode =
        context.form.phoneCode === DEFAULT_PHONE_CODE
          ? (ghana?.dialCode ?? DEFAULT_PHONE_CODE)
          : context.form.phoneCode;
      const form = {
        ...context.form,
        countryId: context.form.countryId === 0 && first ? first.id : context.form.countryId,
        phoneCode,
        phoneNumber: limitPhoneInput(phoneCode, context.form.phoneNumber),
      };
      return {
        countries: params.countries,
        form,
        error: null,
        violations: context.showViolations ? signUpViolations(form) : [],
      };
    }),
    setCountriesFailed: assign({ error: 'countries.loadFailed' }),
    clearError: assign({ error: null, serverMessage: null }),
    change: assign(({ context }, params: { field: SignUpField; value: string }) =>
      changeSignUp(context, params.field, params.value),
    ),
    togglePasswordVisibility: assign(({ context }, params: { field: SignUpPasswordField }) =>
      toggleSignUpPassword(context, params.field),
    ),
    showViolations: assign(({ context }) => ({
      showViolations: true,
      violations: signUpViolations(context.form),
      error: null,
      serverMessage: null,
    })),
    setServerViolations: assign((_, params: { error: unknown }) => ({
      showViolations: true,
      violations: serverViolations(params.error, isSignUpField),
      error: null,
      serverMessage: serverMessageText(params.error),
    })),
    setFailure: assign((_, params: { error: unknown }) => ({
      error: signUpFailureMessage(params.error),
      serverMessage: serverMessageText(params.error),
    })),
  },
}).createMachine({
  id: 'signUp',
  context: initialSignUpContext,
  initial: 'loadingCountries',
  // The form can be filled while the countries load (and edited while a registration is on its way).
  on: {
    CHANGE: {
      actions: { type: 'change', params: ({ event }) => ({ field: event.field, value: event.value }) },
    },
    PHONE_COUNTRY_CHANGED: {
      actions: {
        type: 'change',
        params: ({ event }) => ({ field: 'phoneCode' as const, value: event.dialCode }),
      },
    },
    TOGGLE_PASSWORD_VISIBILITY: {
      actions: { type: 'togglePasswordVisibility', params: ({ event }) => ({ field: event.field }) },
    },
  },
  states: {
    loadingCountries: {
      invoke: {
        id: 'loadCountries',
        src: 'loadCountries',
        onDone: {
          target: 'editing',
          actions: { type: 'setCountries', params: ({ event }) => ({ countries: event.output }) },
        },
        onError: { target: 'countriesFailed', actions: 'setCountriesFailed' },
      },
    },
    countriesFailed: {
      on: { RETRY: { target: 'loadingCountries', actions: 'clearError' } },
    },
    editing: {
      on: {
        SUBMIT: [
          { guard: 'formValid', target: 'submitting', actions: 'showViolations' },
          { actions: 'showViolations' },
        ],
      },
    },
    submitting: {
      invoke: {
        id: 'register',
        src: 'register',
        input: ({ context }) => ({ ...context.form }),
        onDone: { target: 'registered' },
        onError: [
          {
            guard: { type: 'hasServerViolations', params: ({ event }) => ({ error: event.error }) },
            target: 'editing',
            actions: { type: 'setServerViolations', params: ({ event }) => ({ error: event.error }) },
          },
          {
            target: 'editing',
            actions: { type: 'setFailure', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    registered: {
      type: 'final',
      // The log-in form says the account was made and has the e-mail filled in (issue 23).
      entry: {
        type: 'navigate',
        params: ({ context }) => ({
          to: '/LogIn',
          state: { email: context.form.email.trim(), done: 'signUp' },
        }),
      },
    },
  },
});

export type SignUpMachine = typeof signUpMachine;
