/**
 * The service worker's decisions, pure so they are unit-tested (tests/app/sw-routing.test.ts): which requests may
 * touch the cache at all, and what an offline navigation shows. Nothing under /api and no non-GET request is ever
 * cached or answered from the cache: those carry balances, transfers and personal data.
 */
import { routeKey } from '../../domain/route-key';

/** How the worker answers one request. */
export type Strategy =
  /** Straight to the network, never stored, never answered from the cache. */
  | 'network-only'
  /** Parcel's content-hashed files never change: the cached copy when there is one, else the network (then kept). */
  | 'cache-first'
  /** A page: the network (fresh HTML for a new build); offline, the cached copy of that page or the offline page. */
  | 'page';

export interface RequestFacts {
  method: string;
  url: string;
  /** Request.mode: 'navigate' for a page load. */
  mode: string;
  /** The worker's own origin (self.location.origin). */
  origin: string;
}

/** Parcel names bundles `name.<8+ hex>.ext` (the server marks the same files immutable). */
export const HASHED_ASSET = /\.[0-9a-f]{8,}\.[a-z0-9]+$/i;

const isApiPath = (pathname: string): boolean => pathname === '/api' || pathname.startsWith('/api/');

/** The operations console (/ops, a separate build): staff pages and their code never touch the customers' cache. */
export const isOpsPath = (pathname: string): boolean => {
  const key = routeKey(pathname);
  return key === '/ops' || key.startsWith('/ops/');
};

export const strategyFor = ({ method, url, mode, origin }: RequestFacts): Strategy => {
  if (method !== 'GET') return 'network-only';
  const target = new URL(url);
  if (target.origin !== origin || isApiPath(target.pathname) || isOpsPath(target.pathname))
    return 'network-only';
  if (mode === 'navigate') return 'page';
  return HASHED_ASSET.test(target.pathname) ? 'cache-first' : 'network-only';
};

/** Only a complete same-origin answer is kept (never an error page, an opaque or a partial answer). */
export const mayStore = (response: { ok: boolean; status: number; type: string }): boolean =>
  response.ok && response.status === 200 && response.type === 'basic';

/**
 * What an offline navigation shows: the cached prerendered public page for that path (it hydrates from the cached
 * scripts and works in the reader's language), else the offline page.
 */
export const offlineFallback = (url: string, cachedPages: readonly string[], offlinePage: string): string =>
  keptPage(url, cachedPages) ?? offlinePage;

/** The kept public page a navigation is to (its copy is refreshed from each online visit), or null. */
export const keptPage = (url: string, cachedPages: readonly string[]): string | null => {
  const key = routeKey(new URL(url).pathname);
  return cachedPages.find((page) => routeKey(page) === key) ?? null;
};

/** Caches of this app that belong to an older build (deleted when the new worker activates). */
export const staleCaches = (names: readonly string[], prefix: string, current: string): string[] =>
  names.filter((name) => name.startsWith(prefix) && name !== current);
