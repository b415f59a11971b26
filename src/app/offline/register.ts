/**
 * Production only: links the web app manifest and registers the service worker (./service-worker.ts, served as
 * /sw.js) once the page has loaded, so neither competes with the first paint, and keeps the browser's install prompt
 * for the landing page's button.
 */
import { useSyncExternalStore } from 'react';
import { linkManifest } from './web-app-manifest';

interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

const WORKER_URL = '/sw.js';

let installPrompt: InstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const setInstallPrompt = (event: InstallPromptEvent | null) => {
  installPrompt = event;
  for (const listener of listeners) listener();
};

export const startOfflineSupport = (): void => {
  if (typeof window === 'undefined') return;
  window.addEventListener('beforeinstallprompt', (event) => {
    // The browser's own mini-infobar is replaced by the landing page's button.
    event.preventDefault();
    setInstallPrompt(event as InstallPromptEvent);
  });
  window.addEventListener('appinstalled', () => setInstallPrompt(null));
  if (process.env.NODE_ENV !== 'production') return;
  const start = () => {
    linkManifest();
    // Built by scripts/prerender.tsx, not by Parcel (which would rename it): a variable keeps Parcel's hands off.
    if ('serviceWorker' in navigator)
      void navigator.serviceWorker.register(WORKER_URL).catch(() => undefined);
  };
  // In a task of its own once the browser is idle: never in the same task as the app's start or hydration.
  const startWhenIdle = () =>
    'requestIdleCallback' in window ? requestIdleCallback(start, { timeout: 2_000 }) : setTimeout(start, 200);
  if (document.readyState === 'complete') startWhenIdle();
  else window.addEventListener('load', startWhenIdle, { once: true });
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The install action when the browser offers one (null elsewhere, and while prerendering). */
export const useInstallPrompt = (): (() => Promise<void>) | null => {
  const event = useSyncExternalStore(
    subscribe,
    () => installPrompt,
    () => null,
  );
  if (!event) return null;
  return async () => {
    await event.prompt();
    await event.userChoice;
    setInstallPrompt(null);
  };
};
