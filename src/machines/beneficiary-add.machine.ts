/**
 * The Add Beneficiary dialog (spec sections 2 "Beneficiary manager", 4 "Beneficiary creation", 5 beneficiary
 * create rules, 8): the mobile or bank tab's form with its rules, the account holder's name looked up and
 * confirmed ('Ama Mensah: is this who you mean?'), the beneficiary created, then the success message, and the
 * dialog closes 3 s later.
 *
 * States: editing (TAB_CHOSEN mobile | bank: the bank tab first loads the banks, loadingBanks | banksFailed with
 * RETRY; CHANGE through each input's filter; the rules show after the first SUBMIT) -> SUBMIT with the rules kept
 * -> lookingUp (invoke `resolveAccountName`) -> confirming when the holder is the one typed (CONFIRM | BACK to the
 * form as it was), else mismatch (USE_HOLDER_NAME saves the holder's name instead | BACK: a mismatch is never
 * saved as typed) -> creating (invoke `createBeneficiary`) -> saved (`beneficiarySaved` { beneficiary } for the caller; after `closeDelay`,
 * or CLOSE) -> closed (final; `closeDialog`). A failed lookup or create goes back to the form with its message
 * (400 violations under their fields). CLOSE closes from any state but creating (the request is on its way).
 */
import { assign, fromPromise, setup } from 'xstate';
import type { BeneficiaryField } from '../domain/beneficiary';
import type { DomainMessageId } from '../domain/messages';
import type { RuleViolation } from '../domain/rule';
import type { Beneficiary, ResolveAccountNameRequest, ResolvedAccountName } from '../contract/beneficiary';
import type { Bank } from '../contract/reference';
import {
  beneficiaryFormRules,
  beneficiaryFormViolations,
  createCallOf,
  createFailureMessage,
  emptyBankBeneficiaryForm,
  emptyMobileBeneficiaryForm,
  lookupFailureMessage,
  holderMatchesForm,
  lookupRequestOf,
  withHolderName,
  type BankBeneficiaryForm,
  type BeneficiaryCreateCall,
  type BeneficiaryFormField,
  type BeneficiaryTab,
  type MobileBeneficiaryForm,
} from './beneficiary-add.form';
import { notProvided } from './failure-messages';
import { bankListActors, bankListGuards, bankListStates } from './shared/gateway-choice';

export interface BeneficiaryAddContext {
  tab: BeneficiaryTab;
  mobile: MobileBeneficiaryForm;
  bank: BankBeneficiaryForm;
  banks: Bank[];
  violations: RuleViolation<BeneficiaryField>[];
  /** False until the first SUBMIT of this tab's form; then the violations follow every change. */
  showViolations: boolean;
  /** A failed lookup's, create's or bank list's message, else null. */
  error: DomainMessageId | null;
  /** The account holder's name, while it is being confirmed. */
  accountName: string | null;
  /** The beneficiary once created. */
  saved: Beneficiary | null;
}

export type BeneficiaryAddEvent =
  | { type: 'TAB_CHOSEN'; tab: BeneficiaryTab }
  | { type: 'CHANGE'; field: BeneficiaryFormField; value: string }
  | { type: 'SUBMIT' }
  | { type: 'CONFIRM' }
  | { type: 'USE_HOLDER_NAME' }
  | { type: 'BACK' }
  | { type: 'RETRY' }
  | { type: 'CLOSE' };

export const beneficiaryAddDelays = {
  /** Spec section 9: the dialog closes 3 s after the beneficiary is saved. */
  closeDelay: 3000,
} as const;

const close = { CLOSE: { target: 'closed' } } as const;

/** What choosing a tab resets: the other tab's violations and messages (each tab keeps what was typed). */
const tabChosen = (tab: BeneficiaryTab) => ({ tab, violations: [], showViolations: false, error: null });

const tabTransitions = {
  TAB_CHOSEN: [
    {
      guard: {
        type: 'needsData' as const,
        params: ({ event }: { event: { tab: BeneficiaryTab } }) => ({ gateway: event.tab }),
      },
      target: 'loadingBanks',
      actions: {
        type: 'chooseTab' as const,
        params: ({ event }: { event: { tab: BeneficiaryTab } }) => ({ tab: event.tab }),
      },
    },
    {
      target: 'editing',
      actions: {
        type: 'chooseTab' as const,
        params: ({ event }: { event: { tab: BeneficiaryTab } }) => ({ tab: event.tab }),
      },
    },
  ],
};

// While the banks load (or failed to), the mobile tab can still be chosen.
const banks = bankListStates({
  TAB_CHOSEN: {
    target: 'editing',
    guard: {
      type: 'isTab',
      params: ({ event }: { event: { tab: BeneficiaryTab } }) => ({ tab: event.tab, is: 'mobile' }),
    },
    actions: {
      type: 'chooseTab',
      params: ({ event }: { event: { tab: BeneficiaryTab } }) => ({ tab: event.tab }),
    },
  },
  ...close,
});

export const beneficiaryAddMachine = setup({
  types: {
    context: {} as BeneficiaryAddContext,
    events: {} as BeneficiaryAddEvent,
  },
  actors: {
    ...bankListActors,
    /** POST api/Beneficiary/ResolveAccountName. */
    resolveAccountName: fromPromise<ResolvedAccountName, ResolveAccountNameRequest>(async () =>
      notProvided('resolveAccountName'),
    ),
    /** POST api/Beneficiary/CreateBeneficiary (mobile) or api/Bank/CreateBeneficiaryBank (bank). */
    createBeneficiary: fromPromise<Beneficiary, BeneficiaryCreateCall>(async () =>
      notProvided('createBeneficiary'),
    ),
  },
  delays: beneficiaryAddDelays,
  guards: {
    ...beneficiaryFormRules.guards,
    ...bankListGuards,
    isTab: (_, params: { tab: BeneficiaryTab; is: BeneficiaryTab }) => params.tab === params.is,
    holderMatches: ({ context }, params: { accountName: string }) =>
      holderMatchesForm(context, params.accountName),
    /** The form with the holder's name keeps every rule (a name over 15 letters does not). */
    holderNameFits: ({ context }) =>
      context.accountName !== null &&
      beneficiaryFormViolations({ ...context, ...withHolderName(context, context.accountName) }).length === 0,
  },
  actions: {
    /** The caller takes the new beneficiary (the manager reloads its list; the wizard selects it). */
    beneficiarySaved: (_, _params: { beneficiary: Beneficiary }) => notProvided('beneficiarySaved'),
    /** The caller closes the dialog. */
    closeDialog: () => notProvided('closeDialog'),
    chooseTab: assign((_, params: { tab: BeneficiaryTab }) => tabChosen(params.tab)),
    setBanks: assign((_, params: { data: Bank[] }) => ({ banks: params.data, error: null })),
    setBanksFailed: assign({ error: 'banks.loadFailed' }),
    clearError: assign({ error: null }),
    change: assign(({ context }, params: { field: BeneficiaryFormField; value: string }) =>
      beneficiaryFormRules.changed(context, params.field, params.value),
    ),
    showViolations: assign(({ context }) => beneficiaryFormRules.submitted(context)),
    setAccountName: assign((_, params: { result: ResolvedAccountName }) => ({
      accountName: params.result.accountName,
      error: null,
    })),
    forgetAccountName: assign({ accountName: null }),
    takeHolderName: assign(({ context }) =>
      context.accountName === null ? {} : withHolderName(context, context.accountName),
    ),
    setServerViolations: assign((_, params: { error: unknown }) => ({
      ...beneficiaryFormRules.refused(params.error),
      accountName: null,
    })),
    setLookupFailed: assign((_, params: { error: unknown }) => ({
      error: lookupFailureMessage(params.error),
      accountName: null,
    })),
    setCreateFailed: assign((_, params: { error: unknown }) => ({
      error: createFailureMessage(params.error),
      accountName: null,
    })),
    setSaved: assign((_, params: { beneficiary: Beneficiary }) => ({
      saved: params.beneficiary,
      accountName: null,
      error: null,
    })),
  },
}).createMachine({
  id: 'beneficiaryAdd',
  context: {
    tab: 'mobile',
    mobile: emptyMobileBeneficiaryForm(),
    bank: emptyBankBeneficiaryForm(),
    banks: [],
    violations: [],
    showViolations: false,
    error: null,
    accountName: null,
    saved: null,
  },
  initial: 'editing',
  states: {
    editing: {
      on: {
        ...tabTransitions,
        CHANGE: {
          guard: { type: 'isFormField', params: ({ event }) => ({ field: event.field }) },
          actions: { type: 'change', params: ({ event }) => ({ field: event.field, value: event.value }) },
        },
        SUBMIT: [
          { guard: 'formValid', target: 'lookingUp', actions: 'showViolations' },
          { actions: 'showViolations' },
        ],
        ...close,
      },
    },
    loadingBanks: banks.loading,
    banksFailed: banks.failed,
    lookingUp: {
      on: close,
      invoke: {
        id: 'resolveAccountName',
        src: 'resolveAccountName',
        input: ({ context }) => lookupRequestOf(context),
        onDone: [
          {
            guard: {
              type: 'holderMatches',
              params: ({ event }) => ({ accountName: event.output.accountName }),
            },
            target: 'confirming',
            actions: { type: 'setAccountName', params: ({ event }) => ({ result: event.output }) },
          },
          {
            target: 'mismatch',
            actions: { type: 'setAccountName', params: ({ event }) => ({ result: event.output }) },
          },
        ],
        onError: [
          {
            guard: { type: 'hasServerViolations', params: ({ event }) => ({ error: event.error }) },
            target: 'editing',
            actions: { type: 'setServerViolations', params: ({ event }) => ({ error: event.error }) },
          },
          {
            target: 'editing',
            actions: { type: 'setLookupFailed', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    /** '<Name>: is this who you mean?' */
    confirming: {
      on: {
        CONFIRM: 'creating',
        BACK: { target: 'editing', actions: 'forgetAccountName' },
        ...close,
      },
    },
    /** '<Holder>: is this who you mean?' for other names than those typed: save the holder's name, or go back. */
    mismatch: {
      on: {
        USE_HOLDER_NAME: [
          { guard: 'holderNameFits', target: 'creating', actions: 'takeHolderName' },
          // The holder's name breaks a rule (too long): the form shows it with its message, to be shortened.
          { target: 'editing', actions: ['takeHolderName', 'showViolations', 'forgetAccountName'] },
        ],
        BACK: { target: 'editing', actions: 'forgetAccountName' },
        ...close,
      },
    },
    creating: {
      invoke: {
        id: 'createBeneficiary',
        src: 'createBeneficiary',
        input: ({ context }) => createCallOf(context),
        onDone: {
          target: 'saved',
          actions: [
            { type: 'setSaved', params: ({ event }) => ({ beneficiary: event.output }) },
            { type: 'beneficiarySaved', params: ({ event }) => ({ beneficiary: event.output }) },
          ],
        },
        onError: [
          {
            guard: { type: 'hasServerViolations', params: ({ event }) => ({ error: event.error }) },
            target: 'editing',
            actions: { type: 'setServerViolations', params: ({ event }) => ({ error: event.error }) },
          },
          {
            target: 'editing',
            actions: { type: 'setCreateFailed', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    /** The success message; the dialog closes by itself after `closeDelay`. */
    saved: {
      on: close,
      after: { closeDelay: 'closed' },
    },
    closed: {
      type: 'final',
      entry: 'closeDialog',
    },
  },
});

export type BeneficiaryAddMachine = typeof beneficiaryAddMachine;
