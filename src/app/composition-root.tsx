import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { AppActorsAccessContext, AppActorsContext, type AppActors, type AppActorsAccess } from './app-actors';
import { readConsent } from './cookies';
import { onInteraction } from './first-interaction';

// The machines (xstate, the session and cookie-consent actors) are a chunk of their own: a prerendered public page
// is hydrated and shown without them, and they load with the visitor's first touch, key or click.
const LiveAppActors = lazy(() => import('./live-app-actors'));

/**
 * Provides the app's actors. `live` (every start but the hydration of a prerendered public page): the pages are drawn
 * once the actors exist. Otherwise the page is drawn at once as a signed-out visitor sees it (the prerender's own
 * view: no session, the cookie banner as the cookie says), and the actors are created at the first interaction or
 * when a page asks for them (`withAppActors`; a protected route does).
 */
export function CompositionRoot({
  children,
  live = true,
  consentCookies,
}: {
  children: ReactNode;
  live?: boolean;
  /** Cookies to read the consent from instead of document.cookie: scripts/prerender.tsx renders both variants. */
  consentCookies?: string;
}) {
  const [actors, setActors] = useState<AppActors | null>(null);
  const [wanted, setWanted] = useState(live);
  const [consentUndecided] = useState(() => readConsent(consentCookies) === null);
  const waiting = useRef<((actors: AppActors) => void)[]>([]);
  const ready = useRef<AppActors | null>(null);

  useEffect(() => {
    // The visitor's first interaction: the actors are loaded then, before anything needs them.
    if (!wanted) return onInteraction(() => setWanted(true));
  }, [wanted]);

  const onReady = useCallback((created: AppActors) => {
    ready.current = created;
    setActors(created);
    for (const run of waiting.current.splice(0)) run(created);
  }, []);

  const access = useMemo<AppActorsAccess>(
    () => ({
      withAppActors: (run) => {
        if (ready.current) return run(ready.current);
        waiting.current.push(run);
        setWanted(true);
      },
      consentUndecided,
    }),
    [consentUndecided],
  );

  return (
    <AppActorsAccessContext value={access}>
      <AppActorsContext value={actors}>
        {wanted ? (
          <Suspense fallback={null}>
            <LiveAppActors consentCookies={consentCookies} onReady={onReady} />
          </Suspense>
        ) : null}
        {live && !actors ? null : children}
      </AppActorsContext>
    </AppActorsAccessContext>
  );
}

/** Starts loading the actors' chunk (a start that will render live does, beside its other loads). */
export const preloadAppActors = (): Promise<unknown> => import('./live-app-actors');
