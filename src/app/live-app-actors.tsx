import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { useActorRef } from '@xstate/react';
import { fromPromise } from 'xstate';
import { sessionMachine } from '../machines/session.machine';
import { cookieConsentMachine } from '../machines/cookie-consent.machine';
import { setAuthSource } from '../services/http';
import * as userService from '../services/user';
import { AppActorsContext, type AppActors } from './app-actors';
import { sessionAuthSource } from './auth-source';
import { saveSession, sessionFromStore } from './stores/auth-store';
import { resetAmountDraft } from './stores/amount-draft-store';
import { readConsent, writeConsent } from './cookies';

// No document while scripts/prerender.tsx renders the public pages at build time.
const tabVisible = () => typeof document === 'undefined' || document.visibilityState !== 'hidden';

/**
 * Where the real side effects meet the machines: the session and cookie-consent actors get the services, the auth
 * store and the router through `machine.provide`, and browser events become machine events. Screens only see actors.
 */
export function CompositionRoot({
  children,
  consentCookies,
}: {
  children: ReactNode;
  /** Cookies to read the consent from instead of document.cookie: scripts/prerender.tsx renders both variants. */
  consentCookies?: string;
}) {
  // @xstate/react hands each render's implementations to the running actor, so `navigate` is never stale.
  const navigate = useNavigate();

  const session = useActorRef(
    sessionMachine.provide({
      actors: {
        validateToken: fromPromise(({ input, signal }) => userService.validateToken(input.token, { signal })),
        logOut: fromPromise(({ input, signal }) => userService.logOut(input.token, { signal })),
      },
      actions: {
        persistSession: (_, params) => saveSession(params.auth),
        resetAmountDraft: () => resetAmountDraft(),
        navigate: (_, params) => {
          void navigate(params.to);
        },
      },
    }),
    { input: { auth: sessionFromStore(), visible: tabVisible() } },
  );

  // Installed once, before any child's effect can call the API (children's effects run before this component's).
  useState(() => setAuthSource(sessionAuthSource(session)));

  const cookieConsent = useActorRef(
    cookieConsentMachine.provide({
      actions: { storeConsent: (_, params) => writeConsent(params.consent) },
    }),
    { input: { consent: readConsent(consentCookies) } },
  );

  useEffect(() => {
    const onVisibility = () => session.send({ type: 'VISIBILITY_CHANGED', visible: tabVisible() });
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, [session]);

  const actors = useMemo<AppActors>(() => ({ session, cookieConsent }), [session, cookieConsent]);
  return <AppActorsContext.Provider value={actors}>{children}</AppActorsContext.Provider>;
}
