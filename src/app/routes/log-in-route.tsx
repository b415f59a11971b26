import { useNavigate } from 'react-router-dom';
import { useActorRef } from '@xstate/react';
import { fromPromise } from 'xstate';
import { logInMachine } from '../../machines/log-in.machine';
import { logIn } from '../../services/user';
import { LogInScreen } from '../../screens/log-in-screen';
import { useAppActors } from '../app-actors';
import { useConnectivity } from '../use-connectivity';

export function LogInRoute() {
  const { session } = useAppActors();
  const navigate = useNavigate();
  const actorRef = useActorRef(
    logInMachine.provide({
      actors: { logIn: fromPromise(({ input, signal }) => logIn(input, { signal })) },
      actions: {
        loggedIn: (_, params) => {
          session.send({ type: 'LOGGED_IN', auth: params.auth });
          void navigate('/dashboard');
        },
      },
    }),
  );
  const connectivity = useConnectivity();
  return <LogInScreen actorRef={actorRef} connectivity={connectivity} />;
}
