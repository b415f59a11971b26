/** The attributes scripts/prerender.tsx writes on a prerendered page's #root. */

/** The route the HTML was rendered for. */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';

/** The route's own chunks (space-separated URLs), fetched beside the app's first script rather than after it. */
export const ROUTE_CHUNKS_ATTRIBUTE = 'data-route-chunks';
