/**
 * The step-up setting on the Passkeys page: above which amount a money move asks for the passkey again (issue 26).
 * loading (invoke `loadSetting`) -> ready | failed (RETRY). In ready the user types an amount (CHANGE, the amount
 * input's rule) and SAVEs it (the rule of src/domain/passkey.ts first), TURNs it OFF, or goes back to the DEFAULT
 * -> saving (invoke `saveSetting` with the amount, or null for off) -> ready with 'saved', or with
 * 'stepUpSetting.saveFailed'. REFRESH reads it again (the user's passkeys changed). Diagram: docs/machines/step-up-setting.md.
 */
import { assign, fromPromise, setup } from 'xstate';
import { amountInput } from '../domain/amount';
import type { DomainMessageId } from '../domain/messages';
import { minorToDecimalString, type MinorUnits } from '../domain/money';
import { stepUpAmountOf, stepUpAmountViolations } from '../domain/passkey';
import type { RuleViolation } from '../domain/rule';
import { notProvided, serverMessageId } from './failure-messages';

/** The setting as the browser holds it (src/services/passkeys.ts): pesewas, null when step-up is off. */
export interface StepUpSettingData {
  amountMinor: MinorUnits | null;
  defaultAmountMinor: MinorUnits;
  hasPasskey: boolean;
}

export interface StepUpSettingContext {
  setting: StepUpSettingData | null;
  /** The amount input. */
  amount: string;
  violations: RuleViolation<'amount'>[];
  /** What is being saved: an amount, or null (off). */
  saving: MinorUnits | null;
  error: DomainMessageId | null;
  notice: 'saved' | null;
}

export type StepUpSettingEvent =
  | { type: 'CHANGE'; amount: string }
  | { type: 'SAVE' }
  | { type: 'TURN_OFF' }
  | { type: 'DEFAULT' }
  | { type: 'RETRY' }
  | { type: 'REFRESH' };

/** The input shows the amount set (empty when off). */
const amountText = (setting: StepUpSettingData): string =>
  setting.amountMinor === null ? '' : minorToDecimalString(setting.amountMinor);

export const stepUpSettingMachine = setup({
  types: {
    context: {} as StepUpSettingContext,
    events: {} as StepUpSettingEvent,
  },
  actors: {
    /** GET api/User/StepUpSetting. */
    loadSetting: fromPromise<StepUpSettingData, void>(async () => notProvided('loadSetting')),
    /** PUT api/User/StepUpSetting. */
    saveSetting: fromPromise<StepUpSettingData, { amountMinor: MinorUnits | null }>(async () =>
      notProvided('saveSetting'),
    ),
  },
  guards: {
    amountValid: ({ context }) => stepUpAmountViolations(context.amount).length === 0,
    isOn: ({ context }) => context.setting?.amountMinor !== null,
  },
  actions: {
    setSetting: assign((_, params: { setting: StepUpSettingData }) => ({
      setting: params.setting,
      amount: amountText(params.setting),
      error: null,
    })),
    setLoadFailed: assign({ error: 'stepUpSetting.loadFailed' as const, notice: null }),
    change: assign((_, params: { amount: string }) => ({
      amount: amountInput(params.amount),
      violations: [],
    })),
    showViolations: assign(({ context }) => ({
      violations: stepUpAmountViolations(context.amount),
      notice: null,
    })),
    saveAmount: assign(({ context }) => ({
      saving: stepUpAmountOf(context.amount),
      error: null,
      notice: null,
    })),
    saveOff: assign({ saving: null, violations: [], error: null, notice: null }),
    saveDefault: assign(({ context }) => ({
      saving: context.setting?.defaultAmountMinor ?? null,
      violations: [],
      error: null,
      notice: null,
    })),
    saved: assign({ notice: 'saved' as const }),
    setSaveFailed: assign((_, params: { error: unknown }) => ({
      error: serverMessageId(params.error) ?? ('stepUpSetting.saveFailed' as const),
    })),
  },
}).createMachine({
  id: 'stepUpSetting',
  context: { setting: null, amount: '', violations: [], saving: null, error: null, notice: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadSetting',
        src: 'loadSetting',
        onDone: {
          target: 'ready',
          actions: { type: 'setSetting', params: ({ event }) => ({ setting: event.output }) },
        },
        onError: { target: 'failed', actions: 'setLoadFailed' },
      },
    },
    failed: { on: { RETRY: 'loading' } },
    ready: {
      on: {
        CHANGE: { actions: { type: 'change', params: ({ event }) => ({ amount: event.amount }) } },
        SAVE: [
          { guard: 'amountValid', target: 'saving', actions: 'saveAmount' },
          { actions: 'showViolations' },
        ],
        TURN_OFF: { guard: 'isOn', target: 'saving', actions: 'saveOff' },
        DEFAULT: { target: 'saving', actions: 'saveDefault' },
        // The passkeys changed (the setting's hasPasskey with them).
        REFRESH: 'loading',
      },
    },
    saving: {
      invoke: {
        id: 'saveSetting',
        src: 'saveSetting',
        input: ({ context }) => ({ amountMinor: context.saving }),
        onDone: {
          target: 'ready',
          actions: [{ type: 'setSetting', params: ({ event }) => ({ setting: event.output }) }, 'saved'],
        },
        onError: {
          target: 'ready',
          actions: { type: 'setSaveFailed', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
  },
});

export type StepUpSettingMachine = typeof stepUpSettingMachine;
