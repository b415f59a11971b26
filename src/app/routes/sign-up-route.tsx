import { useNavigate } from 'react-router-dom';
import { useActorRef } from '@xstate/react';
import { fromPromise } from 'xstate';
import { signUpMachine } from '../../machines/sign-up.machine';
import { getCountries } from '../../services/reference';
import { register } from '../../services/user';
import { currentLanguage } from '../../i18n/i18n';
import { SignUpScreen } from '../../screens/sign-up-screen';

/** The English only this form shows: src/app/routes.tsx adds it before the route renders. */
export { default as english } from '../../i18n/locales/en/public-sign-up.json';

/** Lazy: it brings libphonenumber-js, which the landing page does not need. */
export default function SignUpRoute() {
  const navigate = useNavigate();
  const actorRef = useActorRef(
    signUpMachine.provide({
      actors: {
        loadCountries: fromPromise(({ signal }) => getCountries({ signal })),
        register: fromPromise(({ input, signal }) =>
          register({ ...input, language: currentLanguage() }, { signal }),
        ),
      },
      actions: {
        navigate: (_, params) => {
          void navigate(params.to);
        },
      },
    }),
  );
  return <SignUpScreen actorRef={actorRef} />;
}
