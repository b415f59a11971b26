/**
 * /LogIn's passkey log-in (issue 26), a chunk of its own with @simplewebauthn/browser and every English message:
 * fetched at the visitor's first interaction with the page (./log-in-route.tsx), never with the page's first script.
 * Where the browser offers passkeys in the e-mail field's autofill, it waits for one there; the button asks for one.
 * Either way it answers what the password log-in answers, and the route does the same with it.
 */
import { useEffect } from 'react';
import { useActorRef } from '@xstate/react';
import { fromPromise } from 'xstate';
import { passkeyLogInMachine } from '../../machines/passkey-log-in.machine';
import type { AuthSession } from '../../machines/session.machine';
import { PasskeyLogInButton } from '../../screens/passkey-log-in-button';
import { passkeyLogIn, passkeyLogInOptions } from '../../services/passkeys';
import {
  cancelPasskeyPrompt,
  passkeyAutofillSupported,
  signWithPasskey,
  webAuthnSupported,
} from '../../services/webauthn';

const logInWithPasskey = async ({ autofill }: { autofill: boolean }, signal: AbortSignal) => {
  const { ceremonyId, options } = await passkeyLogInOptions({ signal });
  const response = await signWithPasskey(options, { autofill });
  return passkeyLogIn({ ceremonyId, response }, { signal });
};

const livePasskeyLogIn = passkeyLogInMachine.provide({
  actors: {
    autofillAvailable: fromPromise(() => passkeyAutofillSupported()),
    logInByAutofill: fromPromise(({ signal }) => logInWithPasskey({ autofill: true }, signal)),
    logInWithPasskey: fromPromise(({ signal }) => logInWithPasskey({ autofill: false }, signal)),
  },
});

function PasskeyLogIn({ loggedIn }: { loggedIn: (auth: AuthSession) => void }) {
  const actorRef = useActorRef(
    livePasskeyLogIn.provide({ actions: { loggedIn: (_, params) => loggedIn(params.auth) } }),
  );
  // Leaving the page ends a passkey autofill still waiting.
  useEffect(() => () => cancelPasskeyPrompt(), []);
  return <PasskeyLogInButton actorRef={actorRef} />;
}

/** Nothing where the browser cannot use passkeys. */
export default function PasskeyLogInPart(props: { loggedIn: (auth: AuthSession) => void }) {
  return webAuthnSupported() ? <PasskeyLogIn {...props} /> : null;
}
