import { useEffect, useState } from 'react';
import { withEnglish } from '../i18n/i18n';
import type { SignedInChrome } from '../screens/signed-in-chrome';
import type { StepUpHost } from './step-up-host';

interface SignedInChromeModule {
  SignedInChrome: typeof SignedInChrome;
  /** The step-up before a large payment (issue 26): installed as soon as the chrome arrives. */
  StepUpHost: typeof StepUpHost;
}

let loaded: SignedInChromeModule | null = null;

/**
 * The signed-in chrome (src/screens/signed-in-chrome.tsx: the phone's bottom bar and the session's popup), one small
 * chunk outside the public pages' first script. Parcel keeps each import()'s promise for the page's life, a failed one
 * included, so this is fetched at most once per page load.
 */
const loadSignedInChrome = (): Promise<SignedInChromeModule> =>
  Promise.all([withEnglish(import('../screens/signed-in-chrome')), import('./step-up-host')]).then(
    ([chrome, host]) => (loaded = { SignedInChrome: chrome.SignedInChrome, StepUpHost: host.StepUpHost }),
  );

/**
 * A protected page's chunk, with every English message and the signed-in chrome: no signed-in page shows without the
 * popup that tells its user the session is ending, even when the connection drops the moment the page appears. If
 * the chrome cannot be fetched, neither can the page: its error boundary says so.
 */
export const withSignedInChrome = <T>(chunk: Promise<T>): Promise<T> =>
  Promise.all([withEnglish(chunk), loadSignedInChrome()]).then(([module]) => module);

/** The chrome once it has arrived (fetched when `wanted`), else null; a failed fetch never throws into React. */
export function useSignedInChrome(wanted: boolean): SignedInChromeModule | null {
  const [chrome, setChrome] = useState(loaded);
  useEffect(() => {
    if (!wanted || chrome) return;
    let current = true;
    loadSignedInChrome().then(
      (module) => {
        if (current) setChrome(() => module);
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [wanted, chrome]);
  return chrome;
}
