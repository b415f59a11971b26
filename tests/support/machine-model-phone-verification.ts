/** Path-test model of the phone-verification machine (see machine-paths.ts): sample events, state keys, expectations. */
import { expect } from 'vitest';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { otpDigit, pastedOtp } from '../../src/domain/otp';
import type { SentPhoneCode } from '../../src/contract/phone-verification';
import {
  phoneVerificationMachine,
  type PhoneVerificationContext,
} from '../../src/machines/phone-verification.machine';
import {
  doneEvent,
  errorEvent,
  errorOf,
  expectUnchanged,
  httpError,
  named,
  networkError,
  outputOf,
} from './machine-fixtures';
import type { MachineModel, ModelStep } from './machine-paths';

export const sentCode: SentPhoneCode = {
  maskedPhone: '+233 ******567',
  expiresAt: '2026-11-23T12:10:00.000Z',
};
const verified = { phoneVerified: true, maskedPhone: '+233 ******567' };

/** The failures each call can answer, and the message the machine shows for them. */
const sendFailures = [
  httpError(409, 'phoneVerification.alreadyVerified'),
  httpError(409, 'phoneVerification.phoneTaken'),
  httpError(429, 'phoneVerification.tooManyCodes'),
  httpError(503, 'phoneVerification.smsFailed'),
  networkError(),
];
const verifyFailures = [
  httpError(400, 'phoneVerification.codeInvalid'),
  httpError(400, 'phoneVerification.attemptsExhausted'),
  httpError(409, 'phoneVerification.phoneTaken'),
  httpError(429, 'request.tooMany'),
  httpError(500),
];

const events = (snapshot: AnyMachineSnapshot): AnyEventObject[] => {
  const { focusedIndex } = snapshot.context as PhoneVerificationContext;
  return [
    { type: 'SEND' },
    { type: 'CHANGE_DIGIT', index: focusedIndex, value: '7' },
    { type: 'CHANGE_DIGIT', index: focusedIndex, value: 'x' },
    { type: 'CHANGE_DIGIT', index: 6, value: '1' },
    { type: 'BACKSPACE', index: focusedIndex },
    { type: 'BACKSPACE', index: -1 },
    { type: 'PASTE', text: '123 456' },
    { type: 'PASTE', text: 'abc' },
    { type: 'SUBMIT' },
    { type: 'RESEND' },
    { type: 'CANCEL' },
    doneEvent('loadStatus', verified),
    doneEvent('loadStatus', { phoneVerified: false, maskedPhone: '+233 ******567' }),
    errorEvent('loadStatus', networkError()),
    doneEvent('sendCode', sentCode),
    ...sendFailures.map((error) => errorEvent('sendCode', error)),
    doneEvent('resendCode', { ...sentCode, expiresAt: '2026-11-23T12:12:00.000Z' }),
    ...sendFailures.map((error) => errorEvent('resendCode', error)),
    doneEvent('verifyCode', verified),
    ...verifyFailures.map((error) => errorEvent('verifyCode', error)),
  ];
};

const messageIdOf = (error: unknown): string | null => {
  const failure = (error as { failure?: { kind: string; data?: { messageId?: string } | null } }).failure;
  return failure?.kind === 'http' ? (failure.data?.messageId ?? null) : null;
};
const cleared = { digits: ['', '', '', '', '', ''], focusedIndex: 0, violations: [] };

const check = (step: ModelStep): void => {
  const { previous, event, snapshot, actions } = step;
  const context = snapshot.context as PhoneVerificationContext;
  // Invariants of every state.
  expect(context.digits).toHaveLength(6);
  expect(context.digits.every((digit) => /^\d?$/.test(digit))).toBe(true);
  expect(context.focusedIndex).toBeGreaterThanOrEqual(0);
  expect(context.focusedIndex).toBeLessThanOrEqual(5);
  expect(context.phoneVerified).toBe(snapshot.matches('verified'));
  if (snapshot.matches('codeEntry')) expect(context.expiresAt).not.toBeNull();
  if (snapshot.matches('taken')) expect(context.error).toBe('phoneVerification.phoneTaken');

  if (previous === null) {
    // Known verified: no call; otherwise the server is asked.
    expect(snapshot.value).toBe(context.phoneVerified ? 'verified' : 'checking');
    expect(actions).toEqual([]);
    return;
  }
  if (previous.status === 'done') return expectUnchanged(step);
  const before = previous.context as PhoneVerificationContext;
  const inState = (state: string) => previous.matches(state);
  switch (event.type) {
    case 'SEND':
      if (!inState('idle')) return expectUnchanged(step);
      expect(snapshot.value).toBe('sending');
      expect(context.error).toBeNull();
      return;
    case 'CHANGE_DIGIT': {
      const { index, value } = event as unknown as { index: number; value: string };
      if (!inState('codeEntry.typing') || index < 0 || index > 5) return expectUnchanged(step);
      const digit = otpDigit(value);
      expect(context.digits[index]).toBe(digit);
      expect(context.focusedIndex).toBe(digit ? Math.min(index + 1, 5) : index);
      expect(context.error).toBeNull();
      return;
    }
    case 'BACKSPACE': {
      const { index } = event as unknown as { index: number };
      if (!inState('codeEntry.typing') || index < 0 || index > 5) return expectUnchanged(step);
      expect(context.digits[index]).toBe('');
      expect(context.focusedIndex).toBe(before.digits[index] === '' ? Math.max(index - 1, 0) : index);
      return;
    }
    case 'PASTE': {
      const digits = pastedOtp((event as unknown as { text: string }).text);
      if (!inState('codeEntry.typing') || digits === null) return expectUnchanged(step);
      expect(context.digits).toEqual(digits);
      expect(context.focusedIndex).toBe(5);
      return;
    }
    case 'SUBMIT': {
      if (!inState('codeEntry.typing')) return expectUnchanged(step);
      const complete = before.digits.every((digit) => digit !== '');
      expect(snapshot.value).toEqual({ codeEntry: complete ? 'verifying' : 'typing' });
      expect(context.violations).toEqual(complete ? [] : [{ field: 'code', messageId: 'otp.invalidFormat' }]);
      expect(context.digits).toEqual(before.digits);
      return;
    }
    case 'RESEND':
      if (!inState('codeEntry.typing')) return expectUnchanged(step);
      expect(snapshot.value).toEqual({ codeEntry: 'resending' });
      expect(context.digits).toEqual(before.digits);
      return;
    case 'CANCEL':
      if (!inState('codeEntry.typing')) return expectUnchanged(step);
      expect(snapshot.value).toBe('idle');
      expect(context).toMatchObject({ ...cleared, error: null, notice: null, expiresAt: null });
      expect(context.maskedPhone).toBe(before.maskedPhone);
      return;
    case 'xstate.done.actor.loadStatus': {
      const status = outputOf<{ phoneVerified: boolean; maskedPhone: string | null }>(event);
      expect(snapshot.value).toBe(status.phoneVerified ? 'verified' : 'idle');
      expect(context.maskedPhone).toBe(status.maskedPhone);
      expect(context.notice).toBeNull();
      expect(named(actions)).toEqual(status.phoneVerified ? [['phoneVerified', undefined]] : []);
      return;
    }
    case 'xstate.error.actor.loadStatus':
      expect(snapshot.value).toBe('idle');
      expect(context.error).toBeNull();
      expect(actions).toEqual([]);
      return;
    case 'xstate.done.actor.sendCode':
    case 'xstate.done.actor.resendCode': {
      const sent = outputOf<SentPhoneCode>(event);
      expect(snapshot.value).toEqual({ codeEntry: 'typing' });
      expect(context).toMatchObject({
        ...cleared,
        maskedPhone: sent.maskedPhone,
        expiresAt: sent.expiresAt,
        notice: 'phoneVerification.sent',
        error: null,
      });
      expect(actions).toEqual([]);
      return;
    }
    case 'xstate.error.actor.sendCode':
    case 'xstate.error.actor.resendCode': {
      const messageId = messageIdOf(errorOf(event));
      if (messageId === 'phoneVerification.alreadyVerified') {
        expect(snapshot.value).toBe('verified');
        expect(context.notice).toBe('phoneVerification.alreadyVerified');
        expect(named(actions)).toEqual([['phoneVerified', undefined]]);
        return;
      }
      expect(actions).toEqual([]);
      if (messageId === 'phoneVerification.phoneTaken') {
        expect(snapshot.value).toBe('taken');
        return;
      }
      // The card (first send) or the boxes (a resend) show what went wrong; the digits typed stay.
      expect(snapshot.value).toEqual(event.type.endsWith('.sendCode') ? 'idle' : { codeEntry: 'typing' });
      expect(context.error).toBe(messageId ?? 'server.error');
      expect(context.digits).toEqual(before.digits);
      return;
    }
    case 'xstate.done.actor.verifyCode':
      expect(snapshot.value).toBe('verified');
      expect(context).toMatchObject({ ...cleared, notice: 'phoneVerification.verified', error: null });
      expect(named(actions)).toEqual([['phoneVerified', undefined]]);
      return;
    case 'xstate.error.actor.verifyCode': {
      const messageId = messageIdOf(errorOf(event));
      expect(actions).toEqual([]);
      if (messageId === 'phoneVerification.phoneTaken') {
        expect(snapshot.value).toBe('taken');
        expect(context.digits).toEqual(cleared.digits);
        return;
      }
      expect(snapshot.value).toEqual({ codeEntry: 'typing' });
      expect(context.error).toBe(messageId ?? 'server.error');
      expect(context.digits).toEqual(before.digits);
      return;
    }
    default:
      throw new Error(`phone-verification model: unexpected event ${event.type}`);
  }
};

export const model: MachineModel<typeof phoneVerificationMachine> = {
  name: 'phone-verification',
  machine: phoneVerificationMachine,
  inputs: [
    { label: 'not known to be verified', input: { phoneVerified: false } },
    { label: 'known verified', input: { phoneVerified: true } },
  ],
  events,
  key: (snapshot) => {
    const context = snapshot.context as PhoneVerificationContext;
    return [
      context.digits.filter((digit) => digit !== '').length,
      context.focusedIndex,
      context.violations.length,
      context.error,
      context.notice,
      context.expiresAt,
    ];
  },
  simpleKey: (snapshot) => {
    const context = snapshot.context as PhoneVerificationContext;
    return [context.digits.filter((digit) => digit !== '').length === 6];
  },
  check,
  maxSimplePaths: 150,
};
