/**
 * The treasure shop (/treasure-shop; spec sections 2 "Treasure shop and gateway" and 8): the three gem packs with
 * their GHS price at the current USD rate. loading (invoke `loadPacks`) -> ready | failed ('treasureShop.
 * packsFailed', RETRY). In ready, SELECT chooses a pack (the app keeps the choice: `saveChoice`, so it survives a
 * reload on the way to the gateway); PAY ('Pay with Wallet') goes to the gateway (`openGateway`) once a pack is
 * chosen, else says 'Please select a card before making a payment.'.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { GemPacksInPesewas, GemPackInPesewas } from '../contract/gems';
import { gemPurchaseViolations } from '../domain/gems';
import type { DomainMessageId } from '../domain/messages';
import { notProvided } from './failure-messages';

export interface TreasureShopInput {
  /** The pack chosen earlier (the app's persisted choice), if any. */
  selected: string | null;
}

export interface TreasureShopContext {
  packs: GemPackInPesewas[];
  /** USD per GHS the prices use ('' until loaded). */
  rate: string;
  selected: string | null;
  error: DomainMessageId | null;
}

export type TreasureShopEvent = { type: 'SELECT'; packId: string } | { type: 'PAY' } | { type: 'RETRY' };

/** The pack of `packId` among those offered, or null. */
export const offeredPack = (packs: readonly GemPackInPesewas[], packId: string | null) =>
  packs.find((pack) => pack.id === packId) ?? null;

export const treasureShopMachine = setup({
  types: {
    context: {} as TreasureShopContext,
    events: {} as TreasureShopEvent,
    input: {} as TreasureShopInput,
  },
  actors: {
    /** GET api/Shop/GetGemPacks. */
    loadPacks: fromPromise<GemPacksInPesewas, void>(async () => notProvided('loadPacks')),
  },
  guards: {
    offered: ({ context }, params: { packId: string }) => offeredPack(context.packs, params.packId) !== null,
    chosen: ({ context }) =>
      gemPurchaseViolations(context.selected).length === 0 &&
      offeredPack(context.packs, context.selected) !== null,
  },
  actions: {
    /** The app keeps the chosen pack (persisted) for the gateway page. */
    saveChoice: (_, _params: { packId: string }) => notProvided('saveChoice'),
    /** The app goes to /PaymentGateway. */
    openGateway: () => notProvided('openGateway'),
    setPacks: assign(({ context }, params: { answer: GemPacksInPesewas }) => ({
      packs: params.answer.packs,
      rate: params.answer.rate,
      // A choice kept from before stands only if the pack is still sold.
      selected: offeredPack(params.answer.packs, context.selected)?.id ?? null,
      error: null,
    })),
    setLoadFailed: assign({ error: 'treasureShop.packsFailed' as const }),
    clearError: assign({ error: null }),
    select: assign((_, params: { packId: string }) => ({ selected: params.packId, error: null })),
    setNoChoice: assign(({ context }) => ({
      error: gemPurchaseViolations(context.selected)[0]?.messageId ?? null,
    })),
  },
}).createMachine({
  id: 'treasureShop',
  context: ({ input }) => ({ packs: [], rate: '', selected: input.selected, error: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadPacks',
        src: 'loadPacks',
        onDone: {
          target: 'ready',
          actions: { type: 'setPacks', params: ({ event }) => ({ answer: event.output }) },
        },
        onError: { target: 'failed', actions: 'setLoadFailed' },
      },
    },
    failed: {
      on: { RETRY: { target: 'loading', actions: 'clearError' } },
    },
    ready: {
      on: {
        SELECT: {
          guard: { type: 'offered', params: ({ event }) => ({ packId: event.packId }) },
          actions: [
            { type: 'select', params: ({ event }) => ({ packId: event.packId }) },
            { type: 'saveChoice', params: ({ event }) => ({ packId: event.packId }) },
          ],
        },
        PAY: [{ guard: 'chosen', actions: 'openGateway' }, { actions: 'setNoChoice' }],
      },
    },
  },
});

export type TreasureShopMachine = typeof treasureShopMachine;
