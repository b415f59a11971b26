/**
 * The actions every payment wizard's machine names the same way (gateway choice, the bank list, the form's
 * changes, the submit key, the balance handed to the app), built once for any context that has their slice.
 * `wizardActions<Context, Event>(rules)` is called inside the machine's `setup({ actions: { ...} })` with the
 * machine's own context and event types, so XState checks each action against that machine as if written there.
 */
import { assign, type EventObject } from 'xstate';
import type { DomainMessageId } from '../../domain/messages';
import type { Bank } from '../../contract/reference';
import { notProvided } from '../failure-messages';
import { gatewayChosen, gatewayLeft } from './gateway-choice';
import * as keys from './idempotent-submit';
import type { MinorUnits } from '../../domain/money';

/** The events every payment wizard takes (a machine adds its own: DONE, CLOSE). */
export type WizardEvent<Gateway extends string, Field extends string> =
  | { type: 'GATEWAY_CHOSEN'; gateway: Gateway }
  | { type: 'CHANGE'; field: Field; value: string }
  | { type: 'SUBMIT' }
  | { type: 'RETRY' }
  | { type: 'BACK' }
  | { type: 'AGAIN' };

/** What the shared actions read and write of a wizard's context. */
export interface WizardSlice<Gateway extends string> extends keys.IdempotencyKeys {
  gateway: Gateway | null;
  banks: Bank[];
  error: DomainMessageId | null;
  violations: readonly unknown[];
  showViolations: boolean;
}

/** The form's rules the `change` and `showViolations` actions apply (a `formRules(...)` result). */
export interface WizardFormRules<Context, Field extends string> {
  changed: (context: Context, field: Field, value: string) => Partial<Context>;
  submitted: (context: Context) => Partial<Context>;
}

export const wizardActions = <
  Context extends WizardSlice<Gateway>,
  Event extends EventObject,
  Gateway extends string,
  Field extends string,
>(
  rules: WizardFormRules<Context, Field>,
) => {
  // Each action typed against the calling machine's context and events (never: it spawns nothing).
  const update = <Params extends object | undefined>(
    assignment: (context: Context, params: Params) => Partial<Context>,
  ) => assign<Context, Event, Params, Event, never>(({ context }, params) => assignment(context, params));
  /** A change of the shared slice only, as a change of the machine's context. */
  const slice = (part: Partial<WizardSlice<Gateway>>) => part as Partial<Context>;
  return {
    /** The app sends WALLET_AMOUNT_CHANGED to the session (the balance card). */
    walletChanged: (_: unknown, _params: { walletAmount: MinorUnits }) => notProvided('walletChanged'),
    chooseGateway: update((_, params: { gateway: Gateway }) => slice(gatewayChosen(params.gateway))),
    leaveGateway: update(() => slice(gatewayLeft())),
    setBanks: update((_, params: { data: Bank[] }) => slice({ banks: params.data, error: null })),
    setBanksFailed: update(() => slice({ error: 'banks.loadFailed' })),
    clearError: update(() => slice({ error: null })),
    // Another request now: the next attempt takes a new key.
    change: update((context, params: { field: Field; value: string }) => ({
      ...rules.changed(context, params.field, params.value),
      ...keys.keyDropped,
    })),
    showViolations: update((context) => rules.submitted(context)),
    takeKey: update((context) => slice(keys.takeIdempotencyKey(context))),
  };
};
