// The entry: a few hundred bytes. The prerendered public pages are complete HTML, so the browser paints them first;
// only then is the app (./boot.tsx: React, the router, the machines) fetched and run, and the page hydrated. A page
// load never waits for the app's script to paint, and Lighthouse's first paint does not depend on it either.
const boot = () => void import('./boot');

if (document.visibilityState === 'visible') requestAnimationFrame(() => setTimeout(boot));
// Hidden tabs get no animation frames: start at once.
else setTimeout(boot);
