import { useCallback, useEffect, useRef, useState } from 'react';
import type { AnyActorRef, EventFrom, SnapshotFrom } from 'xstate';
import { onInteraction } from './first-interaction';

/** What a deferred actor's chunk starts: the actor, anything started beside it, and how to stop them all. */
export interface Started<TActor extends AnyActorRef> {
  actor: TActor;
  stop: () => void;
}

export interface DeferredActor<TStarted extends Started<AnyActorRef>, TDraft> {
  /** What the chunk started, once it has. */
  started: TStarted | null;
  /** The form as the visitor sees it until the actor runs (then the actor's snapshot is the truth). */
  draft: TDraft;
  /**
   * The actor's chunk could not be fetched (offline, say): asked for again at the next interaction. In a Parcel build
   * the failed import is kept until the page is reloaded (docs/decisions.md, "the session's popup"): `reload`.
   */
  unreachable: boolean;
  /** Reloads the page, which fetches a chunk that failed once. */
  reload: () => void;
  /** Sends to the actor, or keeps the event for it (and starts it): resolves with its snapshot after delivery. */
  send: (event: EventFrom<TStarted['actor']>) => Promise<SnapshotFrom<TStarted['actor']>>;
}

interface Kept<TActor extends AnyActorRef> {
  event: EventFrom<TActor>;
  delivered: (snapshot: SnapshotFrom<TActor>) => void;
}

/**
 * A public form's actor, started at the visitor's first interaction with the page rather than with the page: its
 * machine and xstate are not in the first route's JavaScript. Until it runs, what the visitor does is kept in order
 * and drafted (`applyToDraft`, the machine's own rules) so the form shows it (typing, a browser's autofill), then
 * sent to the actor in the same order. `eager`: start at once (the visitor has interacted already). Going offline
 * starts it too. A chunk that fails to load is asked for again at the next interaction; nothing kept is lost meanwhile.
 */
export function useDeferredActor<TStarted extends Started<AnyActorRef>, TDraft>({
  start,
  initialDraft,
  applyToDraft,
  eager = false,
}: {
  start: () => Promise<TStarted>;
  initialDraft: TDraft;
  applyToDraft: (draft: TDraft, event: EventFrom<TStarted['actor']>) => TDraft;
  eager?: boolean;
}): DeferredActor<TStarted, TDraft> {
  type TActor = TStarted['actor'];
  const [started, setStarted] = useState<TStarted | null>(null);
  const [draft, setDraft] = useState(initialDraft);
  const [unreachable, setUnreachable] = useState(false);
  const running = useRef<TStarted | null>(null);
  const starting = useRef<Promise<void> | null>(null);
  const kept = useRef<Kept<TActor>[]>([]);
  const mounted = useRef(false);
  const startRef = useRef(start);
  startRef.current = start;

  const wake = useCallback(() => {
    if (running.current || starting.current || !mounted.current) return;
    starting.current = startRef.current().then(
      (made) => {
        if (!mounted.current) {
          made.stop();
          return;
        }
        running.current = made;
        setUnreachable(false);
        for (const { event, delivered } of kept.current.splice(0)) {
          made.actor.send(event);
          delivered(made.actor.getSnapshot() as SnapshotFrom<TActor>);
        }
        setStarted(made);
      },
      () => {
        starting.current = null;
        if (mounted.current) setUnreachable(true);
      },
    );
  }, []);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      running.current?.stop();
      running.current = null;
      starting.current = null;
    };
  }, []);

  useEffect(() => {
    if (started) return;
    if (eager) wake();
    // A visitor who has not touched the page yet still learns that the connection is gone: the actors that say so
    // start (or their chunk fails, which says the same).
    window.addEventListener('offline', wake);
    const stopListening = onInteraction(wake);
    return () => {
      window.removeEventListener('offline', wake);
      stopListening();
    };
  }, [eager, started, wake]);

  const send = useCallback(
    (event: EventFrom<TActor>): Promise<SnapshotFrom<TActor>> => {
      const actor = running.current?.actor;
      if (actor) {
        actor.send(event);
        return Promise.resolve(actor.getSnapshot() as SnapshotFrom<TActor>);
      }
      setDraft((current) => applyToDraft(current, event));
      const delivery = new Promise<SnapshotFrom<TActor>>((delivered) =>
        kept.current.push({ event, delivered }),
      );
      wake();
      return delivery;
    },
    [applyToDraft, wake],
  );

  return { started, draft, unreachable, send, reload: reloadPage };
}

const reloadPage = (): void => location.reload();
