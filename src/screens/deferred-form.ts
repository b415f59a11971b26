import type { AnyStateMachine, ActorRefFrom, EventFrom, SnapshotFrom } from 'xstate';

/**
 * A public form as its screen sees it (src/app/deferred-actor.ts): its machine's actor once it runs, until then the
 * draft of what the visitor did, and whether its code could not be fetched (the page says the connection is the
 * problem, and offers `reload`).
 */
export interface DeferredForm<TMachine extends AnyStateMachine, TDraft> {
  started: { actor: ActorRefFrom<TMachine> } | null;
  draft: TDraft;
  unreachable: boolean;
  reload: () => void;
  send: (event: EventFrom<TMachine>) => Promise<SnapshotFrom<TMachine>>;
}
