// Issue 23, the phone walkthrough (sections 2 and 4) on a 360 x 780 touch screen: menus open on the first tap and
// stay inside the screen, the signed-in header is one row, every listed tap target is at least 44 x 44 px, the
// billers are buttons, the landing page's bar, posters and Back to top behave, and / offers a signed-in user the
// dashboard.
import type { Locator, Page } from '@playwright/test';
import { expect, logIn, test } from './support/app';
import { userWithWallet } from './support-wallet';

const WIDTH = 360;
test.use({ viewport: { width: WIDTH, height: 780 }, isMobile: true, hasTouch: true });

const TOUCH = 44;

async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  expect(box, 'the element is laid out').not.toBeNull();
  return box!;
}

/** A finger's target: at least 44 x 44 px (half a pixel of rounding allowed). */
async function expectTapTarget(locator: Locator, what: string) {
  const box = await boxOf(locator);
  expect(box.width, `${what}: width`).toBeGreaterThanOrEqual(TOUCH - 0.5);
  expect(box.height, `${what}: height`).toBeGreaterThanOrEqual(TOUCH - 0.5);
}

/** Inside the window, left and right. */
async function expectOnScreen(locator: Locator, what: string) {
  const box = await boxOf(locator);
  expect(box.x, `${what}: left edge`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${what}: right edge`).toBeLessThanOrEqual(WIDTH + 0.5);
}

const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test('a visitor: the header folds its menus into Menu, which opens on the first tap; the listed links are 44 px targets', async ({
  page,
}) => {
  await page.goto('/');
  const header = page.locator('.site-header');
  await expect(page.getByRole('button', { name: 'Solutions' })).toBeHidden();
  const menu = header.getByRole('button', { name: 'Menu' });
  await menu.tap();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  const panel = page.locator('.site-menus-folded-panel');
  await expect(panel.getByRole('link', { name: 'Cross-border payments' })).toBeVisible();
  await expectOnScreen(panel, 'the folded menu');
  await menu.tap();
  await expect(menu).toHaveAttribute('aria-expanded', 'false');

  // The landing page's service links, and the bar's sign-up link with its word.
  for (const name of ['Cross Border Payments', 'Bill & Utilities Payment']) {
    await expectTapTarget(page.locator('.landing-tile h3 a', { hasText: name }).first(), name);
  }
  const signUp = page.locator('.signup-bar').getByRole('link', { name: 'Sign up' });
  await expect(signUp).toContainText('SIGNUP');
  await expectTapTarget(signUp, 'the bar’s sign-up link');
  await expect(page.locator('a[href*="play.google.com"], a[href*="apps.apple.com"]')).toHaveCount(0);
  expect(await sidewaysOverflow(page)).toBe(0);

  await page.goto('/LogIn');
  await expectTapTarget(page.getByRole('link', { name: 'Forgot Password' }), 'Forgot Password');
  await expectTapTarget(page.locator('form').getByRole('link', { name: 'Sign up' }), 'Sign up');

  await page.goto('/TermsAndConditions');
  const contents = page.getByRole('navigation', { name: 'Contents' }).getByRole('link');
  expect(await contents.count()).toBeGreaterThan(3);
  for (const link of await contents.all())
    await expectTapTarget(link, `contents: ${await link.textContent()}`);
});

test.describe('a touch tablet, wide enough for the four menus', () => {
  test.use({ viewport: { width: 900, height: 1000 }, isMobile: true, hasTouch: true });

  test('Solutions opens on the first tap and closes on the second', async ({ page }) => {
    await page.goto('/');
    const solutions = page.getByRole('button', { name: 'Solutions' });
    await solutions.tap();
    await expect(solutions).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('link', { name: 'Cross-border payments' })).toBeVisible();
    await solutions.tap();
    await expect(solutions).toHaveAttribute('aria-expanded', 'false');
  });
});

test.describe('with the cookie banner', () => {
  test.use({ withCookieBanner: true });

  test('Back to top never covers the banner’s buttons; the posters are pictures, not grey blocks', async ({
    page,
  }) => {
    await page.goto('/');
    await page.evaluate(() => window.scrollTo(0, 1500));
    await expect(page.getByRole('button', { name: 'Accept' })).toBeVisible();
    await expect(page.getByRole('button', { name: /Back to top/ })).toBeHidden();
    await page.getByRole('button', { name: 'Accept' }).tap();
    await expect(page.getByRole('button', { name: /Back to top/ })).toBeVisible();

    for (const section of ['#audiences', '#how-it-works']) {
      await page.locator(section).scrollIntoViewIfNeeded();
      const frames = page.locator(`${section} .landing-video`);
      for (const frame of await frames.all()) {
        // Either the video (its poster attribute) or, before it, the poster picture, loaded.
        await expect
          .poll(() =>
            frame.evaluate((element) => {
              const video = element.querySelector('video');
              if (video) return video.poster !== '';
              const image = element.querySelector('img');
              return Boolean(image?.complete && image.naturalWidth > 0);
            }),
          )
          .toBe(true);
      }
    }
  });
});

test('a signed-in user: one header row, the avatar menu and the histories’ menu on screen, billers as buttons, the shop’s ×, and / offers the dashboard', async ({
  page,
  request,
}) => {
  const { user } = await userWithWallet(request, 'phone-touch', 100);
  await logIn(page, user);

  await page.goto('/Dashboard/transactionHistory');
  const header = page.locator('.site-header');
  // One row: the header is no taller than its tallest control and its padding.
  expect((await boxOf(header)).height).toBeLessThanOrEqual(TOUCH + 2 * 8 + 2);
  const avatar = page.getByRole('button', { name: 'Account menu' });
  await avatar.tap();
  const logout = page.getByRole('menuitem', { name: 'Logout' });
  await expect(logout).toBeVisible();
  await expectOnScreen(page.getByRole('menu', { name: 'Account menu' }), 'the avatar menu');
  await expectTapTarget(logout, 'Logout');
  await avatar.tap();

  const show = page.getByRole('button', { name: 'Show: Transactions' });
  await expect(show).toContainText('▾');
  await show.tap();
  const billing = page.getByRole('link', { name: 'Billing History' });
  await expect(billing).toBeVisible();
  await expectOnScreen(page.locator('.filter-menu .menu'), 'the histories’ menu');
  expect(await sidewaysOverflow(page)).toBe(0);
  await billing.tap();
  await expect(page.getByRole('button', { name: 'Show: Billing' })).toBeVisible();

  await page.goto('/BillPayment');
  const billers = page.locator('.biller-company');
  await expect(billers.first()).toBeVisible();
  const first = await boxOf(billers.nth(0));
  const second = await boxOf(billers.nth(1));
  expect(first.height).toBeGreaterThanOrEqual(TOUCH - 0.5);
  expect(first.width).toBeGreaterThan(WIDTH / 2);
  expect(second.y - (first.y + first.height)).toBeGreaterThanOrEqual(8);
  expect(
    await billers.first().evaluate((element) => getComputedStyle(element.closest('ul')!).listStyleType),
  ).toBe('none');

  await page.goto('/treasure-shop');
  await expectTapTarget(page.getByRole('link', { name: 'Back to Dashboard' }), 'Back to Dashboard');
  await expectTapTarget(page.getByRole('link', { name: 'Close the shop and go to the home page' }), '×');

  await page.goto('/');
  await expect(page.locator('a[href="/SignUp"]')).toHaveCount(0);
  await expect(page.locator('.signup-bar').getByRole('link', { name: /Dashboard/ })).toHaveAttribute(
    'href',
    '/Dashboard',
  );
});

test("in Twi the footer's 'Fees' is a whole phrase on a 44 px target, inside the screen (it was 'Ka', 17 px)", async ({
  page,
}) => {
  await page.goto('/');
  await page.evaluate(() => localStorage.setItem('language', 'ak'));
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ak');
  const fees = page.locator('.site-footer').getByRole('link', { name: 'Ɛka a wotua' });
  await fees.scrollIntoViewIfNeeded();
  await expect(fees).toHaveAttribute('href', '/deposit');
  await expectTapTarget(fees, "Twi footer 'Fees'");
  await expectOnScreen(fees, "Twi footer 'Fees'");
});
