/**
 * The cookie banner (spec section 4 "Cookie banner"): undecided until ACCEPT or DECLINE stores userConsent.
 */
import { assign, setup } from 'xstate';
import { notProvided } from './failure-messages';

export interface CookieConsentInput {
  /** The userConsent cookie as read at start: null when the visitor has not decided yet. */
  consent: boolean | null;
}

export interface CookieConsentContext {
  consent: boolean | null;
}

export type CookieConsentEvent = { type: 'ACCEPT' } | { type: 'DECLINE' };

export const cookieConsentMachine = setup({
  types: {
    context: {} as CookieConsentContext,
    events: {} as CookieConsentEvent,
    input: {} as CookieConsentInput,
  },
  guards: {
    hasDecided: ({ context }) => context.consent !== null,
  },
  actions: {
    /** The app writes the cookie userConsent (path /, 365 days). */
    storeConsent: (_, _params: { consent: boolean }) => notProvided('storeConsent'),
    setConsent: assign((_, params: { consent: boolean }) => ({ consent: params.consent })),
  },
}).createMachine({
  id: 'cookieConsent',
  context: ({ input }) => ({ consent: input.consent }),
  initial: 'undecided',
  states: {
    undecided: {
      always: { guard: 'hasDecided', target: 'decided' },
      on: {
        ACCEPT: {
          target: 'decided',
          actions: [
            { type: 'setConsent', params: { consent: true } },
            { type: 'storeConsent', params: { consent: true } },
          ],
        },
        DECLINE: {
          target: 'decided',
          actions: [
            { type: 'setConsent', params: { consent: false } },
            { type: 'storeConsent', params: { consent: false } },
          ],
        },
      },
    },
    decided: {},
  },
});

export type CookieConsentMachine = typeof cookieConsentMachine;
