/**
 * Forgot password (/otp, /createnewpassword): e-mail -> requestCode -> the six code boxes -> verifyCode -> the new
 * password (sign-up password rules) -> resetPassword -> done (/LogIn).
 */
import type { LogInArrival } from './log-in.form';
import { assign, fromPromise, setup } from 'xstate';
import { emailViolation, normalizeEmail } from '../domain/email';
import type { DomainMessageId } from '../domain/messages';
import { passwordViolations } from '../domain/password';
import type { RuleViolation } from '../domain/rule';
import type { VerifyResetCodeResponse } from '../contract/user';
import {
  failureStatus,
  notProvided,
  serverMessageId,
  serverViolations,
  tooManyMessage,
} from './failure-messages';
import {
  emptyDigits,
  enteredCode,
  otpEntryActions,
  otpEntryGuards,
  otpEntryTransitions,
  type OtpEntryEvent,
} from './shared/otp-entry';

export type NewPasswordField = 'newPassword' | 'confirmPassword';
export type ForgotPasswordField = 'email' | 'code' | NewPasswordField;

export interface ForgotPasswordContext {
  email: string;
  /** The six OTP boxes, '' when empty. */
  digits: string[];
  focusedIndex: number;
  resetToken: string | null;
  newPassword: string;
  confirmPassword: string;
  violations: RuleViolation<ForgotPasswordField>[];
  error: DomainMessageId | null;
  notice: DomainMessageId | null;
}

export type ForgotPasswordEvent =
  | { type: 'CHANGE_EMAIL'; value: string }
  | { type: 'SUBMIT_EMAIL' }
  | OtpEntryEvent
  | { type: 'SUBMIT_CODE' }
  | { type: 'RESEND_CODE' }
  | { type: 'CHANGE_PASSWORD'; field: NewPasswordField; value: string }
  | { type: 'SUBMIT_PASSWORD' }
  | { type: 'START_OVER' };

export interface RequestCodeInput {
  email: string;
}
export interface VerifyCodeInput {
  email: string;
  code: string;
}
export interface ResetPasswordInput {
  resetToken: string;
  newPassword: string;
  confirmPassword: string;
}

/** The new-password rules (sign-up rules 3 and 4) under this form's field names. */
export const newPasswordViolations = (
  newPassword: string,
  confirmPassword: string,
): RuleViolation<NewPasswordField>[] =>
  passwordViolations(newPassword, confirmPassword).map((violation) => ({
    field: violation.field === 'createPassword' ? 'newPassword' : 'confirmPassword',
    messageId: violation.messageId,
  }));

/** 400 its own message ('otp.invalidOrExpired', 'resetPassword.expired', ...), 429 too many, else server error. */
export const forgotPasswordFailureMessage = (error: unknown): DomainMessageId => {
  switch (failureStatus(error)) {
    case 400:
      return serverMessageId(error) ?? 'server.error';
    case 429:
      return tooManyMessage(error);
    default:
      return 'server.error';
  }
};

const isNewPasswordField = (field: string): field is NewPasswordField =>
  field === 'newPassword' || field === 'confirmPassword';

export const forgotPasswordMachine = setup({
  types: {
    context: {} as ForgotPasswordContext,
    events: {} as ForgotPasswordEvent,
  },
  actors: {
    /** POST api/User/ForgotPassword: always 200 ('otp.sent'), known e-mail or not. */
    requestCode: fromPromise<unknown, RequestCodeInput>(async () => notProvided('requestCode')),
    /** POST api/User/VerifyResetCode. */
    verifyCode: fromPromise<VerifyResetCodeResponse, VerifyCodeInput>(async () => notProvided('verifyCode')),
    /** POST api/User/ResetPassword. */
    resetPassword: fromPromise<unknown, ResetPasswordInput>(async () => notProvided('resetPassword')),
  },
  guards: {
    ...otpEntryGuards,
    emailValid: ({ context }) => emailViolation(context.email) === null,
    passwordsValid: ({ context }) =>
      newPasswordViolations(context.newPassword, context.confirmPassword).length === 0,
    hasServerViolations: (_, params: { error: unknown }) =>
      failureStatus(params.error) === 400 && serverViolations(params.error, isNewPasswordField).length > 0,
  },
  actions: {
    navigate: (_, _params: { to: '/otp' | '/createnewpassword' | '/LogIn'; state?: LogInArrival }) =>
      notProvided('navigate'),
    changeEmail: assign(({ context }, params: { value: string }) => {
      const message = emailViolation(params.value);
      return {
        email: params.value,
        violations:
          context.violations.length > 0 && message ? [{ field: 'email' as const, messageId: message }] : [],
        error: null,
      };
    }),
    showEmailViolation: assign(({ context }) => {
      const message = emailViolation(context.email);
      return { violations: message ? [{ field: 'email' as const, messageId: message }] : [] };
    }),
    codeSent: assign({
      digits: emptyDigits(),
      focusedIndex: 0,
      violations: [],
      error: null,
      notice: 'otp.sent',
    }),
    ...otpEntryActions<ForgotPasswordContext, ForgotPasswordEvent>(),
    showCodeViolation: assign({ violations: [{ field: 'code', messageId: 'otp.invalidFormat' }] }),
    codeVerified: assign((_, params: { resetToken: string }) => ({
      resetToken: params.resetToken,
      violations: [],
      error: null,
      notice: null,
    })),
    changePassword: assign(({ context }, params: { field: NewPasswordField; value: string }) => {
      const next = {
        newPassword: context.newPassword,
        confirmPassword: context.confirmPassword,
        [params.field]: params.value,
      };
      return {
        [params.field]: params.value,
        violations:
          context.violations.length > 0 ? newPasswordViolations(next.newPassword, next.confirmPassword) : [],
        error: null,
      };
    }),
    showPasswordViolations: assign(({ context }) => ({
      violations: newPasswordViolations(context.newPassword, context.confirmPassword),
    })),
    setServerViolations: assign((_, params: { error: unknown }) => ({
      violations: serverViolations(params.error, isNewPasswordField),
      error: null,
    })),
    setFailure: assign((_, params: { error: unknown }) => ({
      error: forgotPasswordFailureMessage(params.error),
    })),
    clearMessages: assign({ violations: [], error: null, notice: null }),
    passwordReset: assign({
      notice: 'resetPassword.done',
      resetToken: null,
      newPassword: '',
      confirmPassword: '',
    }),
    startOver: assign({
      digits: emptyDigits(),
      focusedIndex: 0,
      resetToken: null,
      newPassword: '',
      confirmPassword: '',
      violations: [],
      error: null,
      notice: null,
    }),
  },
}).createMachine({
  id: 'forgotPassword',
  context: {
    email: '',
    digits: emptyDigits(),
    focusedIndex: 0,
    resetToken: null,
    newPassword: '',
    confirmPassword: '',
    violations: [],
    error: null,
    notice: null,
  },
  initial: 'enteringEmail',
  states: {
    enteringEmail: {
      on: {
        CHANGE_EMAIL: { actions: { type: 'changeEmail', params: ({ event }) => ({ value: event.value }) } },
        SUBMIT_EMAIL: [
          { guard: 'emailValid', target: 'requestingCode', actions: 'clearMessages' },
          { actions: 'showEmailViolation' },
        ],
      },
    },
    requestingCode: {
      invoke: {
        id: 'requestCode',
        src: 'requestCode',
        input: ({ context }) => ({ email: normalizeEmail(context.email) }),
        onDone: { target: 'enteringCode', actions: 'codeSent' },
        onError: {
          target: 'enteringEmail',
          actions: { type: 'setFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    enteringCode: {
      on: {
        ...otpEntryTransitions,
        SUBMIT_CODE: [
          { guard: 'codeComplete', target: 'verifyingCode', actions: 'clearMessages' },
          { actions: 'showCodeViolation' },
        ],
        RESEND_CODE: { target: 'requestingCode', actions: 'clearMessages' },
        START_OVER: { target: 'enteringEmail', actions: 'startOver' },
      },
    },
    verifyingCode: {
      invoke: {
        id: 'verifyCode',
        src: 'verifyCode',
        input: ({ context }) => ({ email: normalizeEmail(context.email), code: enteredCode(context) }),
        onDone: {
          target: 'enteringNewPassword',
          actions: [
            { type: 'codeVerified', params: ({ event }) => ({ resetToken: event.output.resetToken }) },
            { type: 'navigate', params: { to: '/createnewpassword' } },
          ],
        },
        onError: {
          target: 'enteringCode',
          actions: { type: 'setFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    enteringNewPassword: {
      on: {
        CHANGE_PASSWORD: {
          actions: {
            type: 'changePassword',
            params: ({ event }) => ({ field: event.field, value: event.value }),
          },
        },
        SUBMIT_PASSWORD: [
          { guard: 'passwordsValid', target: 'resettingPassword', actions: 'clearMessages' },
          { actions: 'showPasswordViolations' },
        ],
        START_OVER: {
          target: 'enteringEmail',
          actions: ['startOver', { type: 'navigate', params: { to: '/otp' } }],
        },
      },
    },
    resettingPassword: {
      invoke: {
        id: 'resetPassword',
        src: 'resetPassword',
        input: ({ context }) => ({
          resetToken: context.resetToken ?? '',
          newPassword: context.newPassword,
          confirmPassword: context.confirmPassword,
        }),
        onDone: {
          target: 'done',
          actions: [
            'passwordReset',
            // The log-in form says the password was changed and has the e-mail filled in (issue 23).
            {
              type: 'navigate',
              params: ({ context }) => ({
                to: '/LogIn',
                state: { email: context.email.trim(), done: 'passwordReset' },
              }),
            },
          ],
        },
        onError: [
          {
            guard: { type: 'hasServerViolations', params: ({ event }) => ({ error: event.error }) },
            target: 'enteringNewPassword',
            actions: { type: 'setServerViolations', params: ({ event }) => ({ error: event.error }) },
          },
          {
            target: 'enteringNewPassword',
            actions: { type: 'setFailure', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    done: { type: 'final' },
  },
});

export type ForgotPasswordMachine = typeof forgotPasswordMachine;
