import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { useI18n, withEnglish } from '../i18n/i18n';
import { useAppActorsAccess, useAppActorsIfReady, useWithAppActors } from './app-actors';
import { ErrorBoundary } from './error-boundary';
import { Header } from '../screens/header';
import { Footer } from '../screens/footer';
import { CookieBanner } from '../screens/cookie-banner';
import { useInputModality } from './input-modality';
import { useOptionalSelector } from '../screens/use-optional-selector';

// Only a signed-in user has these: they are not in the public pages' first script.
const BottomNav = lazy(() =>
  withEnglish(import('../screens/bottom-nav')).then((m) => ({ default: m.BottomNav })),
);
const SessionEndingDialog = lazy(() =>
  withEnglish(import('../screens/session-ending-dialog')).then((m) => ({ default: m.SessionEndingDialog })),
);

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
          fallback={(reload) => (
            <TakenOver>
              <Crashed reload={reload} />
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
      {session && signedIn ? (
        <Suspense fallback={null}>
          <BottomNav />
          <SessionEndingDialog session={session} />
        </Suspense>
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

function Crashed({ reload }: { reload: () => void }) {
  const { t } = useI18n();
  return (
    <div role="alert" className="placeholder">
      <p>{t('app.crashed')}</p>
      <button type="button" className="button button-primary" onClick={reload}>
        {t('app.reload')}
      </button>
    </div>
  );
}
