// Connectivity: the log-in screen shows 'Network connection issue' while the browser is offline.
import { expect, test, visitorMoves } from './support/app';

test('the offline banner shows while offline and hides back online', async ({ page, context, baseURL }) => {
  const appOrigin = new URL(baseURL ?? 'http://localhost:3000').origin;
  const outside: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.protocol.startsWith('http') && url.origin !== appOrigin) outside.push(request.url());
  });

  await page.goto('/LogIn');
  await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
  // The visitor is there (the form's actors and the connectivity probe start with the first move). Offline before
  // their code is in, the form would say so and keep saying it until reloaded (docs/decisions.md).
  const probed = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/health');
  await visitorMoves(page);
  await probed;
  const banner = page.getByRole('alert').filter({ hasText: 'Network connection issue' });
  await expect(banner).toHaveCount(0);

  await context.setOffline(true);
  await expect(banner).toBeVisible();

  await context.setOffline(false);
  await expect(banner).toHaveCount(0, { timeout: 15_000 });

  // The connectivity probe is our own /api/health: no request leaves the app's origin.
  expect(outside).toEqual([]);
});

test('a visitor who has not touched the page yet is told when the connection goes', async ({
  page,
  context,
}) => {
  await page.goto('/LogIn');
  await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();

  await context.setOffline(true);

  await expect(page.getByRole('alert').filter({ hasText: 'Network connection issue' })).toBeVisible();
  await context.setOffline(false);
});
