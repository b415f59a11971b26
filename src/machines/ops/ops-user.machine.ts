/**
 * The console's user view (/ops/users/:userId): loading (invoke `loadUser`) -> ready | failed (RETRY); in ready,
 * FREEZE or UNFREEZE {reason} (3 to 500 characters, kept in the audit trail; a short one is refused here) ->
 * changing (invoke `setFrozen`) -> loading again with the notice, or ready with the refusal (403 said plainly).
 * Diagram: docs/machines/ops-user.md.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { OpsUserView } from '../../contract/ops';
import { notProvided } from '../failure-messages';
import { isStaffReason, opsFailure, type OpsMessageId } from './ops-failure';

export type OpsUserMessageId = OpsMessageId | 'ops.user.frozen' | 'ops.user.unfrozen';

export interface OpsUserInput {
  userId: number;
}

export interface FreezeChange {
  userId: number;
  freeze: boolean;
  reason: string;
}

export interface OpsUserContext {
  userId: number;
  view: OpsUserView | null;
  error: OpsUserMessageId | null;
  /** What the last change did ('ops.user.frozen'), shown once the view has loaded again. */
  notice: OpsUserMessageId | null;
  /** The change being sent. */
  change: FreezeChange | null;
}

export type OpsUserEvent =
  { type: 'FREEZE'; reason: string } | { type: 'UNFREEZE'; reason: string } | { type: 'RETRY' };

export const opsUserMachine = setup({
  types: {
    context: {} as OpsUserContext,
    events: {} as OpsUserEvent,
    input: {} as OpsUserInput,
  },
  actors: {
    loadUser: fromPromise<OpsUserView, number>(async () => notProvided('loadUser')),
    setFrozen: fromPromise<unknown, FreezeChange>(async () => notProvided('setFrozen')),
  },
  guards: {
    validReason: ({ event }) => 'reason' in event && isStaffReason(event.reason),
  },
  actions: {
    setChange: assign(({ context, event }) => ({
      change: {
        userId: context.userId,
        freeze: event.type === 'FREEZE',
        reason: 'reason' in event ? event.reason.trim() : '',
      },
    })),
    setView: assign((_, params: { view: OpsUserView }) => ({ view: params.view, error: null })),
    setError: assign((_, params: { error: OpsUserMessageId }) => ({ error: params.error, notice: null })),
    setNotice: assign((_, params: { notice: OpsUserMessageId }) => ({ notice: params.notice, error: null })),
  },
}).createMachine({
  id: 'opsUser',
  context: ({ input }) => ({ userId: input.userId, view: null, error: null, notice: null, change: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadUser',
        src: 'loadUser',
        input: ({ context }) => context.userId,
        onDone: {
          target: 'ready',
          actions: { type: 'setView', params: ({ event }) => ({ view: event.output }) },
        },
        onError: {
          target: 'failed',
          actions: {
            type: 'setError',
            params: ({ event }) => ({ error: opsFailure(event.error, 'ops.error.loadFailed') }),
          },
        },
      },
    },
    ready: {
      on: {
        FREEZE: [
          { guard: 'validReason', target: 'changing', actions: 'setChange' },
          { actions: { type: 'setError', params: { error: 'ops.reason.invalid' } } },
        ],
        UNFREEZE: [
          { guard: 'validReason', target: 'changing', actions: 'setChange' },
          { actions: { type: 'setError', params: { error: 'ops.reason.invalid' } } },
        ],
      },
    },
    changing: {
      invoke: {
        id: 'setFrozen',
        src: 'setFrozen',
        input: ({ context }) => context.change as FreezeChange,
        onDone: {
          target: 'loading',
          actions: {
            type: 'setNotice',
            params: ({ context }) => ({
              notice: context.change?.freeze ? 'ops.user.frozen' : 'ops.user.unfrozen',
            }),
          },
        },
        onError: {
          target: 'ready',
          actions: { type: 'setError', params: ({ event }) => ({ error: opsFailure(event.error) }) },
        },
      },
    },
    failed: { on: { RETRY: 'loading' } },
  },
});

export type OpsUserMachine = typeof opsUserMachine;
