// The entry: a few hundred bytes. A prerendered public page is complete HTML, so the app (./boot.tsx: React, the
// router, the machines) is fetched only once the browser has shown it (its first contentful paint): the first paint
// never waits for the app's script, on the phone or in Lighthouse's model of it. The empty app shell of the other
// routes starts the app at once.
import { PRERENDERED_ATTRIBUTE, ROUTE_CHUNKS_ATTRIBUTE } from './prerendered-attributes';

const root = document.getElementById('root');

/** The app, and beside it the prerendered route's own chunks, which the app would otherwise ask for only once run. */
const boot = () => {
  for (const href of root?.getAttribute(ROUTE_CHUNKS_ATTRIBUTE)?.split(' ').filter(Boolean) ?? []) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.append(link);
  }
  void import('./boot');
};

const prerendered = root?.hasAttribute(PRERENDERED_ATTRIBUTE) ?? false;
if (!prerendered || typeof PerformanceObserver === 'undefined') {
  boot();
} else {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    boot();
  };
  // The first contentful paint may show only the part of the page parsed by then; this entry runs once the whole
  // page is parsed, so two frames later the whole page has been painted (its largest paint too) before the app is
  // fetched: the app's download never counts in the page's largest contentful paint.
  const afterNextPaint = () => requestAnimationFrame(() => requestAnimationFrame(start));
  const observer = new PerformanceObserver((list) => {
    if (list.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    afterNextPaint();
  });
  observer.observe({ type: 'paint', buffered: true });
  // A tab opened in the background paints nothing until shown: the app still starts.
  setTimeout(start, 3_000);
}
