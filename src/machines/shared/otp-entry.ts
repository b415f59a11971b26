/**
 * The six one-digit boxes of a code sent by mail or SMS (forgot password, phone verification): typing one digit
 * moves the focus on, backspace clears and then moves back, pasting six digits fills every box. A flow's machine
 * spreads `otpEntryGuards` and `otpEntryActions<Context, Event>()` into its `setup` and `otpEntryTransitions` into
 * the state where the code is typed; its context holds the `OtpEntrySlice`.
 */
import { assign, type EventObject } from 'xstate';
import { OTP_LENGTH, otpDigit, otpViolation, pastedOtp } from '../../domain/otp';
import type { SharedStateConfig } from './state-config';

export type OtpEntryEvent =
  | { type: 'CHANGE_DIGIT'; index: number; value: string }
  | { type: 'BACKSPACE'; index: number }
  | { type: 'PASTE'; text: string };

/** What the boxes read and write of a flow's context (a change clears the flow's messages). */
export interface OtpEntrySlice {
  /** The six boxes, '' when empty. */
  digits: string[];
  focusedIndex: number;
  violations: readonly unknown[];
  error: unknown;
}

export const emptyDigits = (): string[] => Array.from({ length: OTP_LENGTH }, () => '');

/** The code the boxes hold. */
export const enteredCode = (context: { digits: string[] }): string => context.digits.join('');

const LAST_INDEX = OTP_LENGTH - 1;
const clampIndex = (index: number): number => Math.min(Math.max(Math.trunc(index), 0), LAST_INDEX);
const isBoxIndex = (index: number): boolean => Number.isInteger(index) && index >= 0 && index <= LAST_INDEX;

export const otpEntryGuards = {
  codeComplete: ({ context }: { context: { digits: string[] } }) =>
    otpViolation(enteredCode(context)) === null,
  isBoxIndex: (_: unknown, params: { index: number }) => isBoxIndex(params.index),
  isSixDigits: (_: unknown, params: { text: string }) => pastedOtp(params.text) !== null,
};

export const otpEntryActions = <Context extends OtpEntrySlice, Event extends EventObject>() => {
  // Each action typed against the calling machine's context and events (never: it spawns nothing).
  const update = <Params extends object | undefined>(
    assignment: (context: Context, params: Params) => Partial<OtpEntrySlice>,
  ) =>
    assign<Context, Event, Params, Event, never>(
      ({ context }, params) => assignment(context, params) as Partial<Context>,
    );
  return {
    changeDigit: update((context, params: { index: number; value: string }) => {
      const digit = otpDigit(params.value);
      const digits = [...context.digits];
      digits[params.index] = digit;
      return {
        digits,
        focusedIndex: digit === '' ? params.index : clampIndex(params.index + 1),
        violations: [],
        error: null,
      };
    }),
    backspace: update((context, params: { index: number }) => {
      const digits = [...context.digits];
      const wasEmpty = digits[params.index] === '';
      digits[params.index] = '';
      return { digits, focusedIndex: wasEmpty ? clampIndex(params.index - 1) : params.index, error: null };
    }),
    paste: update((_, params: { text: string }) => ({
      digits: pastedOtp(params.text) ?? emptyDigits(),
      focusedIndex: LAST_INDEX,
      violations: [],
      error: null,
    })),
  };
};

/** The boxes' events in the state where the code is typed (anything but six digits pasted is ignored). */
export const otpEntryTransitions: NonNullable<SharedStateConfig['on']> = {
  CHANGE_DIGIT: {
    guard: {
      type: 'isBoxIndex',
      params: ({ event }: { event: { index: number } }) => ({ index: event.index }),
    },
    actions: {
      type: 'changeDigit',
      params: ({ event }: { event: { index: number; value: string } }) => ({
        index: event.index,
        value: event.value,
      }),
    },
  },
  BACKSPACE: {
    guard: {
      type: 'isBoxIndex',
      params: ({ event }: { event: { index: number } }) => ({ index: event.index }),
    },
    actions: {
      type: 'backspace',
      params: ({ event }: { event: { index: number } }) => ({ index: event.index }),
    },
  },
  PASTE: {
    guard: {
      type: 'isSixDigits',
      params: ({ event }: { event: { text: string } }) => ({ text: event.text }),
    },
    actions: { type: 'paste', params: ({ event }: { event: { text: string } }) => ({ text: event.text }) },
  },
};
