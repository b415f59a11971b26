/* Shared helpers of the screen and app tests (not a test file itself). */
import { useEffect, type ReactElement, type ReactNode } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, useLocation, useNavigate, type NavigateFunction } from 'react-router-dom';
import { createActor, fromPromise } from 'xstate';
import { I18nProvider } from '../../src/i18n/i18n';
import { AppActorsContext } from '../../src/app/app-actors';
import { AppRoutes } from '../../src/app/routes';
import { sessionMachine, type AuthSession } from '../../src/machines/session.machine';
import { cookieConsentMachine } from '../../src/machines/cookie-consent.machine';
import { ApiError, type ApiFailure } from '../../src/contract/failure';

export const user = {
  id: 7,
  firstName: 'Ama',
  lastName: 'Mensah',
  fullName: 'Ama Mensah',
  countryId: 1,
  countryName: 'Ghana',
  countryCode: 'GH',
  hasIdentification: false,
  walletAmount: 0,
  phoneVerified: false,
};

export const auth = (walletAmount = 0): AuthSession => ({
  token: 'token-1',
  user: { ...user, walletAmount },
});

export const apiError = (failure: ApiFailure) => new ApiError(failure);
export const httpError = (status: number, messageId = 'server.error', violations?: unknown[]) =>
  new ApiError({
    kind: 'http',
    status,
    message: 'x',
    data: violations ? { messageId, violations: violations as never } : { messageId },
  });

/** Shows the router's current path (and its state, as JSON), so tests can assert redirects. */
export function LocationDisplay() {
  const location = useLocation();
  return (
    <div data-testid="location" data-state={location.state ? JSON.stringify(location.state) : undefined}>
      {location.pathname}
    </div>
  );
}

/** Hands the router's navigate to machine actions created outside React. */
export const routerNavigateRef: { current: NavigateFunction | null } = { current: null };
function NavigateCapture() {
  const navigate = useNavigate();
  useEffect(() => {
    routerNavigateRef.current = navigate;
  }, [navigate]);
  return null;
}

export function renderScreen(ui: ReactElement, { route = '/' }: { route?: string } = {}) {
  return render(
    <I18nProvider>
      <MemoryRouter initialEntries={[route]}>
        {ui}
        <NavigateCapture />
        <LocationDisplay />
      </MemoryRouter>
    </I18nProvider>,
  );
}

export interface FakeSessionOptions {
  auth?: AuthSession | null;
  validateToken?: () => Promise<unknown>;
  logOut?: () => Promise<unknown>;
  validationInterval?: number;
  logoutDelay?: number;
}

/** A session actor with fake side effects: navigation goes through the rendered router. */
export const fakeSession = ({
  auth: session = null,
  validateToken = () => Promise.resolve({ valid: true }),
  logOut = () => Promise.resolve(null),
  validationInterval = 60_000,
  logoutDelay = 3_000,
}: FakeSessionOptions = {}) => {
  const persisted: (AuthSession | null)[] = [];
  const actor = createActor(
    sessionMachine.provide({
      actors: { validateToken: fromPromise(validateToken), logOut: fromPromise(logOut) },
      actions: {
        persistSession: (_, params) => void persisted.push(params.auth),
        resetAmountDraft: () => undefined,
        navigate: (_, params) => void routerNavigateRef.current?.(params.to),
      },
      delays: { validationInterval, logoutDelay },
    }),
    { input: { auth: session } },
  ).start();
  return { actor, persisted };
};

export const fakeCookieConsent = (consent: boolean | null = true) => {
  const stored: boolean[] = [];
  const actor = createActor(
    cookieConsentMachine.provide({
      actions: { storeConsent: (_, params) => void stored.push(params.consent) },
    }),
    { input: { consent } },
  ).start();
  return { actor, stored };
};

/** The whole route table at `path`, with the given session and cookie-consent actors. */
export function renderApp(
  path: string,
  {
    session = fakeSession().actor,
    cookieConsent = fakeCookieConsent().actor,
    wrapper,
  }: {
    session?: ReturnType<typeof fakeSession>['actor'];
    cookieConsent?: ReturnType<typeof fakeCookieConsent>['actor'];
    wrapper?: (children: ReactNode) => ReactNode;
  } = {},
) {
  const routes = (
    <AppActorsContext.Provider value={{ session, cookieConsent }}>
      <AppRoutes />
    </AppActorsContext.Provider>
  );
  return renderScreen(wrapper ? <>{wrapper(routes)}</> : routes, { route: path });
}
