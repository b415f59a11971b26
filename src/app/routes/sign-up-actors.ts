/**
 * The sign-up page's actor, a chunk of its own with xstate: started at the visitor's first interaction
 * (src/app/deferred-actor.ts), not with the page; the countries load then.
 */
import { createActor, fromPromise } from 'xstate';
import { signUpMachine } from '../../machines/sign-up.machine';
import { getCountries } from '../../services/reference';
import { register } from '../../services/user';
import { addEnglish } from '../../i18n/english';
import { currentLanguage } from '../../i18n/i18n';
import english from '../../i18n/locales/en/public-sign-up-actors.json';

export const startSignUp = ({ navigate }: { navigate: (to: string, state: unknown) => void }) => {
  // What only the actor says (the server's refusals) comes with this chunk, not with the page's first route.
  addEnglish(english);
  const actor = createActor(
    signUpMachine.provide({
      actors: {
        loadCountries: fromPromise(({ signal }) => getCountries({ signal })),
        register: fromPromise(({ input, signal }) =>
          register({ ...input, language: currentLanguage() }, { signal }),
        ),
      },
      actions: { navigate: (_, params) => navigate(params.to, params.state) },
    }),
  ).start();
  return { actor, stop: () => actor.stop() };
};

export type SignUpActors = ReturnType<typeof startSignUp>;
