/**
 * The dashboard's offer 'Use your fingerprint or face to log in' (issue 26): checking (invoke `shouldOffer`: the
 * browser can use passkeys, the user has none, and has not dismissed the offer) -> offered | hidden. DISMISS hides
 * it for good on this browser (`rememberDismissed`). Diagram: docs/machines/passkey-offer.md.
 */
import { fromPromise, setup } from 'xstate';
import { notProvided } from './failure-messages';

export type PasskeyOfferEvent = { type: 'DISMISS' };

export const passkeyOfferMachine = setup({
  types: {
    events: {} as PasskeyOfferEvent,
  },
  actors: {
    shouldOffer: fromPromise<boolean, void>(async () => notProvided('shouldOffer')),
  },
  guards: {
    offered: (_, params: { offer: boolean }) => params.offer,
  },
  actions: {
    rememberDismissed: () => notProvided('rememberDismissed'),
  },
}).createMachine({
  id: 'passkeyOffer',
  initial: 'checking',
  states: {
    checking: {
      invoke: {
        id: 'shouldOffer',
        src: 'shouldOffer',
        onDone: [
          { guard: { type: 'offered', params: ({ event }) => ({ offer: event.output }) }, target: 'offered' },
          { target: 'hidden' },
        ],
        // Whatever failed, the dashboard does without the offer.
        onError: 'hidden',
      },
    },
    offered: { on: { DISMISS: { target: 'hidden', actions: 'rememberDismissed' } } },
    hidden: { type: 'final' },
  },
});

export type PasskeyOfferMachine = typeof passkeyOfferMachine;
