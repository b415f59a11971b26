/**
 * The Upgrade account page (/Dashboard/upgrade): loading (invoke `loadUpgrade`: the tier and its limits, the Ghana
 * Cards on file, the latest proof of address) -> ready, REFRESH after a step moved the user up | failed
 * ('upgrade.loadFailed', RETRY). Its steps are machines of their own (ghana-card-verification, proof-of-address),
 * started from what this one loaded. Diagram: docs/machines/account-upgrade.md.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { AccountTierInPesewas, ProofOfAddress } from '../contract/upgrade';
import type { DomainMessageId } from '../domain/messages';
import { notProvided } from './failure-messages';

/** A Ghana Card on file, as the verification step offers it. */
export interface GhanaCardChoice {
  id: number;
  number: string;
}

export interface UpgradeData {
  tier: AccountTierInPesewas;
  ghanaCards: GhanaCardChoice[];
  proofOfAddress: ProofOfAddress | null;
}

export interface AccountUpgradeContext {
  /** The last data loaded (kept on screen while it is loaded again). */
  data: UpgradeData | null;
  error: DomainMessageId | null;
}

export type AccountUpgradeEvent = { type: 'REFRESH' } | { type: 'RETRY' };

export const accountUpgradeMachine = setup({
  types: {
    context: {} as AccountUpgradeContext,
    events: {} as AccountUpgradeEvent,
  },
  actors: {
    /** GET api/User/GetAccountTier, GetAllIdentificationsByUserId (its Ghana Cards) and GetProofOfAddress. */
    loadUpgrade: fromPromise<UpgradeData, void>(async () => notProvided('loadUpgrade')),
  },
  actions: {
    setData: assign((_, params: { data: UpgradeData }) => ({ data: params.data, error: null })),
    setFailed: assign({ error: 'upgrade.loadFailed' as const }),
  },
}).createMachine({
  id: 'accountUpgrade',
  context: { data: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadUpgrade',
        src: 'loadUpgrade',
        onDone: {
          target: 'ready',
          actions: { type: 'setData', params: ({ event }) => ({ data: event.output }) },
        },
        onError: { target: 'failed', actions: 'setFailed' },
      },
    },
    ready: { on: { REFRESH: 'loading' } },
    failed: { on: { RETRY: 'loading' } },
  },
});

export type AccountUpgradeMachine = typeof accountUpgradeMachine;
