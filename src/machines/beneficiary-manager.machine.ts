/**
 * The Beneficiary manager's row actions (spec section 2 "Beneficiary manager"): select a beneficiary (a parent,
 * the /SendMoney wizard, moves on with it), edit it, delete it after 'Are you sure you want to delete this
 * beneficiary?', add one; every change reloads the list.
 *
 * States: browsing -> SELECT (`beneficiarySelected` { beneficiary }, for the parent) | ADD -> adding (the Add
 * Beneficiary dialog; SAVED reloads the list behind it, CLOSE) | EDIT -> editing (the edit dialog; SAVED or CLOSE)
 * | DELETE -> confirmingDelete (CONFIRM -> deleting, invoke `deleteBeneficiary`: done -> browsing, the list
 * reloaded; failed -> confirmingDelete with the message, CONFIRM tries again; CANCEL). The list itself is its own
 * machine (beneficiary-list.machine.ts); this one asks it to reload through the action `refreshList`, which the
 * app provides, and says what changed in `notice` for the screen to announce.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { DomainMessageId } from '../domain/messages';
import type { Beneficiary } from '../contract/beneficiary';
import { failureStatus, notProvided, serverMessageId } from './failure-messages';

/** What the last change was, for the screen to announce. */
export type BeneficiaryNotice = 'added' | 'updated' | 'deleted';

export interface BeneficiaryManagerContext {
  /** The beneficiary being edited or asked about before it is deleted. */
  target: Beneficiary | null;
  /** The beneficiary last selected. */
  selectedId: number | null;
  notice: BeneficiaryNotice | null;
  /** Why the delete failed (shown in the confirmation), else null. */
  error: DomainMessageId | null;
}

export type BeneficiaryManagerEvent =
  | { type: 'SELECT'; beneficiary: Beneficiary }
  | { type: 'ADD' }
  | { type: 'EDIT'; beneficiary: Beneficiary }
  | { type: 'DELETE'; beneficiary: Beneficiary }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' }
  /** A dialog saved this beneficiary. */
  | { type: 'SAVED'; beneficiary: Beneficiary }
  /** A dialog closed. */
  | { type: 'CLOSE' };

/** A failed delete: the server's message ('We could not find that beneficiary.', ...) or the generic one. */
export const deleteFailureMessage = (error: unknown): DomainMessageId =>
  failureStatus(error) === null
    ? 'beneficiary.deleteFailed'
    : (serverMessageId(error) ?? 'beneficiary.deleteFailed');

const idle = { target: null, error: null } as const;

export const beneficiaryManagerMachine = setup({
  types: {
    context: {} as BeneficiaryManagerContext,
    events: {} as BeneficiaryManagerEvent,
  },
  actors: {
    /** DELETE api/Beneficiary/DeleteBeneficiary?id. */
    deleteBeneficiary: fromPromise<null, { id: number }>(async () => notProvided('deleteBeneficiary')),
  },
  guards: {
    deleteFailed: ({ context }) => context.error !== null,
  },
  actions: {
    /** The app reloads the list (REFRESH to the list's actor). */
    refreshList: () => notProvided('refreshList'),
    /** The parent moves on with this beneficiary (the wizard's next step). */
    beneficiarySelected: (_, _params: { beneficiary: Beneficiary }) => notProvided('beneficiarySelected'),
    select: assign((_, params: { beneficiary: Beneficiary }) => ({
      selectedId: params.beneficiary.id,
      notice: null,
    })),
    open: assign((_, params: { beneficiary: Beneficiary | null }) => ({
      target: params.beneficiary,
      notice: null,
      error: null,
    })),
    changed: assign((_, params: { notice: BeneficiaryNotice }) => ({ ...idle, notice: params.notice })),
    leave: assign(idle),
    setDeleteFailed: assign((_, params: { error: unknown }) => ({
      error: deleteFailureMessage(params.error),
    })),
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: 'beneficiaryManager',
  context: { target: null, selectedId: null, notice: null, error: null },
  initial: 'browsing',
  states: {
    browsing: {
      on: {
        SELECT: {
          actions: [
            { type: 'select', params: ({ event }) => ({ beneficiary: event.beneficiary }) },
            { type: 'beneficiarySelected', params: ({ event }) => ({ beneficiary: event.beneficiary }) },
          ],
        },
        ADD: { target: 'adding', actions: { type: 'open', params: { beneficiary: null } } },
        EDIT: {
          target: 'editing',
          actions: { type: 'open', params: ({ event }) => ({ beneficiary: event.beneficiary }) },
        },
        DELETE: {
          target: 'confirmingDelete',
          actions: { type: 'open', params: ({ event }) => ({ beneficiary: event.beneficiary }) },
        },
      },
    },
    /** The Add Beneficiary dialog is open; it stays open a moment after saving (its own timer). */
    adding: {
      on: {
        SAVED: { actions: [{ type: 'changed', params: { notice: 'added' } }, 'refreshList'] },
        CLOSE: { target: 'browsing', actions: 'leave' },
      },
    },
    editing: {
      on: {
        SAVED: {
          target: 'browsing',
          actions: [{ type: 'changed', params: { notice: 'updated' } }, 'refreshList'],
        },
        CLOSE: { target: 'browsing', actions: 'leave' },
      },
    },
    /** 'Are you sure you want to delete this beneficiary?' (with the failure's message after a failed try). */
    confirmingDelete: {
      on: {
        CONFIRM: { target: 'deleting', actions: 'clearError' },
        CANCEL: [
          // After a failed try the list may be out of date (deleted elsewhere): read it again.
          { guard: 'deleteFailed', target: 'browsing', actions: ['leave', 'refreshList'] },
          { target: 'browsing', actions: 'leave' },
        ],
      },
    },
    deleting: {
      invoke: {
        id: 'deleteBeneficiary',
        src: 'deleteBeneficiary',
        input: ({ context }) => ({ id: context.target?.id ?? 0 }),
        onDone: {
          target: 'browsing',
          actions: [{ type: 'changed', params: { notice: 'deleted' } }, 'refreshList'],
        },
        onError: {
          target: 'confirmingDelete',
          actions: { type: 'setDeleteFailed', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
  },
});

export type BeneficiaryManagerMachine = typeof beneficiaryManagerMachine;
