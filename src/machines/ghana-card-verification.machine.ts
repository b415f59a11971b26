/**
 * The Upgrade page's first step: the Ghana Card checked against the national identity register. Started from the
 * page's data: verified already (the Medium tier or above), no Ghana Card on file (the page links to the
 * identifications), or choosing among the cards (the first chosen) -> VERIFY -> verifying (invoke
 * `verifyGhanaCard`) -> verified (the app refreshes the page: Medium at once), or back to choosing with the
 * server's refusal ('upgrade.ghanaCard.unknown', '.nameDiffers'...) or 'upgrade.ghanaCard.failed'.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { VerifiedGhanaCard } from '../contract/upgrade';
import type { DomainMessageId } from '../domain/messages';
import type { GhanaCardChoice } from './account-upgrade.machine';
import { notProvided, serverMessageId } from './failure-messages';

export interface GhanaCardVerificationInput {
  cards: GhanaCardChoice[];
  /** The user is at the Medium tier or above. */
  verified: boolean;
}

export interface GhanaCardVerificationContext {
  cards: GhanaCardChoice[];
  verifiedAtStart: boolean;
  identificationId: number | null;
  error: DomainMessageId | null;
}

export type GhanaCardVerificationEvent = { type: 'CHOOSE'; identificationId: number } | { type: 'VERIFY' };

export const ghanaCardVerificationMachine = setup({
  types: {
    context: {} as GhanaCardVerificationContext,
    events: {} as GhanaCardVerificationEvent,
    input: {} as GhanaCardVerificationInput,
  },
  actors: {
    /** POST api/User/VerifyGhanaCard. */
    verifyGhanaCard: fromPromise<VerifiedGhanaCard, { identificationId: number }>(async () =>
      notProvided('verifyGhanaCard'),
    ),
  },
  guards: {
    isVerified: ({ context }) => context.verifiedAtStart,
    hasNoCard: ({ context }) => context.cards.length === 0,
    isCardOnFile: ({ context }, params: { identificationId: number }) =>
      context.cards.some((card) => card.id === params.identificationId),
  },
  actions: {
    /** The app loads the page again (the tier is now Medium). */
    verified: () => notProvided('verified'),
    choose: assign((_, params: { identificationId: number }) => ({
      identificationId: params.identificationId,
      error: null,
    })),
    clearError: assign({ error: null }),
    setError: assign((_, params: { error: unknown }) => ({
      error: serverMessageId(params.error) ?? ('upgrade.ghanaCard.failed' as const),
    })),
  },
}).createMachine({
  id: 'ghanaCardVerification',
  context: ({ input }) => ({
    cards: input.cards,
    verifiedAtStart: input.verified,
    identificationId: input.cards[0]?.id ?? null,
    error: null,
  }),
  initial: 'starting',
  states: {
    starting: {
      always: [
        { guard: 'isVerified', target: 'verified' },
        { guard: 'hasNoCard', target: 'noCard' },
        { target: 'choosing' },
      ],
    },
    noCard: {},
    choosing: {
      on: {
        CHOOSE: {
          guard: {
            type: 'isCardOnFile',
            params: ({ event }) => ({ identificationId: event.identificationId }),
          },
          actions: { type: 'choose', params: ({ event }) => ({ identificationId: event.identificationId }) },
        },
        VERIFY: { target: 'verifying', actions: 'clearError' },
      },
    },
    verifying: {
      invoke: {
        id: 'verifyGhanaCard',
        src: 'verifyGhanaCard',
        input: ({ context }) => ({ identificationId: context.identificationId ?? 0 }),
        onDone: { target: 'verified', actions: 'verified' },
        onError: {
          target: 'choosing',
          actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    verified: { type: 'final' },
  },
});

export type GhanaCardVerificationMachine = typeof ghanaCardVerificationMachine;
