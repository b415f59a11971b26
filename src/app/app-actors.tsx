import { createContext, useContext } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { SessionMachine } from '../machines/session.machine';
import type { CookieConsentMachine } from '../machines/cookie-consent.machine';

/** The app-wide actors, created once by the composition root (tests provide their own). */
export interface AppActors {
  session: ActorRefFrom<SessionMachine>;
  cookieConsent: ActorRefFrom<CookieConsentMachine>;
}

export const AppActorsContext = createContext<AppActors | null>(null);

export const useAppActors = (): AppActors => {
  const actors = useContext(AppActorsContext);
  if (!actors) throw new Error('useAppActors outside <CompositionRoot>');
  return actors;
};
