/**
 * The service worker (served as /sw.js, built by scripts/prerender.tsx with esbuild, which fills in __SW_MANIFEST__):
 * precaches the app shell, the prerendered public pages, the offline page and their scripts; keeps content-hashed
 * files it meets later; answers an offline navigation from the cache. Every decision is in ./sw-routing.ts.
 * One cache per build: a new build is a new worker whose activation deletes the old caches.
 */
import { keptPage, mayStore, offlineFallback, staleCaches, strategyFor } from './sw-routing';

declare const __SW_MANIFEST__: {
  version: string;
  precache: string[];
  pages: string[];
  offlinePage: string;
};

interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  request: Request;
  respondWith(response: Promise<Response>): void;
}
interface WorkerScope {
  location: Location;
  clients: { claim(): Promise<void> };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
}

const worker = self as unknown as WorkerScope;
const manifest = __SW_MANIFEST__;
const PREFIX = 'cedi-wallet-';
const CACHE = `${PREFIX}${manifest.version}`;

worker.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      // Past the HTTP cache: the copies must be this build's.
      .then((cache) => cache.addAll(manifest.precache.map((url) => new Request(url, { cache: 'reload' }))))
      .then(() => worker.skipWaiting()),
  );
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(staleCaches(names, PREFIX, CACHE).map((name) => caches.delete(name))))
      .then(() => worker.clients.claim()),
  );
});

const cacheFirst = async (request: Request): Promise<Response> => {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (mayStore(response)) {
    const copy = response.clone();
    void caches.open(CACHE).then((cache) => cache.put(request, copy));
  }
  return response;
};

const page = async (request: Request): Promise<Response> => {
  try {
    const response = await fetch(request);
    // A public page's copy follows the latest visit (the variant with or without the cookie banner, a new build).
    const kept = keptPage(request.url, manifest.pages);
    if (kept && mayStore(response)) {
      const copy = response.clone();
      void caches.open(CACHE).then((cache) => cache.put(kept, copy));
    }
    return response;
  } catch (error) {
    const fallback = offlineFallback(request.url, manifest.pages, manifest.offlinePage);
    const cached = (await caches.match(fallback)) ?? (await caches.match(manifest.offlinePage));
    if (cached) return cached;
    throw error;
  }
};

worker.addEventListener('fetch', (event) => {
  const { request } = event;
  const strategy = strategyFor({
    method: request.method,
    url: request.url,
    mode: request.mode,
    origin: worker.location.origin,
  });
  // network-only: not answered here at all, so the browser goes to the network as if there were no worker.
  if (strategy === 'cache-first') event.respondWith(cacheFirst(request));
  else if (strategy === 'page') event.respondWith(page(request));
});
