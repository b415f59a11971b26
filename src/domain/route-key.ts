/**
 * One spelling per route of the app: paths match without case and without a trailing slash, as the router does
 * (/LogIn, /login and /login/ are one page). Shared by the server (which prerendered page to send), the service
 * worker (which kept page to show offline) and the browser (whether the HTML is the page being visited).
 */
export const routeKey = (pathname: string): string => {
  const trimmed = pathname.replace(/\/+$/, '').toLowerCase();
  return trimmed === '' ? '/' : trimmed;
};
