// Issue 12, phone first: a 360 px phone. The dashboard and the histories never scroll sideways, the bottom bar is
// there and leads to its pages, the histories are cards, the month's chart shows the server's figures, a page
// load draws no focus ring on the heading (the keyboard still gets one), and axe finds nothing.
import type { Page } from '@playwright/test';
import { expect, logIn, test } from './support/app';
import { cedis, expectNoViolations, userWithWallet } from './support-wallet';

test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

/** How far the page is wider than the window (0: nothing to scroll sideways). */
const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

const bottomBar = (page: Page) => page.getByRole('navigation', { name: 'App' });

test('the dashboard on a phone: bottom bar, no side menu, the month in a chart, no sideways scrolling', async ({
  page,
  request,
}) => {
  const { user } = await userWithWallet(request, 'phone-home', 250);
  await logIn(page, user);
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome/ })).toBeFocused();
  // Focus moved for screen readers draws no ring on a page load.
  expect(await page.evaluate(() => getComputedStyle(document.activeElement as Element).outlineStyle)).toBe(
    'none',
  );

  await expect(bottomBar(page)).toBeVisible();
  await expect(bottomBar(page).getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('navigation', { name: 'My Account' })).toBeHidden();
  await expect(
    page.getByRole('img', { name: new RegExp(`${cedis(250).replace(/\s/g, '\\s')} came into your wallet`) }),
  ).toBeVisible();
  // The transaction history under the home panel: no transfer yet (the top-up is in the wallet history).
  await expect(page.getByText('No transactions yet')).toBeVisible();
  expect(await sidewaysOverflow(page)).toBe(0);
  await expectNoViolations(page, 'dashboard home on a phone');

  // The bar stays above the end of the page: the footer's last line is not under it.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const bar = await bottomBar(page).boundingBox();
  const footer = await page.locator('.site-footer').boundingBox();
  expect(Math.round(footer!.y + footer!.height)).toBeLessThanOrEqual(Math.round(bar!.y) + 1);

  // The keyboard still gets a clear ring on every control.
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => getComputedStyle(document.activeElement as Element).outlineStyle)).toBe(
    'solid',
  );
});

test('the bottom bar leads to History (cards), Pay, Account, Send and Home', async ({ page, request }) => {
  const { user } = await userWithWallet(request, 'phone-nav', 120);
  await logIn(page, user);

  await bottomBar(page).getByRole('link', { name: 'History' }).click();
  await expect(page).toHaveURL(/\/Dashboard\/walletHistory$/);
  await expect(bottomBar(page).getByRole('link', { name: 'History' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  const cards = page.getByRole('list', { name: 'Movements of your wallet, newest first' });
  await expect(cards.getByRole('listitem').first()).toContainText(cedis(120));
  await expect(page.getByRole('table')).toHaveCount(0);
  expect(await sidewaysOverflow(page)).toBe(0);
  await expectNoViolations(page, 'wallet history on a phone');

  for (const history of ['transactionHistory', 'bettingHistory', 'billHistory']) {
    await page.goto(`/Dashboard/${history}`);
    await expect(page.getByRole('button', { name: /^Show: / })).toBeVisible();
    await expect(page.getByRole('status')).toHaveCount(0);
    expect(await sidewaysOverflow(page), history).toBe(0);
    await expectNoViolations(page, `${history} on a phone`);
  }

  await bottomBar(page).getByRole('link', { name: 'Pay' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Pay' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Bill Payment/ })).toBeVisible();
  expect(await sidewaysOverflow(page)).toBe(0);
  await expectNoViolations(page, 'pay on a phone');

  await bottomBar(page).getByRole('link', { name: 'Account' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My Account' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Log Out' })).toBeVisible();
  expect(await sidewaysOverflow(page)).toBe(0);
  await expectNoViolations(page, 'account on a phone');

  await bottomBar(page).getByRole('link', { name: 'Send' }).click();
  await expect(page).toHaveURL(/\/SendMoney$/);
  await bottomBar(page).getByRole('link', { name: 'Home' }).click();
  await expect(page).toHaveURL(/\/Dashboard\/transactionHistory$/);
});
