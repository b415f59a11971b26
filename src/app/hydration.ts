/**
 * Whether the browser hydrates the HTML that scripts/prerender.tsx rendered at build time, or renders afresh.
 * Prerendered pages are the signed-out English pages; a signed-in visitor's page differs (header, hero actions),
 * so it is rendered afresh rather than hydrated into a mismatch. Another language is applied after hydration.
 */
import { routeKey } from '../domain/route-key';

export { PRERENDERED_ATTRIBUTE } from './prerendered-attributes';

export const shouldHydrate = ({
  prerenderedPath,
  currentPath,
  signedIn,
}: {
  /** The route the HTML was rendered for (null: the empty app shell). */
  prerenderedPath: string | null;
  currentPath: string;
  signedIn: boolean;
}): boolean => prerenderedPath !== null && !signedIn && routeKey(prerenderedPath) === routeKey(currentPath);
