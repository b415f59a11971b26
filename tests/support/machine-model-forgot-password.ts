/** Path-test model of the forgot-password machine (see machine-paths.ts): sample events, state keys, expectations. */
import { expect } from 'vitest';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { emailViolation } from '../../src/domain/email';
import { otpDigit, pastedOtp } from '../../src/domain/otp';
import { passwordViolations } from '../../src/domain/password';
import { failureStatus, isApiError } from '../../src/contract/failure';
import { forgotPasswordMachine } from '../../src/machines/forgot-password.machine';
import {
  doneEvent,
  errorEvent,
  httpError,
  networkError,
  named,
  expectUnchanged,
  errorOf,
} from './machine-fixtures';
import type { MachineModel, ModelStep } from './machine-paths';

type ForgotContext = {
  email: string;
  digits: string[];
  focusedIndex: number;
  resetToken: string | null;
  newPassword: string;
  confirmPassword: string;
  violations: { field: string; messageId: string }[];
  error: string | null;
  notice: string | null;
};

const forgotPasswordEvents = (snapshot: AnyMachineSnapshot): AnyEventObject[] => {
  const { focusedIndex } = snapshot.context as ForgotContext;
  return [
    { type: 'CHANGE_EMAIL', value: 'ama@example.com' },
    { type: 'CHANGE_EMAIL', value: 'ama@' },
    { type: 'SUBMIT_EMAIL' },
    // Typing goes into the focused box; letters are refused; a box index out of range is ignored.
    { type: 'CHANGE_DIGIT', index: focusedIndex, value: '7' },
    { type: 'CHANGE_DIGIT', index: focusedIndex, value: 'x' },
    { type: 'CHANGE_DIGIT', index: 6, value: '1' },
    { type: 'BACKSPACE', index: focusedIndex },
    { type: 'BACKSPACE', index: -1 },
    { type: 'PASTE', text: '123 456' },
    { type: 'PASTE', text: 'abc' },
    { type: 'SUBMIT_CODE' },
    { type: 'RESEND_CODE' },
    { type: 'CHANGE_PASSWORD', field: 'newPassword', value: 'Secret123' },
    { type: 'CHANGE_PASSWORD', field: 'newPassword', value: 'weak' },
    { type: 'CHANGE_PASSWORD', field: 'confirmPassword', value: 'Secret123' },
    { type: 'SUBMIT_PASSWORD' },
    { type: 'START_OVER' },
    doneEvent('requestCode', {}),
    errorEvent('requestCode', httpError(429, 'request.tooMany')),
    errorEvent('requestCode', networkError()),
    doneEvent('verifyCode', { resetToken: 'reset-1' }),
    errorEvent('verifyCode', httpError(400, 'otp.invalidOrExpired')),
    errorEvent('verifyCode', httpError(500, 'server.error')),
    doneEvent('resetPassword', {}),
    errorEvent(
      'resetPassword',
      httpError(400, 'request.invalid', [{ field: 'newPassword', messageId: 'password.weak' }]),
    ),
    errorEvent('resetPassword', httpError(400, 'resetPassword.expired')),
    errorEvent('resetPassword', httpError(429, 'request.tooMany')),
  ];
};

const expectedNewPasswordViolations = (newPassword: string, confirmPassword: string) =>
  passwordViolations(newPassword, confirmPassword).map((v) => ({
    field: v.field === 'createPassword' ? 'newPassword' : 'confirmPassword',
    messageId: v.messageId,
  }));

const expectedForgotFailure = (error: unknown): string => {
  const status = failureStatus(error);
  if (status === 400 && isApiError(error) && error.failure.kind === 'http')
    return error.failure.data?.messageId ?? 'server.error';
  return status === 429 ? 'request.tooMany' : 'server.error';
};

const forgotPasswordCheck = (step: ModelStep): void => {
  const { previous, event, snapshot, actions } = step;
  const context = snapshot.context as ForgotContext;
  expect(context.digits).toHaveLength(6);
  expect(context.digits.every((digit) => /^\d?$/.test(digit))).toBe(true);
  expect(context.focusedIndex).toBeGreaterThanOrEqual(0);
  expect(context.focusedIndex).toBeLessThanOrEqual(5);
  if (snapshot.matches('enteringNewPassword') || snapshot.matches('resettingPassword')) {
    expect(context.resetToken).toBe('reset-1');
  }
  if (previous === null) {
    expect(snapshot.value).toBe('enteringEmail');
    return;
  }
  const before = previous.context as ForgotContext;
  if (previous.status === 'done') return expectUnchanged(step);
  const inState = (state: string) => previous.matches(state);
  switch (event.type) {
    case 'CHANGE_EMAIL':
      if (!inState('enteringEmail')) return expectUnchanged(step);
      expect(context.email).toBe((event as unknown as { value: string }).value);
      expect(context.error).toBeNull();
      return;
    case 'SUBMIT_EMAIL': {
      if (!inState('enteringEmail')) return expectUnchanged(step);
      const message = emailViolation(before.email);
      expect(snapshot.value).toBe(message ? 'enteringEmail' : 'requestingCode');
      expect(context.violations).toEqual(message ? [{ field: 'email', messageId: message }] : []);
      return;
    }
    case 'CHANGE_DIGIT': {
      const { index, value } = event as unknown as { index: number; value: string };
      if (!inState('enteringCode') || index < 0 || index > 5) return expectUnchanged(step);
      const digit = otpDigit(value);
      expect(context.digits[index]).toBe(digit);
      // Focus advances after a digit, stays on a refused key.
      expect(context.focusedIndex).toBe(digit ? Math.min(index + 1, 5) : index);
      return;
    }
    case 'BACKSPACE': {
      const { index } = event as unknown as { index: number };
      if (!inState('enteringCode') || index < 0 || index > 5) return expectUnchanged(step);
      expect(context.digits[index]).toBe('');
      expect(context.focusedIndex).toBe(before.digits[index] === '' ? Math.max(index - 1, 0) : index);
      return;
    }
    case 'PASTE': {
      const digits = pastedOtp((event as unknown as { text: string }).text);
      if (!inState('enteringCode') || digits === null) return expectUnchanged(step);
      expect(context.digits).toEqual(digits);
      return;
    }
    case 'SUBMIT_CODE': {
      if (!inState('enteringCode')) return expectUnchanged(step);
      const complete = before.digits.every((digit) => digit !== '');
      expect(snapshot.value).toBe(complete ? 'verifyingCode' : 'enteringCode');
      if (!complete) expect(context.violations).toEqual([{ field: 'code', messageId: 'otp.invalidFormat' }]);
      return;
    }
    case 'RESEND_CODE':
      if (!inState('enteringCode')) return expectUnchanged(step);
      expect(snapshot.value).toBe('requestingCode');
      return;
    case 'CHANGE_PASSWORD': {
      if (!inState('enteringNewPassword')) return expectUnchanged(step);
      const { field, value } = event as unknown as {
        field: 'newPassword' | 'confirmPassword';
        value: string;
      };
      expect(context[field]).toBe(value);
      return;
    }
    case 'SUBMIT_PASSWORD': {
      if (!inState('enteringNewPassword')) return expectUnchanged(step);
      const violations = expectedNewPasswordViolations(before.newPassword, before.confirmPassword);
      expect(context.violations).toEqual(violations);
      expect(snapshot.value).toBe(violations.length ? 'enteringNewPassword' : 'resettingPassword');
      return;
    }
    case 'START_OVER':
      if (!inState('enteringCode') && !inState('enteringNewPassword')) return expectUnchanged(step);
      expect(snapshot.value).toBe('enteringEmail');
      expect(context.digits).toEqual(['', '', '', '', '', '']);
      expect(context.resetToken).toBeNull();
      expect(context.email).toBe(before.email);
      expect(named(actions)).toEqual(inState('enteringNewPassword') ? [['navigate', { to: '/otp' }]] : []);
      return;
    case 'xstate.done.actor.requestCode':
      if (!inState('requestingCode')) return expectUnchanged(step);
      expect(snapshot.value).toBe('enteringCode');
      expect(context.notice).toBe('otp.sent');
      expect(context.digits).toEqual(['', '', '', '', '', '']);
      expect(context.focusedIndex).toBe(0);
      return;
    case 'xstate.done.actor.verifyCode':
      if (!inState('verifyingCode')) return expectUnchanged(step);
      expect(snapshot.value).toBe('enteringNewPassword');
      expect(named(actions)).toEqual([['navigate', { to: '/createnewpassword' }]]);
      return;
    case 'xstate.done.actor.resetPassword':
      if (!inState('resettingPassword')) return expectUnchanged(step);
      expect(snapshot.value).toBe('done');
      expect(context.notice).toBe('resetPassword.done');
      // The log-in form is told the password was changed, with the e-mail (issue 23).
      expect(named(actions)).toEqual([
        ['navigate', { to: '/LogIn', state: { email: context.email.trim(), done: 'passwordReset' } }],
      ]);
      return;
    case 'xstate.error.actor.requestCode':
    case 'xstate.error.actor.verifyCode':
    case 'xstate.error.actor.resetPassword': {
      const from = {
        requestCode: 'requestingCode',
        verifyCode: 'verifyingCode',
        resetPassword: 'resettingPassword',
      };
      const back = {
        requestCode: 'enteringEmail',
        verifyCode: 'enteringCode',
        resetPassword: 'enteringNewPassword',
      };
      const id = event.type.split('.').pop() as keyof typeof from;
      if (!inState(from[id])) return expectUnchanged(step);
      expect(snapshot.value).toBe(back[id]);
      const error = errorOf(event);
      const violations =
        isApiError(error) && error.failure.kind === 'http' ? (error.failure.data?.violations ?? []) : [];
      if (violations.length) {
        expect(context.violations).toEqual(violations.map(({ field, messageId }) => ({ field, messageId })));
      } else {
        expect(context.error).toBe(expectedForgotFailure(error));
      }
      expect(actions).toEqual([]);
      return;
    }
    default:
      throw new Error(`forgot-password model: unexpected event ${event.type}`);
  }
};

export const model: MachineModel<typeof forgotPasswordMachine> = {
  name: 'forgot-password',
  machine: forgotPasswordMachine,
  inputs: [{ label: 'start', input: undefined as never }],
  events: forgotPasswordEvents,
  key: (snapshot) => {
    const context = snapshot.context as ForgotContext;
    return [
      emailViolation(context.email) === null,
      context.digits.filter((digit) => digit !== '').length,
      context.focusedIndex,
      context.newPassword === 'Secret123',
      context.confirmPassword === 'Secret123',
      context.violations.length,
      context.error,
    ];
  },
  simpleKey: (snapshot) => {
    const context = snapshot.context as ForgotContext;
    return [
      emailViolation(context.email) === null,
      context.digits.filter((digit) => digit !== '').length,
      context.newPassword === 'Secret123' && context.confirmPassword === 'Secret123',
    ];
  },
  check: forgotPasswordCheck,
  maxSimplePaths: 150,
};
