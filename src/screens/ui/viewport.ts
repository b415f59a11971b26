import { useSyncExternalStore } from 'react';

/**
 * The one breakpoint between phone and wide-screen layouts (768 px at the default font size). The stylesheet
 * names the same query `--wide-screen` (@custom-media at the top of src/app/styles.css; a test keeps the two equal):
 * below it the bottom navigation bar and the histories as cards, from it the side menu and the tables.
 */
export const WIDE_SCREEN_QUERY = '(min-width: 48rem)';

const wideScreen = (): boolean =>
  typeof window.matchMedia === 'function' ? window.matchMedia(WIDE_SCREEN_QUERY).matches : true;

const subscribe = (onChange: () => void): (() => void) => {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const query = window.matchMedia(WIDE_SCREEN_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};

/**
 * Whether the window is at least as wide as the breakpoint, following it as the window turns or resizes. Where
 * the query cannot be asked (rendering without a window), the wide layout is drawn.
 */
export const useWideScreen = (): boolean => useSyncExternalStore(subscribe, wideScreen, () => true);
