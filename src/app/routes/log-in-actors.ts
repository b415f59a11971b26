/**
 * The log-in page's actors (the form's and the connectivity banner's), a chunk of their own with xstate: started at
 * the visitor's first interaction (src/app/deferred-actor.ts), not with the page.
 */
import { createActor, fromPromise } from 'xstate';
import { logInMachine } from '../../machines/log-in.machine';
import type { AuthSession } from '../../machines/session.machine';
import { logIn } from '../../services/user';
import { startConnectivity } from '../connectivity';

export const startLogIn = ({ loggedIn }: { loggedIn: (auth: AuthSession) => void }) => {
  const actor = createActor(
    logInMachine.provide({
      actors: { logIn: fromPromise(({ input, signal }) => logIn(input, { signal })) },
      actions: { loggedIn: (_, params) => loggedIn(params.auth) },
    }),
  ).start();
  const connectivity = startConnectivity();
  return {
    actor,
    connectivity: connectivity.actor,
    stop: () => {
      actor.stop();
      connectivity.stop();
    },
  };
};

export type LogInActors = ReturnType<typeof startLogIn>;
