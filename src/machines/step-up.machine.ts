/**
 * The step-up before a large money move (issue 26), or before a change that weakens the protection (the step-up
 * turned off or raised, a passkey removed: the challenge's `change`), started by the request the server refused
 * with 401 'auth.stepUpRequired' (src/services/money-post.ts withStepUp): loadingOptions (invoke `stepUpOptions`
 * with the refused request) -> confirming (the dialog shows what the server will check: the amount and the
 * beneficiary, or the change in words) -> CONFIRM -> askingPasskey (invoke `signStepUp`: the device's fingerprint
 * or face prompt) -> proved, whose output the same request carries on its retry (a money move with the same
 * Idempotency-Key). CANCEL, or a prompt the user closed, ends in cancelled ('stepUp.cancelled', for a change
 * 'stepUp.changeCancelled'); the options or the prompt failing otherwise in failed. Either way the flow goes back
 * to its review (or its setting) with that message and nothing moved or changed. Diagram: docs/machines/step-up.md.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { AuthenticationOptions } from '../contract/passkeys';
import type { DomainMessageId } from '../domain/messages';
import type { MinorUnits } from '../domain/money';
import type { SecurityChange } from '../domain/passkey';
import { notProvided, serverMessageId } from './failure-messages';
import { isPasskeyDeclined } from './shared/passkey-prompt';

/** The money request the server refused, as it was sent. */
export interface RefusedMoneyRequest {
  path: string;
  body: unknown;
}

/** What the user confirms, as the server will check it (src/services/passkeys.ts: pesewas). */
export interface StepUpOperation {
  amountMinor: MinorUnits;
  beneficiary: string;
}

export interface StepUpChallenge {
  options: AuthenticationOptions;
  operation: StepUpOperation;
  /** A security change (not a money move): what the dialog says instead of the operation. */
  change?: SecurityChange;
}

export interface StepUpContext {
  refused: RefusedMoneyRequest;
  challenge: StepUpChallenge | null;
  /** The Step-Up-Proof header's value, once the passkey signed. */
  proof: string | null;
  /** Why there is no proof. */
  error: DomainMessageId | null;
}

export type StepUpEvent = { type: 'CONFIRM' } | { type: 'CANCEL' };

/** The end of a step-up: the proof, or the message that says why there is none. */
export type StepUpOutput = { proof: string } | { messageId: DomainMessageId };

export const stepUpMachine = setup({
  types: {
    context: {} as StepUpContext,
    events: {} as StepUpEvent,
    input: {} as { refused: RefusedMoneyRequest },
    output: {} as StepUpOutput,
  },
  actors: {
    /** POST api/User/StepUpOptions with the refused request. */
    stepUpOptions: fromPromise<StepUpChallenge, RefusedMoneyRequest>(async () =>
      notProvided('stepUpOptions'),
    ),
    /** The passkey signs the options; resolves with the proof header's value. */
    signStepUp: fromPromise<string, { options: AuthenticationOptions }>(async () =>
      notProvided('signStepUp'),
    ),
  },
  guards: {
    declined: (_, params: { error: unknown }) => isPasskeyDeclined(params.error),
  },
  actions: {
    setChallenge: assign((_, params: { challenge: StepUpChallenge }) => ({ challenge: params.challenge })),
    setProof: assign((_, params: { proof: string }) => ({ proof: params.proof })),
    // A change the user did not confirm was not made; a payment was not sent.
    setCancelled: assign(({ context }) => ({
      error: context.challenge?.change ? ('stepUp.changeCancelled' as const) : ('stepUp.cancelled' as const),
    })),
    setFailed: assign((_, params: { error: unknown }) => ({
      error: serverMessageId(params.error) ?? ('stepUp.failed' as const),
    })),
  },
}).createMachine({
  id: 'stepUp',
  context: ({ input }) => ({ refused: input.refused, challenge: null, proof: null, error: null }),
  initial: 'loadingOptions',
  states: {
    loadingOptions: {
      invoke: {
        id: 'stepUpOptions',
        src: 'stepUpOptions',
        input: ({ context }) => context.refused,
        onDone: {
          target: 'confirming',
          actions: { type: 'setChallenge', params: ({ event }) => ({ challenge: event.output }) },
        },
        onError: {
          target: 'failed',
          actions: { type: 'setFailed', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    confirming: {
      on: {
        CONFIRM: 'askingPasskey',
        CANCEL: { target: 'cancelled', actions: 'setCancelled' },
      },
    },
    askingPasskey: {
      invoke: {
        id: 'signStepUp',
        src: 'signStepUp',
        input: ({ context }) => ({ options: context.challenge!.options }),
        onDone: {
          target: 'proved',
          actions: { type: 'setProof', params: ({ event }) => ({ proof: event.output }) },
        },
        onError: [
          {
            guard: { type: 'declined', params: ({ event }) => ({ error: event.error }) },
            target: 'cancelled',
            actions: 'setCancelled',
          },
          {
            target: 'failed',
            actions: { type: 'setFailed', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    proved: { type: 'final' },
    cancelled: { type: 'final' },
    failed: { type: 'final' },
  },
  output: ({ context }) =>
    context.proof !== null ? { proof: context.proof } : { messageId: context.error ?? 'stepUp.failed' },
});

export type StepUpMachine = typeof stepUpMachine;
