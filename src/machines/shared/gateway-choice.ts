/**
 * Choosing how to pay (card, bank, MoMo): GATEWAY_CHOSEN shows that gateway's form, first loading the reference
 * data it needs when `needsData` says so; leaving the form (BACK) forgets its violations, error and key.
 */
import { fromPromise } from 'xstate';
import type { Bank } from '../../contract/reference';
import { notProvided } from '../failure-messages';
import { referenceDataStates, type ReferenceDataOptions } from './reference-data';
import type { SharedStateConfig } from './state-config';

/** What choosing (or leaving) a gateway resets. */
const freshForm = () => ({ violations: [], showViolations: false, error: null, idempotencyKey: null });

export const gatewayChosen = <Gateway>(gateway: Gateway) => ({ gateway, ...freshForm() });
export const gatewayLeft = () => ({ gateway: null, ...freshForm() });

/** GATEWAY_CHOSEN: to `loading` when the machine's `needsData` guard says so, else to `editing`. */
export const gatewayChoiceTransitions = (targets: {
  loading: string;
  editing: string;
}): NonNullable<SharedStateConfig['on']> => {
  const chosen = {
    type: 'chooseGateway',
    params: ({ event }: { event: { gateway: string } }) => ({ gateway: event.gateway }),
  };
  return {
    GATEWAY_CHOSEN: [
      {
        guard: {
          type: 'needsData',
          params: ({ event }: { event: { gateway: string } }) => ({ gateway: event.gateway }),
        },
        target: targets.loading,
        actions: chosen,
      },
      { target: targets.editing, actions: chosen },
    ],
  };
};

/**
 * The bank gateways' list of banks: loadingBanks (invoke `loadBanks`, then `setBanks` with `{ data }`) -> editing
 * | banksFailed (`setBanksFailed`, RETRY); `also` holds the transitions both states take (BACK).
 */
export const bankListStates = (also: ReferenceDataOptions['also']) =>
  referenceDataStates({
    id: 'loadBanks',
    loading: 'loadingBanks',
    failed: 'banksFailed',
    loaded: 'editing',
    setAction: 'setBanks',
    failedAction: 'setBanksFailed',
    also,
  });

/** The bank list's actor for a machine's `setup`: GET api/Bank/GetAllBanksByCountryId (country 1). */
export const bankListActors = {
  loadBanks: fromPromise<Bank[], void>(async () => notProvided('loadBanks')),
};

/** `needsData` for a machine's `setup`: the bank gateway's form needs the banks, once. */
export const bankListGuards = {
  needsData: ({ context }: { context: { banks: Bank[] } }, params: { gateway: string }) =>
    params.gateway === 'bank' && context.banks.length === 0,
};

/** BACK to the gateway choice at `target` (forgetting the form), and the bank list's states, which take it too. */
export const backToGateways = <Target extends string>(target: Target) => {
  const back = { BACK: { target, actions: 'leaveGateway' } } as const;
  return { back, banks: bankListStates(back) };
};
