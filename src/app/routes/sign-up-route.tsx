import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { draftSignUp, initialSignUpContext } from '../../machines/sign-up.form';
import { SignUpScreen } from '../../screens/sign-up-screen';
import { useAppActorsIfReady } from '../app-actors';
import { useDeferredActor } from '../deferred-actor';
import type { SignUpActors } from './sign-up-actors';

/** The English only this form shows: src/app/routes.tsx adds it before the route renders. */
export { default as english } from '../../i18n/locales/en/public-sign-up.json';

/** Lazy: it brings libphonenumber-js, which the landing page does not need. */
export default function SignUpRoute() {
  const navigate = useNavigate();
  const start = useCallback(
    (): Promise<SignUpActors> =>
      import('./sign-up-actors').then(({ startSignUp }) =>
        startSignUp({ navigate: (to, state) => void navigate(to, { state }) }),
      ),
    [navigate],
  );
  // A visitor who came from another page of the app has interacted already: the form's actor starts at once.
  const eager = useAppActorsIfReady() !== null;
  const form = useDeferredActor({
    start,
    initialDraft: initialSignUpContext,
    applyToDraft: draftSignUp,
    eager,
  });
  return <SignUpScreen form={form} />;
}
