import { useLocation, useNavigate } from 'react-router-dom';
import { useActorRef } from '@xstate/react';
import { fromPromise } from 'xstate';
import { logInMachine } from '../../machines/log-in.machine';
import { logIn } from '../../services/user';
import { LogInScreen } from '../../screens/log-in-screen';
import { useWithAppActors } from '../app-actors';
import { useConnectivity } from '../use-connectivity';

/** The English only this form shows: src/app/routes.tsx adds it before the route renders. */
export { default as english } from '../../i18n/locales/en/public-log-in.json';

/**
 * Where to go after logging in: back to the protected page that sent the visitor here (a partner's payment link,
 * /deposit/{token}), when it is a path of this site; else the dashboard (spec: /dashboard).
 */
export const afterLogIn = (state: unknown): string => {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && !from.startsWith('/\\')
    ? from
    : '/dashboard';
};

export default function LogInRoute() {
  const withAppActors = useWithAppActors();
  const navigate = useNavigate();
  const location = useLocation();
  const actorRef = useActorRef(
    logInMachine.provide({
      actors: { logIn: fromPromise(({ input, signal }) => logIn(input, { signal })) },
      actions: {
        loggedIn: (_, params) =>
          withAppActors(({ session }) => {
            session.send({ type: 'LOGGED_IN', auth: params.auth });
            void navigate(afterLogIn(location.state));
          }),
      },
    }),
  );
  const connectivity = useConnectivity();
  return <LogInScreen actorRef={actorRef} connectivity={connectivity} />;
}
