// Cookie banner: Accept stores userConsent=true, Decline false (path /, about a year), and it stays answered.
import { expect, test } from './support/app';

test.use({ withCookieBanner: true });

for (const [choice, value] of [
  ['Accept', 'true'],
  ['Decline', 'false'],
] as const) {
  test(`${choice} hides the cookie banner and stores userConsent=${value}`, async ({ page, context }) => {
    await page.goto('/');
    const banner = page.getByRole('region', { name: 'Cookie consent' });
    await expect(banner).toBeVisible();

    await banner.getByRole('button', { name: choice, exact: true }).click();
    await expect(banner).toHaveCount(0);

    // The banner hides at the tap; the answer is stored once the consent actor's code has arrived.
    const consentCookie = async () => (await context.cookies()).find((c) => c.name === 'userConsent');
    await expect.poll(async () => (await consentCookie())?.value).toBe(value);
    const cookie = await consentCookie();
    expect(cookie?.value).toBe(value);
    expect(cookie?.path).toBe('/');
    const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(360);
    expect(days).toBeLessThan(367);

    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Cookie consent' })).toHaveCount(0);
  });
}
