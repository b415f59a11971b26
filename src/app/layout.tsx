import { Suspense, useEffect, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { useI18n } from '../i18n/i18n';
import { useAppActorsAccess, useAppActorsIfReady, useWithAppActors } from './app-actors';
import { ErrorBoundary, isChunkLoadFailure } from './error-boundary';
import { Header } from '../screens/header';
import { Footer } from '../screens/footer';
import { CookieBanner } from '../screens/cookie-banner';
import { useInputModality } from './input-modality';
import { useOptionalSelector } from '../screens/use-optional-selector';
import { useSignedInChrome } from './signed-in-chrome';

/**
 * Every page: skip link, header, the route's content, footer, cookie banner, the session popup, and for a
 * signed-in user the bottom bar of a phone.
 */
export function AppLayout() {
  const { t } = useI18n();
  const actors = useAppActorsIfReady();
  const { consentUndecided } = useAppActorsAccess();
  const withAppActors = useWithAppActors();
  const { pathname } = useLocation();
  const session = actors?.session ?? null;
  const signedIn = useOptionalSelector(session, (s) => !s.matches('loggedOut'), false);
  const chrome = useSignedInChrome(signedIn);
  useInputModality();
  return (
    <>
      <a href="#main" className="skip-link">
        {t('app.skipToContent')}
      </a>
      <Header session={session} />
      <main id="main" className="main">
        <ErrorBoundary
          resetKey={pathname}
          fallback={({ reload, error }) => (
            <TakenOver>
              <Crashed reload={reload} offline={isChunkLoadFailure(error)} />
            </TakenOver>
          )}
        >
          <Suspense fallback={<Loading />}>
            <TakenOver>
              <Outlet />
            </TakenOver>
          </Suspense>
        </ErrorBoundary>
      </main>
      <Footer />
      {session && signedIn && chrome ? (
        <>
          <chrome.SignedInChrome session={session} />
          <chrome.StepUpHost />
        </>
      ) : null}
      <CookieBanner
        actorRef={actors?.cookieConsent ?? null}
        undecidedBeforeActor={consentUndecided}
        send={(event) => withAppActors(({ cookieConsent }) => cookieConsent.send(event))}
      />
    </>
  );
}

/**
 * Lifts the prerendered page's `inert` once React has taken the page's content over: after hydrating it (a lazy
 * route's own chunk included, so nothing is typed into a form React has not hydrated yet), or after rendering afresh.
 */
function TakenOver({ children }: { children: ReactNode }) {
  useEffect(() => document.getElementById('root')?.removeAttribute('inert'), []);
  return children;
}

/** The status shown while a page's code or data arrives. */
export function Loading() {
  const { t } = useI18n();
  return (
    <p role="status" className="loading">
      {t('app.loading')}
    </p>
  );
}

/** A page that failed; when its code could not be fetched, the connection is named as the cause. */
function Crashed({ reload, offline }: { reload: () => void; offline: boolean }) {
  const { t } = useI18n();
  return (
    <div role="alert" className="placeholder">
      {offline ? <p>{t('connectivity.offline')}</p> : null}
      <p>{t('app.crashed')}</p>
      <button type="button" className="button button-primary" onClick={reload}>
        {t('app.reload')}
      </button>
    </div>
  );
}
