/**
 * Path-test models (see machine-paths.ts) of the issue-10 shop machines: the treasure shop, the gem payment
 * gateway, the gem balance and the gem purchases of the game. The expectations come from the spec (sections 2, 8)
 * and the domain rule (src/domain/gems.ts) as the oracle.
 */
import { expect } from 'vitest';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { GatewayUser, GemPacksInPesewas, GemPurchase } from '../../src/contract/gems';
import type { WalletOperation } from '../../src/contract/wallet';
import { pricedGemPacks } from '../../src/domain/gems';
import { failureStatus, serverMessageId } from '../../src/machines/failure-messages';
import { gemBalanceMachine, gemPurchasesMachine } from '../../src/machines/game.machine';
import {
  paymentGatewayMachine,
  type PaymentGatewayContext,
} from '../../src/machines/payment-gateway.machine';
import { treasureShopMachine, type TreasureShopContext } from '../../src/machines/treasure-shop.machine';
import { isUnanswered } from '../../src/machines/shared/idempotent-submit';
import {
  doneEvent,
  errorEvent,
  httpError,
  LIMIT_VALUES,
  limitRefusal,
  networkError,
  user,
} from './machine-fixtures';
import type { MachineModel, ModelStep, NamedAction } from './machine-paths';
import { pagedHistoryModels } from './machine-model-paged-history';

/* ----------------------------------------------------------------------------------------------- helpers */

const named = (actions: NamedAction[]) => actions.map((action) => [action.type, action.params]);

const expectUnchanged = (step: ModelStep) => {
  expect(step.snapshot.value).toEqual(step.previous?.value);
  expect(step.snapshot.context).toEqual(step.previous?.context);
  expect(step.actions).toEqual([]);
};

const outputOf = <T>(event: AnyEventObject): T => (event as unknown as { output: T }).output;
const errorOf = (event: AnyEventObject): unknown => (event as { error?: unknown }).error;
const contextKey = (snapshot: AnyMachineSnapshot): string => JSON.stringify(snapshot.context);

/** The packs at the seeded rate, as the browser holds them. */
export const shopPacks: GemPacksInPesewas = {
  currency: 'USD',
  rate: '0.08',
  asOf: '2026-11-23T10:00:00.000Z',
  packs: pricedGemPacks('0.08').map(({ id, gems, usdCents, priceMinor }) => ({
    id,
    gems,
    usdCents,
    priceMinor,
  })),
};

/* ---------------------------------------------------------------------------------------- treasure shop */

const shopCheck = (step: ModelStep): void => {
  const { previous, event, snapshot, actions } = step;
  const context = snapshot.context as TreasureShopContext;
  if (previous === null) {
    expect(snapshot.value).toBe('loading');
    expect(context.packs).toEqual([]);
    expect(context.error).toBeNull();
    return;
  }
  const before = previous.context as TreasureShopContext;
  const offered = (id: string | null) => before.packs.some((pack) => pack.id === id);
  switch (event.type) {
    case 'xstate.done.actor.loadPacks': {
      const answer = outputOf<GemPacksInPesewas>(event);
      expect(snapshot.value).toBe('ready');
      const kept = answer.packs.some((pack) => pack.id === before.selected) ? before.selected : null;
      expect(context).toEqual({ packs: answer.packs, rate: answer.rate, selected: kept, error: null });
      expect(actions).toEqual([]);
      return;
    }
    case 'xstate.error.actor.loadPacks':
      expect(snapshot.value).toBe('failed');
      expect(context).toEqual({ ...before, error: 'treasureShop.packsFailed' });
      return;
    case 'RETRY':
      if (!previous.matches('failed')) return expectUnchanged(step);
      expect(snapshot.value).toBe('loading');
      expect(context).toEqual({ ...before, error: null });
      return;
    case 'SELECT': {
      const packId = (event as unknown as { packId: string }).packId;
      if (!previous.matches('ready') || !offered(packId)) return expectUnchanged(step);
      expect(context).toEqual({ ...before, selected: packId, error: null });
      // The choice is kept for the gateway (it survives a reload).
      expect(named(actions)).toEqual([['saveChoice', { packId }]]);
      return;
    }
    case 'PAY':
      if (!previous.matches('ready')) return expectUnchanged(step);
      expect(snapshot.value).toBe('ready');
      if (offered(before.selected)) {
        expect(context).toEqual(before);
        expect(actions.map((action) => action.type)).toEqual(['openGateway']);
      } else {
        // Spec section 8: 'Please select a card before making a payment.'
        expect(context).toEqual({ ...before, error: 'treasureShop.selectPack' });
        expect(actions).toEqual([]);
      }
      return;
    default:
      throw new Error(`treasure-shop model: unexpected event ${event.type}`);
  }
};

export const treasureShopModel: MachineModel<typeof treasureShopMachine> = {
  name: 'treasure-shop',
  machine: treasureShopMachine,
  inputs: [
    { label: 'nothing chosen', input: { selected: null } },
    { label: 'a pack chosen before', input: { selected: 'gems-6500' } },
    { label: 'a pack no longer sold', input: { selected: 'gems-1' } },
  ],
  events: (snapshot) => [
    { type: 'SELECT', packId: 'gems-6500' },
    { type: 'SELECT', packId: 'gems-2500' },
    { type: 'SELECT', packId: 'gems-1' },
    { type: 'PAY' },
    { type: 'RETRY' },
    ...(snapshot.matches('loading')
      ? [doneEvent('loadPacks', shopPacks), errorEvent('loadPacks', networkError())]
      : []),
  ],
  key: contextKey,
  check: shopCheck,
};

/* ---------------------------------------------------------------------------------------- payment gateway */

export const gatewayUser = (walletAmount: number): GatewayUser => ({
  ...user,
  walletAmount,
  email: 'ama@example.com',
  phone: '+233 241234567',
  totalBeneficiaries: 2,
});

const paidResult = (status: WalletOperation['status']): WalletOperation => ({
  referenceNumber: 'GEM-1',
  status,
  failureMessageId: status === 'Failed' ? 'gateway.transactionFailed' : null,
  amount: 62_488,
  walletAmount: status === 'Successful' ? 37_512 : 100_000,
});

/** The context without the count of keys taken (it grows with every attempt); whether a key is held is kept. */
const moneyKey = (snapshot: AnyMachineSnapshot): string => {
  const { keyCount: _count, idempotencyKey, ...rest } = snapshot.context as PaymentGatewayContext;
  return JSON.stringify({ ...rest, holdsKey: idempotencyKey !== null });
};

const gatewayCheck = (step: ModelStep): void => {
  const { previous, event, snapshot, actions } = step;
  const context = snapshot.context as PaymentGatewayContext;
  if (previous === null) {
    expect(snapshot.value).toBe('loading');
    expect(context).toMatchObject({
      keyCount: 0,
      idempotencyKey: null,
      user: null,
      packs: [],
      loaded: { user: false, packs: false },
      error: null,
      operation: null,
    });
    return;
  }
  const before = previous.context as PaymentGatewayContext;
  const pack = before.packs.find((candidate) => candidate.id === before.packId) ?? null;
  const keyDropped = { idempotencyKey: null };
  const loadedAll = (loaded: PaymentGatewayContext['loaded']) =>
    loaded.user && loaded.packs ? 'ready' : 'loading';
  switch (event.type) {
    case 'xstate.done.actor.loadUser': {
      const user = outputOf<GatewayUser>(event);
      const loaded = { ...before.loaded, user: true };
      expect(snapshot.value).toBe(loadedAll(loaded));
      expect(context).toEqual({ ...before, user, walletAmount: user.walletAmount, loaded });
      return;
    }
    case 'xstate.done.actor.loadPacks': {
      const answer = outputOf<GemPacksInPesewas>(event);
      const loaded = { ...before.loaded, packs: true };
      expect(snapshot.value).toBe(loadedAll(loaded));
      expect(context).toEqual({ ...before, packs: answer.packs, rate: answer.rate, loaded });
      return;
    }
    case 'xstate.error.actor.loadUser':
    case 'xstate.error.actor.loadPacks':
      expect(snapshot.value).toBe('failed');
      expect(context.error).toBe(
        event.type.endsWith('loadUser') ? 'gateway.userDetailsFailed' : 'treasureShop.packsFailed',
      );
      return;
    case 'RETRY':
      if (!previous.matches('failed')) return expectUnchanged(step);
      expect(snapshot.value).toBe('loading');
      expect(context).toEqual({ ...before, error: null, loaded: { user: false, packs: false } });
      return;
    case 'PAY': {
      if (!previous.matches('ready')) return expectUnchanged(step);
      expect(actions).toEqual([]);
      if (pack === null) {
        expect(snapshot.value).toBe('ready');
        expect(context).toEqual({ ...before, error: 'treasureShop.selectPack' });
      } else if (before.walletAmount >= pack.priceMinor) {
        expect(snapshot.value).toBe('paying');
        // A key kept from an unanswered attempt is sent again; otherwise a new one.
        const expected = before.idempotencyKey ?? `${before.keySeed}-${before.keyCount + 1}`;
        expect(context.idempotencyKey).toBe(expected);
        expect(context.error).toBeNull();
      } else {
        expect(snapshot.value).toBe('ready');
        expect(context).toEqual({ ...before, error: 'walletPayment.notEnough' });
      }
      return;
    }
    case 'xstate.done.actor.buyGemPack': {
      const result = outputOf<WalletOperation>(event);
      if (result.status === 'Successful') {
        expect(snapshot.value).toBe('paid');
        expect(context).toEqual({
          ...before,
          ...keyDropped,
          operation: result,
          walletAmount: result.walletAmount,
          error: null,
        });
        expect(named(actions)).toEqual([
          ['walletChanged', { walletAmount: result.walletAmount }],
          ['clearChoice', undefined],
        ]);
      } else {
        expect(snapshot.value).toBe('ready');
        expect(context).toEqual({
          ...before,
          ...keyDropped,
          walletAmount: result.walletAmount,
          error: 'gateway.transactionFailed',
        });
        expect(named(actions)).toEqual([['walletChanged', { walletAmount: result.walletAmount }]]);
      }
      return;
    }
    case 'xstate.error.actor.buyGemPack': {
      const error = errorOf(event);
      expect(actions).toEqual([]);
      if (isUnanswered(error)) {
        // The money may have moved: the key is kept for the next PAY.
        expect(snapshot.value).toBe('ready');
        expect(context).toEqual({ ...before, error: 'gateway.paymentFailed' });
      } else if (serverMessageId(error) === 'treasureShop.priceChanged') {
        expect(snapshot.value).toBe('loading');
        expect(context).toEqual({
          ...before,
          ...keyDropped,
          error: 'treasureShop.priceChanged',
          loaded: { user: false, packs: false },
        });
      } else {
        expect(snapshot.value).toBe('ready');
        const id = serverMessageId(error);
        const shown =
          id === 'walletPayment.notEnough' || id === 'limit.daily'
            ? id
            : (failureStatus(error) ?? 0) >= 500
              ? 'treasureShop.paymentFailed'
              : 'gateway.transactionFailed';
        expect(context).toEqual({
          ...before,
          ...keyDropped,
          error: shown,
          // A tier limit's refusal keeps the figures its message names (issue 24).
          failure:
            shown === 'limit.daily' ? { messageId: shown, values: LIMIT_VALUES } : { messageId: shown },
        });
      }
      return;
    }
    default:
      throw new Error(`payment-gateway model: unexpected event ${event.type}`);
  }
};

export const paymentGatewayModel: MachineModel<typeof paymentGatewayMachine> = {
  name: 'payment-gateway',
  machine: paymentGatewayMachine,
  inputs: [
    { label: 'the 6,500-gem pack chosen', input: { packId: 'gems-6500', keySeed: 'seed' } },
    { label: 'no pack chosen', input: { packId: null, keySeed: 'seed' } },
  ],
  events: (snapshot) => [
    { type: 'PAY' },
    { type: 'RETRY' },
    ...(snapshot.matches('loading')
      ? [
          doneEvent('loadUser', gatewayUser(100_000)),
          doneEvent('loadUser', gatewayUser(1_000)),
          errorEvent('loadUser', httpError(500)),
          doneEvent('loadPacks', shopPacks),
          errorEvent('loadPacks', networkError()),
        ]
      : []),
    ...(snapshot.matches('paying')
      ? [
          doneEvent('buyGemPack', paidResult('Successful')),
          doneEvent('buyGemPack', paidResult('Failed')),
          errorEvent('buyGemPack', networkError()),
          errorEvent('buyGemPack', httpError(409, 'treasureShop.priceChanged')),
          errorEvent('buyGemPack', httpError(400, 'walletPayment.notEnough')),
          errorEvent('buyGemPack', limitRefusal()),
          errorEvent('buyGemPack', httpError(500, 'server.error')),
          errorEvent('buyGemPack', httpError(402)),
        ]
      : []),
  ],
  key: moneyKey,
  simpleKey: (snapshot) => {
    const context = snapshot.context as PaymentGatewayContext;
    return [context.walletAmount, context.idempotencyKey !== null];
  },
  check: gatewayCheck,
  maxSimplePaths: 60,
};

/* ---------------------------------------------------------------------------------------- gem balance */

const gemBalanceCheck = (step: ModelStep): void => {
  const { previous, event, snapshot, actions } = step;
  const context = snapshot.context as { gems: number | null; error: string | null };
  expect(actions).toEqual([]);
  if (previous === null) {
    expect(snapshot.value).toBe('loading');
    expect(context).toEqual({ gems: null, error: null });
    return;
  }
  const before = previous.context as typeof context;
  switch (event.type) {
    case 'xstate.done.actor.loadGems':
      expect(snapshot.value).toBe('ready');
      expect(context).toEqual({ gems: outputOf<number>(event), error: null });
      return;
    case 'xstate.error.actor.loadGems':
      expect(snapshot.value).toBe('failed');
      expect(context).toEqual({ ...before, error: 'game.loadFailed' });
      return;
    case 'RETRY':
      if (!previous.matches('failed')) return expectUnchanged(step);
      expect(snapshot.value).toBe('loading');
      expect(context).toEqual({ ...before, error: null });
      return;
    case 'REFRESH':
      if (!previous.matches('ready')) return expectUnchanged(step);
      expect(snapshot.value).toBe('loading');
      expect(context).toEqual(before);
      return;
    default:
      throw new Error(`gem-balance model: unexpected event ${event.type}`);
  }
};

export const gemBalanceModel: MachineModel<typeof gemBalanceMachine> = {
  name: 'gem-balance',
  machine: gemBalanceMachine,
  inputs: [{ label: 'start', input: undefined as never }],
  events: (snapshot) => [
    { type: 'RETRY' },
    { type: 'REFRESH' },
    ...(snapshot.matches('loading')
      ? [doneEvent('loadGems', 6500), doneEvent('loadGems', 0), errorEvent('loadGems', networkError())]
      : []),
  ],
  key: contextKey,
  check: gemBalanceCheck,
};

/* ---------------------------------------------------------------------------------------- gem purchases */

const purchase = (n: number): GemPurchase => ({
  referenceNumber: `GEM-${n}`,
  packId: 'gems-2500',
  gems: 2500,
  amount: 24_988,
  usdCents: 1999,
  rate: '0.08',
  status: 'Successful',
  date: new Date(Date.UTC(2026, 10, n)).toISOString(),
});
const purchases = (count: number) => Array.from({ length: count }, (_, index) => purchase(count - index));
export const [gemPurchasesModel, gemPurchasesSearchModel] = pagedHistoryModels({
  name: 'gem-purchases',
  machine: gemPurchasesMachine,
  machineId: 'gemPurchases',
  loadId: 'loadPurchases',
  failedMessage: 'game.loadFailed',
  histories: [purchases(12), purchases(3), []],
  searchText: ' GEM-1 ',
});

export const shopMachineModels: { file: string; models: MachineModel[] }[] = [
  { file: 'treasure-shop', models: [treasureShopModel as MachineModel] },
  { file: 'payment-gateway', models: [paymentGatewayModel as MachineModel] },
  {
    file: 'game',
    models: [
      gemBalanceModel as MachineModel,
      gemPurchasesModel as MachineModel,
      gemPurchasesSearchModel as MachineModel,
    ],
  },
];
