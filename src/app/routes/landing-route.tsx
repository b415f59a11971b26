import { useInstallPrompt } from '../offline/register';
import { useAppActorsIfReady } from '../app-actors';
import { LandingScreen } from '../../screens/landing-screen';
import { useOptionalSelector } from '../../screens/use-optional-selector';

/** The English only the landing page shows: src/app/routes.tsx adds it before the route renders. */
export { default as english } from '../../i18n/locales/en/public-landing.json';

/** Lazy like the other public pages: /LogIn and /SignUp do not download the landing page. */
export default function LandingRoute() {
  const session = useAppActorsIfReady()?.session ?? null;
  const signedIn = useOptionalSelector(session, (s) => !s.matches('loggedOut'), false);
  const install = useInstallPrompt();
  return <LandingScreen signedIn={signedIn} install={install} />;
}
