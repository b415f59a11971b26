/**
 * Phone verification (dashboard card): start -> verified when the session knows it, else checking (the server
 * says) -> idle ('Verify your phone number') -> SEND -> sending -> codeEntry.typing (the six boxes) -> SUBMIT ->
 * codeEntry.verifying -> verified; RESEND from the boxes texts a new code, CANCEL closes them. A number another
 * account verified first ends in `taken`.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { DomainMessageId } from '../domain/messages';
import type { RuleViolation } from '../domain/rule';
import type { PhoneVerificationStatus, SentPhoneCode, VerifiedPhone } from '../contract/phone-verification';
import { failureStatus, notProvided, serverMessageId } from './failure-messages';
import {
  emptyDigits,
  enteredCode,
  otpEntryActions,
  otpEntryGuards,
  otpEntryTransitions,
  type OtpEntryEvent,
} from './shared/otp-entry';

export interface PhoneVerificationInput {
  /** The session's `phoneVerified`: true is known; false may be "not known yet" (after a reload). */
  phoneVerified: boolean;
}

export interface PhoneVerificationContext {
  /** Known to be verified (the session said so, the server said so, or the code was right). */
  phoneVerified: boolean;
  /** The six boxes, '' when empty. */
  digits: string[];
  focusedIndex: number;
  violations: RuleViolation<'code'>[];
  error: DomainMessageId | null;
  notice: DomainMessageId | null;
  /** The registered phone, masked ('+233 ******567'), once the server said it. */
  maskedPhone: string | null;
  /** ISO date and time until which the last code sent works. */
  expiresAt: string | null;
}

export type PhoneVerificationEvent =
  { type: 'SEND' } | OtpEntryEvent | { type: 'SUBMIT' } | { type: 'RESEND' } | { type: 'CANCEL' };

export interface VerifyPhoneInput {
  code: string;
}

/** The message of a failed call: the server's own (wrong code, too many, SMS not sent...), else a server error. */
export const phoneVerificationFailureMessage = (error: unknown): DomainMessageId =>
  serverMessageId(error) ?? 'server.error';

const answered = (error: unknown, status: number, messageId: DomainMessageId): boolean =>
  failureStatus(error) === status && serverMessageId(error) === messageId;

const noCode = {
  digits: emptyDigits(),
  focusedIndex: 0,
  violations: [],
  error: null,
  notice: null,
};

export const phoneVerificationMachine = setup({
  types: {
    context: {} as PhoneVerificationContext,
    events: {} as PhoneVerificationEvent,
    input: {} as PhoneVerificationInput,
  },
  actors: {
    /** GET api/User/GetPhoneVerification. */
    loadStatus: fromPromise<PhoneVerificationStatus, void>(async () => notProvided('loadStatus')),
    /** POST api/User/SendPhoneVerificationCode. */
    sendCode: fromPromise<SentPhoneCode, void>(async () => notProvided('sendCode')),
    /** POST api/User/VerifyPhone. */
    verifyCode: fromPromise<VerifiedPhone, VerifyPhoneInput>(async () => notProvided('verifyCode')),
  },
  guards: {
    ...otpEntryGuards,
    knownVerified: (_, params: { phoneVerified: boolean }) => params.phoneVerified,
    isAlreadyVerified: (_, params: { error: unknown }) =>
      answered(params.error, 409, 'phoneVerification.alreadyVerified'),
    isPhoneTaken: (_, params: { error: unknown }) =>
      answered(params.error, 409, 'phoneVerification.phoneTaken'),
  },
  actions: {
    ...otpEntryActions<PhoneVerificationContext, PhoneVerificationEvent>(),
    /** The app tells the session (PHONE_VERIFIED), so the dashboard knows it next time. */
    phoneVerified: () => notProvided('phoneVerified'),
    setMaskedPhone: assign((_, params: { maskedPhone: string | null }) => ({
      maskedPhone: params.maskedPhone,
    })),
    codeSent: assign((_, params: { sent: SentPhoneCode }) => ({
      ...noCode,
      maskedPhone: params.sent.maskedPhone,
      expiresAt: params.sent.expiresAt,
      notice: 'phoneVerification.sent' as const,
    })),
    showCodeViolation: assign({
      violations: [{ field: 'code' as const, messageId: 'otp.invalidFormat' as const }],
    }),
    setFailure: assign((_, params: { error: unknown }) => ({
      error: phoneVerificationFailureMessage(params.error),
      notice: null,
    })),
    clearMessages: assign({ violations: [], error: null, notice: null }),
    closeCode: assign({ ...noCode, expiresAt: null }),
    markVerified: assign((_, params: { notice: DomainMessageId | null }) => ({
      ...noCode,
      phoneVerified: true,
      notice: params.notice,
    })),
    showTaken: assign({ ...noCode, error: 'phoneVerification.phoneTaken' as const }),
  },
}).createMachine({
  id: 'phoneVerification',
  context: ({ input }) => ({
    ...noCode,
    phoneVerified: input.phoneVerified,
    maskedPhone: null,
    expiresAt: null,
  }),
  initial: 'start',
  states: {
    start: {
      always: [
        {
          guard: {
            type: 'knownVerified',
            params: ({ context }) => ({ phoneVerified: context.phoneVerified }),
          },
          target: 'verified',
        },
        { target: 'checking' },
      ],
    },
    checking: {
      invoke: {
        id: 'loadStatus',
        src: 'loadStatus',
        onDone: [
          {
            guard: {
              type: 'knownVerified',
              params: ({ event }) => ({ phoneVerified: event.output.phoneVerified }),
            },
            target: 'verified',
            actions: [
              { type: 'setMaskedPhone', params: ({ event }) => ({ maskedPhone: event.output.maskedPhone }) },
              { type: 'markVerified', params: { notice: null } },
              'phoneVerified',
            ],
          },
          {
            target: 'idle',
            actions: {
              type: 'setMaskedPhone',
              params: ({ event }) => ({ maskedPhone: event.output.maskedPhone }),
            },
          },
        ],
        // Offering the card is harmless: a phone already verified answers so when a code is asked for.
        onError: { target: 'idle' },
      },
    },
    idle: {
      on: { SEND: { target: 'sending', actions: 'clearMessages' } },
    },
    sending: {
      invoke: {
        id: 'sendCode',
        src: 'sendCode',
        onDone: {
          target: 'codeEntry',
          actions: { type: 'codeSent', params: ({ event }) => ({ sent: event.output }) },
        },
        onError: [
          {
            guard: { type: 'isAlreadyVerified', params: ({ event }) => ({ error: event.error }) },
            target: 'verified',
            actions: [
              { type: 'markVerified', params: { notice: 'phoneVerification.alreadyVerified' } },
              'phoneVerified',
            ],
          },
          {
            guard: { type: 'isPhoneTaken', params: ({ event }) => ({ error: event.error }) },
            target: 'taken',
            actions: 'showTaken',
          },
          {
            target: 'idle',
            actions: { type: 'setFailure', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    codeEntry: {
      initial: 'typing',
      states: {
        typing: {
          on: {
            ...otpEntryTransitions,
            SUBMIT: [
              { guard: 'codeComplete', target: 'verifying', actions: 'clearMessages' },
              { actions: 'showCodeViolation' },
            ],
            RESEND: { target: 'resending', actions: 'clearMessages' },
            CANCEL: { target: '#phoneVerification.idle', actions: 'closeCode' },
          },
        },
        resending: {
          invoke: {
            id: 'resendCode',
            src: 'sendCode',
            onDone: {
              target: 'typing',
              actions: { type: 'codeSent', params: ({ event }) => ({ sent: event.output }) },
            },
            onError: [
              {
                guard: { type: 'isAlreadyVerified', params: ({ event }) => ({ error: event.error }) },
                target: '#phoneVerification.verified',
                actions: [
                  { type: 'markVerified', params: { notice: 'phoneVerification.alreadyVerified' } },
                  'phoneVerified',
                ],
              },
              {
                guard: { type: 'isPhoneTaken', params: ({ event }) => ({ error: event.error }) },
                target: '#phoneVerification.taken',
                actions: 'showTaken',
              },
              {
                target: 'typing',
                actions: { type: 'setFailure', params: ({ event }) => ({ error: event.error }) },
              },
            ],
          },
        },
        verifying: {
          invoke: {
            id: 'verifyCode',
            src: 'verifyCode',
            input: ({ context }) => ({ code: enteredCode(context) }),
            onDone: {
              target: '#phoneVerification.verified',
              actions: [
                {
                  type: 'setMaskedPhone',
                  params: ({ event }) => ({ maskedPhone: event.output.maskedPhone }),
                },
                { type: 'markVerified', params: { notice: 'phoneVerification.verified' } },
                'phoneVerified',
              ],
            },
            onError: [
              {
                guard: { type: 'isPhoneTaken', params: ({ event }) => ({ error: event.error }) },
                target: '#phoneVerification.taken',
                actions: 'showTaken',
              },
              {
                target: 'typing',
                actions: { type: 'setFailure', params: ({ event }) => ({ error: event.error }) },
              },
            ],
          },
        },
      },
    },
    verified: { type: 'final' },
    taken: { type: 'final' },
  },
});

export type PhoneVerificationMachine = typeof phoneVerificationMachine;
