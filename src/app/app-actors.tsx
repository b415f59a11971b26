import { createContext, useContext } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { SessionMachine } from '../machines/session.machine';
import type { CookieConsentMachine } from '../machines/cookie-consent.machine';

/** The app-wide actors, created once by the composition root (tests provide their own). */
export interface AppActors {
  session: ActorRefFrom<SessionMachine>;
  cookieConsent: ActorRefFrom<CookieConsentMachine>;
}

/** Null while a prerendered public page runs without them (src/app/composition-root.tsx). */
export const AppActorsContext = createContext<AppActors | null>(null);

/** For the pages that need the actors to draw anything: every signed-in page (they render only once they exist). */
export const useAppActors = (): AppActors => {
  const actors = useContext(AppActorsContext);
  if (!actors) throw new Error('useAppActors before the app actors exist (outside <CompositionRoot>?)');
  return actors;
};

/** For the public pages, which draw before the actors exist: null until then. */
export const useAppActorsIfReady = (): AppActors | null => useContext(AppActorsContext);

export interface AppActorsAccess {
  /** Runs `run` with the actors, at once when they exist, else once they do (asking for them). */
  withAppActors: (run: (actors: AppActors) => void) => void;
  /** Until the actors exist: whether the visitor has not answered the cookie banner (from the cookie itself). */
  consentUndecided: boolean;
}

export const AppActorsAccessContext = createContext<AppActorsAccess>({
  withAppActors: () => undefined,
  consentUndecided: false,
});

export const useAppActorsAccess = (): AppActorsAccess => useContext(AppActorsAccessContext);

/** Runs a function with the actors: at once when they exist, else once they do (asking for them). */
export const useWithAppActors = (): AppActorsAccess['withAppActors'] => {
  const actors = useContext(AppActorsContext);
  const { withAppActors } = useAppActorsAccess();
  return (run) => (actors ? run(actors) : withAppActors(run));
};
