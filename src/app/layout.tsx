import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { useSelector } from '@xstate/react';
import { useI18n } from '../i18n/i18n';
import { useAppActors } from './app-actors';
import { ErrorBoundary } from './error-boundary';
import { Header } from '../screens/header';
import { Footer } from '../screens/footer';
import { CookieBanner } from '../screens/cookie-banner';
import { SessionEndingDialog } from '../screens/session-ending-dialog';
import { BottomNav } from '../screens/bottom-nav';
import { useInputModality } from './input-modality';

/**
 * Every page: skip link, header, the route's content, footer, cookie banner, the session popup, and for a
 * signed-in user the bottom bar of a phone.
 */
export function AppLayout() {
  const { t } = useI18n();
  const { session, cookieConsent } = useAppActors();
  const { pathname } = useLocation();
  const signedIn = useSelector(session, (s) => !s.matches('loggedOut'));
  useInputModality();
  return (
    <>
      <a href="#main" className="skip-link">
        {t('app.skipToContent')}
      </a>
      <Header session={session} />
      <main id="main" className="main">
        <ErrorBoundary resetKey={pathname} fallback={(reload) => <Crashed reload={reload} />}>
          <Suspense fallback={<Loading />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </main>
      <Footer />
      {signedIn ? <BottomNav /> : null}
      <CookieBanner actorRef={cookieConsent} />
      <SessionEndingDialog session={session} />
    </>
  );
}

function Loading() {
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
