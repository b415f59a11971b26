/**
 * The gem payment gateway (/PaymentGateway; spec sections 2 "Treasure shop and gateway" and 8): the user's details
 * and the chosen pack with its price, then 'Pay with Wallet'. loading (invoke `loadUser` and `loadPacks` at once)
 * -> ready | failed ('Failed to fetch user details. Please try again later.' or 'treasureShop.packsFailed', RETRY).
 * ready -> PAY -> paying (invoke `buyGemPack` with the attempt's Idempotency-Key and the price shown) -> paid
 * ('Payment successful! Thank you for your purchase.'; the balance to the app, the kept choice cleared) | ready
 * with why: 'Transaction failed. Please try again.' (refused or failed), 'Payment failed. Please try again later.'
 * (the server failed: 5xx), a rule's message (no pack: 'Please select a card before making a payment.'; not
 * enough funds), or 'Failed to process payment. Please try again later.'
 * (no answer: the key is kept for the next PAY). A price that changed since it was shown reloads the page
 * (loading) and says so.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { GatewayUser, GemPackInPesewas, GemPacksInPesewas } from '../contract/gems';
import type { WalletOperation } from '../contract/wallet';
import type { DomainMessageId } from '../domain/messages';
import type { MinorUnits } from '../domain/money';
import {
  failureStatus,
  notProvided,
  serverFailure,
  serverMessageId,
  type ServerFailure,
} from './failure-messages';
import * as keys from './shared/idempotent-submit';
import { offeredPack } from './treasure-shop.machine';

export interface PaymentGatewayInput {
  /** The pack chosen in the shop (the app's persisted choice), if any. */
  packId: string | null;
  keySeed?: string;
}

export interface PaymentGatewayContext extends keys.IdempotencyKeys {
  packId: string | null;
  user: GatewayUser | null;
  packs: GemPackInPesewas[];
  /** USD per GHS the prices use. */
  rate: string;
  /** The available balance: the user's as loaded, then every answer's. */
  walletAmount: MinorUnits;
  loaded: { user: boolean; packs: boolean };
  error: DomainMessageId | null;
  /** The server's refusal behind `error`, with the values its message names (a tier limit's figures). */
  failure: ServerFailure | null;
  /** The purchase once paid. */
  operation: WalletOperation | null;
}

export type PaymentGatewayEvent = { type: 'PAY' } | { type: 'RETRY' };

/** POST api/Shop/BuyGemPack: the pack, the price shown and the attempt's key. */
export interface BuyGemPackInput {
  packId: string;
  priceMinor: MinorUnits;
  idempotencyKey: string;
}

/** The chosen pack as offered now, or null. */
export const chosenPack = (context: Pick<PaymentGatewayContext, 'packs' | 'packId'>) =>
  offeredPack(context.packs, context.packId);

const notLoaded = { user: false, packs: false };

/**
 * Why a refused payment failed: a rule's message the server named; else, the server failing (5xx) 'Payment failed.
 * Please try again later.', and a refusal 'Transaction failed. Please try again.' (docs/decisions.md, issue 22).
 */
const refusalMessage = (error: unknown): DomainMessageId => {
  const id = serverMessageId(error);
  if (id === 'walletPayment.notEnough' || id === 'treasureShop.selectPack') return id;
  // A tier limit (issue 24): the message names the limit and what is left, and the screen offers the upgrade.
  if (id !== null && id.startsWith('limit.')) return id;
  // A large payment the user did not confirm with their passkey (issue 26): nothing moved, and the message says why.
  if (id !== null && (id.startsWith('stepUp.') || id === 'auth.stepUpRequired')) return id;
  return (failureStatus(error) ?? 0) >= 500 ? 'treasureShop.paymentFailed' : 'gateway.transactionFailed';
};

export const paymentGatewayMachine = setup({
  types: {
    context: {} as PaymentGatewayContext,
    events: {} as PaymentGatewayEvent,
    input: {} as PaymentGatewayInput,
  },
  actors: {
    /** GET api/User/GetUserDetails. */
    loadUser: fromPromise<GatewayUser, void>(async () => notProvided('loadUser')),
    /** GET api/Shop/GetGemPacks. */
    loadPacks: fromPromise<GemPacksInPesewas, void>(async () => notProvided('loadPacks')),
    /** POST api/Shop/BuyGemPack with the Idempotency-Key header. */
    buyGemPack: fromPromise<WalletOperation, BuyGemPackInput>(async () => notProvided('buyGemPack')),
  },
  guards: {
    allLoaded: ({ context }) => context.loaded.user && context.loaded.packs,
    noPack: ({ context }) => chosenPack(context) === null,
    walletCovers: ({ context }) => {
      const pack = chosenPack(context);
      return pack !== null && context.walletAmount >= pack.priceMinor;
    },
    paid: (_, params: { result: WalletOperation }) => params.result.status === 'Successful',
    isUnanswered: (_, params: { error: unknown }) => keys.isUnanswered(params.error),
    priceChanged: (_, params: { error: unknown }) =>
      serverMessageId(params.error) === 'treasureShop.priceChanged',
  },
  actions: {
    /** The app sends WALLET_AMOUNT_CHANGED to the session. */
    walletChanged: (_, _params: { walletAmount: MinorUnits }) => notProvided('walletChanged'),
    /** The app forgets the chosen pack (bought). */
    clearChoice: () => notProvided('clearChoice'),
    setUser: assign(({ context }, params: { user: GatewayUser }) => ({
      user: params.user,
      walletAmount: params.user.walletAmount,
      loaded: { ...context.loaded, user: true },
    })),
    setPacks: assign(({ context }, params: { answer: GemPacksInPesewas }) => ({
      packs: params.answer.packs,
      rate: params.answer.rate,
      loaded: { ...context.loaded, packs: true },
    })),
    setUserFailed: assign({ error: 'gateway.userDetailsFailed' as const }),
    setPacksFailed: assign({ error: 'treasureShop.packsFailed' as const }),
    reload: assign({ error: null, loaded: notLoaded }),
    setNoPack: assign({ error: 'treasureShop.selectPack' as const }),
    setNotEnough: assign({ error: 'walletPayment.notEnough' as const }),
    takeKey: assign(({ context }) => ({ ...keys.takeIdempotencyKey(context), error: null })),
    setPaid: assign((_, params: { result: WalletOperation }) => ({
      operation: params.result,
      walletAmount: params.result.walletAmount,
      error: null,
      ...keys.keyDropped,
    })),
    setFailed: assign((_, params: { result: WalletOperation }) => ({
      walletAmount: params.result.walletAmount,
      error: 'gateway.transactionFailed' as const,
      ...keys.keyDropped,
    })),
    // No answer: the money may have moved, so the next PAY sends the same key.
    setUnanswered: assign({ error: 'gateway.paymentFailed' as const }),
    setPriceChanged: assign({
      error: 'treasureShop.priceChanged' as const,
      loaded: notLoaded,
      ...keys.keyDropped,
    }),
    setRefused: assign((_, params: { error: unknown }) => ({
      error: refusalMessage(params.error),
      failure: serverFailure(refusalMessage(params.error), params.error),
      ...keys.keyDropped,
    })),
  },
}).createMachine({
  id: 'paymentGateway',
  context: ({ input }) => ({
    ...keys.initialKeys(input.keySeed),
    packId: input.packId,
    user: null,
    packs: [],
    rate: '',
    walletAmount: 0,
    loaded: notLoaded,
    error: null,
    failure: null,
    operation: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      always: { guard: 'allLoaded', target: 'ready' },
      invoke: [
        {
          id: 'loadUser',
          src: 'loadUser',
          onDone: { actions: { type: 'setUser', params: ({ event }) => ({ user: event.output }) } },
          onError: { target: 'failed', actions: 'setUserFailed' },
        },
        {
          id: 'loadPacks',
          src: 'loadPacks',
          onDone: { actions: { type: 'setPacks', params: ({ event }) => ({ answer: event.output }) } },
          onError: { target: 'failed', actions: 'setPacksFailed' },
        },
      ],
    },
    failed: {
      on: { RETRY: { target: 'loading', actions: 'reload' } },
    },
    ready: {
      on: {
        PAY: [
          { guard: 'noPack', actions: 'setNoPack' },
          { guard: 'walletCovers', target: 'paying', actions: 'takeKey' },
          { actions: 'setNotEnough' },
        ],
      },
    },
    /** 'Processing...': further clicks are not events of this state. */
    paying: {
      invoke: {
        id: 'buyGemPack',
        src: 'buyGemPack',
        input: ({ context }): BuyGemPackInput => ({
          packId: context.packId ?? '',
          priceMinor: chosenPack(context)?.priceMinor ?? 0,
          idempotencyKey: context.idempotencyKey ?? '',
        }),
        onDone: [
          {
            guard: { type: 'paid', params: ({ event }) => ({ result: event.output }) },
            target: 'paid',
            actions: [
              { type: 'setPaid', params: ({ event }) => ({ result: event.output }) },
              { type: 'walletChanged', params: ({ event }) => ({ walletAmount: event.output.walletAmount }) },
              'clearChoice',
            ],
          },
          {
            target: 'ready',
            actions: [
              { type: 'setFailed', params: ({ event }) => ({ result: event.output }) },
              { type: 'walletChanged', params: ({ event }) => ({ walletAmount: event.output.walletAmount }) },
            ],
          },
        ],
        onError: [
          {
            guard: { type: 'isUnanswered', params: ({ event }) => ({ error: event.error }) },
            target: 'ready',
            actions: 'setUnanswered',
          },
          {
            guard: { type: 'priceChanged', params: ({ event }) => ({ error: event.error }) },
            target: 'loading',
            actions: 'setPriceChanged',
          },
          {
            target: 'ready',
            actions: { type: 'setRefused', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    /** 'Payment successful! Thank you for your purchase.' and 'Back to Treasure Shop'. */
    paid: { type: 'final' },
  },
});

export type PaymentGatewayMachine = typeof paymentGatewayMachine;
