// Issue 12, the public face as a phone first meets it: the public pages arrive as HTML rendered at build time
// (readable with JavaScript off), hydrate without a mismatch for a visitor and for a signed-in user, take the
// stored language after hydration; the web app manifest and its icons; the service worker (production build only):
// registers, serves a repeat visit's scripts from its cache, shows the offline page for a page it never saw, and
// never answers /api from a cache.
import type { ConsoleMessage, Page } from '@playwright/test';
import { expect, logIn, newUser, signUpThroughApi, test, visitorMoves } from './support/app';

const publicPages = [
  { path: '/', heading: 'Send money across Ghana and Africa' },
  { path: '/LogIn', heading: 'Log in' },
  { path: '/SignUp', heading: 'Create your account' },
  { path: '/TermsAndConditions', heading: /terms/i },
] as const;

/** Playwright's own note where it blocks the worker (every test but the worker's own). */
const BLOCKED_WORKER = 'Service Worker registration blocked by Playwright';

/** Everything the page logs as an error or warning, and uncaught errors (React reports a mismatch there). */
const collectProblems = (page: Page): string[] => {
  const problems: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    const kind = message.type();
    if ((kind === 'error' || kind === 'warning') && message.text() !== BLOCKED_WORKER)
      problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
};

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('every public page is complete HTML from the server', async ({ page }) => {
    for (const { path, heading } of publicPages) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.locator('#root')).toHaveAttribute('data-prerendered', path);
      // Nothing can be used, nor a form sent, before the app runs.
      await expect(page.locator('#root')).toHaveAttribute('inert');
    }
    await expect(page.getByLabel('Email', { exact: true })).toHaveCount(0);
    await page.goto('/login');
    await expect(page.getByLabel('Email', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Log In', exact: true })).toBeVisible();
  });
});

test.describe('a first visit', () => {
  test.use({ withCookieBanner: true });

  test('a visitor: the prerendered pages hydrate without a mismatch and work', async ({ page }) => {
    const problems = collectProblems(page);
    for (const { path, heading } of publicPages) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await page.waitForLoadState('networkidle');
    }
    await page.goto('/');
    // Opening a menu on focus needs the hydrated page's handlers.
    const solutions = page.getByRole('button', { name: 'Solutions' });
    await solutions.focus();
    await expect(solutions).toHaveAttribute('aria-expanded', 'true');
    // The cookie banner is this browser's business: it arrives after hydration.
    await expect(page.getByRole('region', { name: 'Cookie consent' })).toBeVisible();
    expect(problems).toEqual([]);
  });
});

test('a signed-in user gets the signed-in page, not the prerendered visitor page', async ({
  page,
  request,
}) => {
  const user = newUser('prerender');
  await signUpThroughApi(request, user);
  await logIn(page, user);
  const problems = collectProblems(page);
  await page.goto('/');
  const main = page.getByRole('navigation', { name: 'Main' });
  await expect(main.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(main.getByRole('button', { name: 'Account menu' })).toBeVisible();
  // The landing bar offers the signed-in visitor the dashboard, never sign-up (issue 23); the prerendered visitor
  // page has a Sign up link in the header and in the bar.
  await expect(page.getByRole('main').getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
    'href',
    '/Dashboard',
  );
  await expect(page.getByRole('link', { name: /sign ?up/i })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Send Money' }).first()).toHaveAttribute('href', '/SendMoney');
  await page.goto('/LogIn');
  await page.waitForLoadState('networkidle');
  expect(problems).toEqual([]);
});

test('the stored language applies after hydration', async ({ page }) => {
  const problems = collectProblems(page);
  await page.goto('/LogIn');
  await page.evaluate(() => localStorage.setItem('language', 'fr'));
  await page.goto('/LogIn');
  await expect(page.getByRole('heading', { level: 1, name: 'Connexion' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  expect(problems).toEqual([]);
});

test('the web app manifest names the app, its colours and its icons', async ({ page, request }) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const manifest = (await (await request.get(href ?? '')).json()) as {
    name: string;
    short_name: string;
    start_url: string;
    display: string;
    theme_color: string;
    background_color: string;
    icons: { src: string; sizes: string; purpose: string }[];
  };
  expect(manifest).toMatchObject({ name: 'Cedi Wallet', start_url: '/', display: 'standalone' });
  expect(manifest.short_name.length).toBeLessThanOrEqual(12);
  expect(manifest.theme_color).toBe('#0b5d3b');
  expect(manifest.icons.map(({ sizes, purpose }) => `${sizes} ${purpose}`).sort()).toEqual([
    '192x192 any',
    '512x512 any',
    '512x512 maskable',
  ]);
  for (const icon of manifest.icons) {
    const response = await request.get(icon.src);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('image/png');
    const size = Number(icon.sizes.split('x')[0]);
    // PNG header: width and height at bytes 16 and 20.
    const png = await response.body();
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([size, size]);
  }
});

test.describe('the service worker', () => {
  test.use({ serviceWorkers: 'allow' });

  test('registers, serves a repeat visit from its cache, and shows the offline page offline', async ({
    page,
    context,
  }) => {
    await page.goto('/');
    await expect
      .poll(() => page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state), {
        timeout: 20_000,
      })
      .toBe('activated');

    // A repeat visit: the scripts and the stylesheet come from the worker's cache.
    const fromWorker: string[] = [];
    page.on('response', (response) => {
      if (/\.(js|css)$/.test(new URL(response.url()).pathname) && response.fromServiceWorker())
        fromWorker.push(response.url());
    });
    await page.goto('/LogIn');
    await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(fromWorker.filter((url) => /\.js$/.test(url)).length).toBeGreaterThanOrEqual(2);

    await context.setOffline(true);
    // A public page it keeps: the page itself, working.
    await page.goto('/SignUp');
    await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();
    // The log-in form's own code (and the bundles Parcel fetches beside it) come from the cache too: its rules run.
    await page.goto('/LogIn');
    await visitorMoves(page);
    await page.getByRole('button', { name: 'Log In', exact: true }).click();
    await expect(page.getByText('Please enter your password.')).toBeVisible();
    await expect(page.getByLabel('Email', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    // A page it never kept: the offline page.
    await page.goto('/Dashboard/walletHistory');
    await expect(page.getByRole('heading', { level: 1, name: 'You are offline' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', '/');
    // /api is never answered from a cache: offline, it fails.
    const apiOffline = await page.evaluate(() =>
      fetch('/api/health').then(
        (response) => `answered ${response.status}`,
        () => 'failed',
      ),
    );
    expect(apiOffline).toBe('failed');
    await context.setOffline(false);
  });

  test('never stores an /api answer or anything but GETs of this site', async ({ page, request }) => {
    const user = newUser('worker');
    await signUpThroughApi(request, user);
    await page.goto('/');
    await page.evaluate(async () => navigator.serviceWorker.ready);
    await page.reload();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    // Money and personal data: a log-in (POST) and signed-in pages that read the wallet.
    await logIn(page, user);
    await page.goto('/Dashboard/walletHistory');
    await page.waitForLoadState('networkidle');
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        for (const key of await cache.keys()) urls.push(new URL(key.url).pathname);
      }
      return urls;
    });
    expect(cached.length).toBeGreaterThan(5);
    expect(cached.filter((path) => path.startsWith('/api'))).toEqual([]);
    // Only the shell's pages, the offline page and content-hashed files (no signed-in page).
    const allowed =
      /^(\/|\/LogIn|\/SignUp|\/TermsAndConditions|\/offline\.html|\/manifest\.webmanifest|\/.+\.[0-9a-f]{8,}\.[a-z0-9]+)$/;
    expect(cached.filter((path) => !allowed.test(path))).toEqual([]);
  });
});
