import { useCallback, useSyncExternalStore } from 'react';
import type { AnyActorRef, SnapshotFrom } from 'xstate';

/**
 * `useSelector` for an actor that may not exist yet (a public page drawn before the app's actors are created):
 * `absent` until it does. The selector should return a primitive (or a stable value), as with `useSelector`.
 */
export function useOptionalSelector<TActor extends AnyActorRef, T>(
  actor: TActor | null,
  selector: (snapshot: SnapshotFrom<TActor>) => T,
  absent: T,
): T {
  const subscribe = useCallback(
    (notify: () => void) => {
      if (!actor) return () => undefined;
      const subscription = actor.subscribe({ next: notify, error: notify });
      return () => subscription.unsubscribe();
    },
    [actor],
  );
  const read = () => (actor ? selector(actor.getSnapshot() as SnapshotFrom<TActor>) : absent);
  return useSyncExternalStore(subscribe, read, read);
}
