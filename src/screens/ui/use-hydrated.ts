import { useSyncExternalStore } from 'react';

const never = () => () => undefined;

/**
 * False while the page is rendered at build time and during hydration, true afterwards: for parts that depend on
 * this browser's state (cookies, the install prompt) and so cannot be in the prerendered HTML.
 */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
