import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useActorRef } from '@xstate/react';
import { fromPromise } from 'xstate';
import { sessionMachine } from '../machines/session.machine';
import { cookieConsentMachine } from '../machines/cookie-consent.machine';
import { setAuthSource } from '../services/http';
import * as userService from '../services/user';
import type { AppActors } from './app-actors';
import { sessionAuthSource } from './auth-source';
import { saveSession, sessionFromStore } from './stores/auth-store';
import { resetAmountDraft } from './stores/amount-draft-store';
import { readConsent, writeConsent } from './cookies';

const tabVisible = () => document.visibilityState !== 'hidden';

/**
 * Where the real side effects meet the machines: the session and cookie-consent actors get the services, the auth
 * store and the router through `machine.provide`, and browser events become machine events. Created once, by
 * <CompositionRoot> (./composition-root.tsx), which provides them to the screens: screens only see actors.
 */
export default function LiveAppActors({
  consentCookies,
  onReady,
}: {
  consentCookies?: string;
  onReady: (actors: AppActors) => void;
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

  // Installed once, before any page that calls the API as the user is drawn (those wait for the actors).
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
  useEffect(() => onReady(actors), [actors, onReady]);
  return null;
}
