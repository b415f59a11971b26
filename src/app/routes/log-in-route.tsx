import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { draftLogIn, initialLogInContext, type LogInArrival } from '../../machines/log-in.form';
import { LogInScreen } from '../../screens/log-in-screen';
import { useAppActorsIfReady, useWithAppActors } from '../app-actors';
import { useDeferredActor } from '../deferred-actor';
import { onInteraction } from '../first-interaction';
import { withEnglish } from '../../i18n/i18n';
import type { AuthSession } from '../../machines/session.machine';
import { returnPathOf } from '../return-path';
import type { LogInActors } from './log-in-actors';

/** The English only this form shows: src/app/routes.tsx adds it before the route renders. */
export { default as english } from '../../i18n/locales/en/public-log-in.json';

/**
 * Where to go after logging in: back to the protected page that sent the visitor here (a partner's payment link,
 * /deposit/{token}), when it is a path of this site; else the dashboard (spec: /dashboard).
 */
export const afterLogIn = (state: unknown): string => returnPathOf(state) ?? '/dashboard';

/** After sign-up or a password reset (router state): the e-mail to fill in and the success line to show. */
export const arrivalOf = (
  state: unknown,
): { email: string; notice: 'signUp.done' | 'resetPassword.done' } | null => {
  const { email, done } = (state ?? {}) as Partial<Record<keyof LogInArrival, unknown>>;
  if (typeof email !== 'string') return null;
  if (done === 'signUp') return { email, notice: 'signUp.done' };
  return done === 'passwordReset' ? { email, notice: 'resetPassword.done' } : null;
};

/**
 * The passkey log-in (issue 26): its own chunk, with @simplewebauthn/browser and the rest of English. A chunk that
 * cannot be fetched leaves the password form as it is.
 */
const PasskeyLogIn = lazy(() =>
  withEnglish(import('./passkey-log-in')).catch(() => ({ default: () => null })),
);

export default function LogInRoute() {
  const withAppActors = useWithAppActors();
  const navigate = useNavigate();
  const location = useLocation();
  // A password or a passkey: the same session, the same page after.
  const loggedIn = useCallback(
    (auth: AuthSession) =>
      withAppActors(({ session }) => {
        session.send({ type: 'LOGGED_IN', auth });
        void navigate(afterLogIn(location.state));
      }),
    [withAppActors, navigate, location.state],
  );
  const start = useCallback(
    (): Promise<LogInActors> => import('./log-in-actors').then(({ startLogIn }) => startLogIn({ loggedIn })),
    [loggedIn],
  );
  // A visitor who came from another page of the app has interacted already: the form's actor starts at once.
  const eager = useAppActorsIfReady() !== null;
  const form = useDeferredActor({
    start,
    initialDraft: initialLogInContext,
    applyToDraft: draftLogIn,
    eager,
  });
  // The passkey's part comes at the visitor's first interaction too, outside the first route's JavaScript.
  const [withPasskey, setWithPasskey] = useState(eager);
  useEffect(() => {
    if (withPasskey) return;
    return onInteraction(() => setWithPasskey(true));
  }, [withPasskey]);
  const passkey = withPasskey ? (
    <Suspense fallback={null}>
      <PasskeyLogIn loggedIn={loggedIn} />
    </Suspense>
  ) : null;
  const arrival = arrivalOf(location.state);
  const email = arrival?.email;
  const { send } = form;
  useEffect(() => {
    if (email) void send({ type: 'CHANGE', field: 'email', value: email });
  }, [email, send]);
  return (
    <LogInScreen
      form={form}
      connectivity={form.started?.connectivity ?? null}
      passkey={passkey}
      notice={arrival?.notice ?? null}
    />
  );
}
