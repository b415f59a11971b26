/**
 * The web app manifest (static/manifest.webmanifest) is linked by the app once the page has loaded and the browser
 * is idle, not by the HTML: a browser reads a manifest the HTML links at once, and fetches its install icon with it,
 * two requests that would otherwise share a slow connection with the page's first paint.
 */
export const MANIFEST_URL = '/manifest.webmanifest';

export const linkManifest = (doc: Document = document): void => {
  if (doc.querySelector('link[rel="manifest"]')) return;
  const link = doc.createElement('link');
  link.rel = 'manifest';
  link.href = MANIFEST_URL;
  doc.head.append(link);
};
