// The landing page of issue 12 in a real browser: the header menus (hover with the 800 ms close delay, keyboard,
// Escape), the anchors, Back to Top, the terms page, and axe scans at 360 px and on a desktop.
import { expect, test } from './support/app';
import { expectNoViolations } from './support-wallet';

test('Solutions opens on hover and closes about 800 ms after the pointer leaves', async ({ page }) => {
  await page.goto('/');
  const solutions = page.getByRole('button', { name: 'Solutions' });
  await solutions.hover();
  await expect(solutions).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByText('Governments')).toBeVisible();
  await page.mouse.move(5, 600);
  await page.waitForTimeout(300);
  await expect(solutions).toHaveAttribute('aria-expanded', 'true');
  await expect(solutions).toHaveAttribute('aria-expanded', 'false', { timeout: 2_000 });
});

test('the menus work from the keyboard, and their anchors scroll to the section', async ({ page }) => {
  await page.goto('/');
  const company = page.getByRole('button', { name: 'Company' });
  await company.focus();
  await expect(company).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Escape');
  await expect(company).toHaveAttribute('aria-expanded', 'false');
  await expect(company).toBeFocused();
  await company.press('Enter');
  await page.getByRole('navigation', { name: 'Site' }).getByRole('link', { name: 'About us' }).click();
  await expect(page).toHaveURL(/#about-us$/);
  await expect(page.getByRole('heading', { level: 2, name: 'About Us' })).toBeInViewport();
});

test('Back to Top appears past 300 px and brings the page back up', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('button', { name: /Back to top/ })).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, 1200));
  const backToTop = page.getByRole('button', { name: /Back to top/ });
  await backToTop.click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
});

test('the footer links to the terms, which read as six numbered sections', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Terms and Conditions' }).click();
  await expect(page).toHaveURL(/\/TermsAndConditions$/);
  await expect(page.getByRole('heading', { level: 2 })).toHaveCount(6);
  await expectNoViolations(page, 'terms');
});

for (const [label, viewport] of [
  ['360 px', { width: 360, height: 740 }],
  ['desktop', { width: 1280, height: 800 }],
] as const) {
  test(`the landing page at ${label}: no axe violations, menus open, nothing wider than the screen`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto('/');
    await expectNoViolations(page, `landing at ${label}`);
    await page.getByRole('button', { name: 'Solutions' }).click();
    await expectNoViolations(page, `landing with Solutions open at ${label}`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
}
