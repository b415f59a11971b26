/**
 * The Passkeys page (/Dashboard/passkeys): loading (invoke `loadPasskeys`) -> ready | failed (RETRY). In ready the
 * user names a new passkey (CHANGE_NAME) and ADDs it (the name's rule first: src/domain/passkey.ts) -> adding (invoke
 * `addPasskey`: the server's options, this device's prompt, RegisterPasskey) -> loading again with 'passkeys.added';
 * or REMOVEs one of the list -> removing -> loading with 'passkeys.removed'. A prompt the user closed, or the
 * server's refusal, returns to ready with its message. Diagram: docs/machines/passkeys.md.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { Passkey } from '../contract/passkeys';
import type { DomainMessageId } from '../domain/messages';
import { passkeyNameViolations } from '../domain/passkey';
import type { RuleViolation } from '../domain/rule';
import { notProvided, serverMessageId } from './failure-messages';
import { passkeyFailureMessage } from './shared/passkey-prompt';

/** What the page says after a change went through (the screen's own messages). */
export type PasskeysNotice = 'added' | 'removed';

export interface PasskeysContext {
  /** The last list loaded, newest first (kept on screen while it loads again). */
  passkeys: Passkey[] | null;
  name: string;
  violations: RuleViolation<'name'>[];
  /** The passkey being removed. */
  removingId: number | null;
  error: DomainMessageId | null;
  notice: PasskeysNotice | null;
}

export type PasskeysEvent =
  | { type: 'CHANGE_NAME'; name: string }
  | { type: 'ADD' }
  | { type: 'REMOVE'; id: number }
  | { type: 'RETRY' };

export const initialPasskeysContext: PasskeysContext = {
  passkeys: null,
  name: '',
  violations: [],
  removingId: null,
  error: null,
  notice: null,
};

export const passkeysMachine = setup({
  types: {
    context: {} as PasskeysContext,
    events: {} as PasskeysEvent,
  },
  actors: {
    /** GET api/User/Passkeys. */
    loadPasskeys: fromPromise<Passkey[], void>(async () => notProvided('loadPasskeys')),
    /** PasskeyRegistrationOptions, the device's prompt, RegisterPasskey with the name. */
    addPasskey: fromPromise<Passkey, { name: string }>(async () => notProvided('addPasskey')),
    /** DELETE api/User/Passkey?id=. */
    removePasskey: fromPromise<unknown, { id: number }>(async () => notProvided('removePasskey')),
  },
  guards: {
    nameValid: ({ context }) => passkeyNameViolations(context.name).length === 0,
    isListed: ({ context }, params: { id: number }) =>
      context.passkeys?.some((passkey) => passkey.id === params.id) ?? false,
  },
  actions: {
    setPasskeys: assign((_, params: { passkeys: Passkey[] }) => ({ passkeys: params.passkeys, error: null })),
    setLoadFailed: assign({ error: 'passkeys.loadFailed' as const, notice: null }),
    setName: assign((_, params: { name: string }) => ({ name: params.name, violations: [] })),
    showViolations: assign(({ context }) => ({
      violations: passkeyNameViolations(context.name),
      notice: null,
    })),
    startChange: assign({ error: null, notice: null }),
    setRemoving: assign((_, params: { id: number }) => ({
      removingId: params.id,
      error: null,
      notice: null,
    })),
    added: assign({ name: '', notice: 'added' as const }),
    removed: assign({ removingId: null, notice: 'removed' as const }),
    setAddFailed: assign((_, params: { error: unknown }) => ({
      error: passkeyFailureMessage(params.error, 'passkey.failed'),
    })),
    setRemoveFailed: assign((_, params: { error: unknown }) => ({
      removingId: null,
      error: serverMessageId(params.error) ?? ('passkeys.removeFailed' as const),
    })),
  },
}).createMachine({
  id: 'passkeys',
  context: initialPasskeysContext,
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadPasskeys',
        src: 'loadPasskeys',
        onDone: {
          target: 'ready',
          actions: { type: 'setPasskeys', params: ({ event }) => ({ passkeys: event.output }) },
        },
        onError: { target: 'failed', actions: 'setLoadFailed' },
      },
    },
    failed: { on: { RETRY: 'loading' } },
    ready: {
      on: {
        CHANGE_NAME: { actions: { type: 'setName', params: ({ event }) => ({ name: event.name }) } },
        ADD: [
          { guard: 'nameValid', target: 'adding', actions: 'startChange' },
          { actions: 'showViolations' },
        ],
        REMOVE: {
          guard: { type: 'isListed', params: ({ event }) => ({ id: event.id }) },
          target: 'removing',
          actions: { type: 'setRemoving', params: ({ event }) => ({ id: event.id }) },
        },
      },
    },
    adding: {
      invoke: {
        id: 'addPasskey',
        src: 'addPasskey',
        input: ({ context }) => ({ name: context.name.trim() }),
        onDone: { target: 'loading', actions: 'added' },
        onError: {
          target: 'ready',
          actions: { type: 'setAddFailed', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    removing: {
      invoke: {
        id: 'removePasskey',
        src: 'removePasskey',
        input: ({ context }) => ({ id: context.removingId ?? 0 }),
        onDone: { target: 'loading', actions: 'removed' },
        onError: {
          target: 'ready',
          actions: { type: 'setRemoveFailed', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
  },
});

export type PasskeysMachine = typeof passkeysMachine;
