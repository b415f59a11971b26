// An axe scan (WCAG 2.0/2.1 A and AA) of every screen of issue 2: 0 violations.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { codeFromOutbox, expect, logIn, newUser, signUpThroughApi, test, visitorMoves } from './support/app';

async function expectNoViolations(page: Page, screen: string): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const summary = results.violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact,
    help: violation.help,
    nodes: violation.nodes.map((node) => node.target.join(' ')).slice(0, 5),
  }));
  expect(summary, `axe violations on ${screen}`).toEqual([]);
}

test.describe('with the cookie banner showing', () => {
  test.use({ withCookieBanner: true });

  test('landing page', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Cookie consent' })).toBeVisible();
    await expectNoViolations(page, 'landing (with cookie banner)');
  });
});

test('sign-up screen, empty and with every error shown', async ({ page }) => {
  await page.goto('/SignUp');
  await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();
  await visitorMoves(page);
  await expect(
    page.getByLabel('Country', { exact: true }).locator('option', { hasText: 'Ghana' }),
  ).toHaveCount(1);
  await expectNoViolations(page, 'sign-up');
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
  await expect(page.getByText('First name is required.')).toBeVisible();
  await expectNoViolations(page, 'sign-up with errors');
});

test('log-in screen, empty, with an error and offline', async ({ page, context }) => {
  await page.goto('/LogIn');
  await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
  await expectNoViolations(page, 'log-in');
  await page.getByRole('button', { name: 'Log In', exact: true }).click();
  await expect(page.getByText('Please enter your password.')).toBeVisible();
  await expectNoViolations(page, 'log-in with errors');
  await context.setOffline(true);
  await expect(page.getByRole('alert').filter({ hasText: 'Network connection issue' })).toBeVisible();
  await expectNoViolations(page, 'log-in offline');
  await context.setOffline(false);
});

test('forgot password: email step, code step and new password', async ({ page, request }) => {
  const user = newUser('axe-otp');
  await signUpThroughApi(request, user);

  await page.goto('/otp');
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible();
  await expectNoViolations(page, 'otp: email step');

  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Check your email' })).toBeVisible();
  await expectNoViolations(page, 'otp: code step');

  const code = await codeFromOutbox(user.email);
  await page.getByLabel('Digit 1 of 6').click();
  await page.keyboard.type(code);
  await page.getByRole('button', { name: 'Verify email address' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Create a new password' })).toBeVisible();
  await expectNoViolations(page, 'create new password');
  await page.getByLabel('New password', { exact: true }).fill('short');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expectNoViolations(page, 'create new password with errors');
});

test('create new password without a verified code', async ({ page }) => {
  await page.goto('/createnewpassword');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoViolations(page, 'create new password (start over)');
});

test('dashboard', async ({ page, request }) => {
  const user = newUser('axe-dashboard');
  await signUpThroughApi(request, user);
  await logIn(page, user);
  await expect(page.getByText('GH₵ 0.00')).toBeVisible();
  // The side menu on a wide screen; on a phone (narrower than 768 px) the bottom bar instead.
  const phone = (page.viewportSize()?.width ?? 0) < 768;
  await expect(page.getByRole('navigation', { name: phone ? 'App' : 'My Account' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: phone ? 'My Account' : 'App' })).toBeHidden();
  await expectNoViolations(page, 'dashboard');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeVisible();
  await expectNoViolations(page, 'dashboard with the account menu open');
});

test('the identity page and the mobile wallet', async ({ page, request }) => {
  const user = newUser('axe-account-pages');
  await signUpThroughApi(request, user);
  await logIn(page, user);
  await page.goto('/VerifyIdentity');
  await expect(page.getByText('Not registered yet')).toBeVisible();
  await expectNoViolations(page, '/VerifyIdentity');
  await page.goto('/Dashboard/mobileWallet');
  await expect(page.getByRole('link', { name: 'Top up from mobile money' })).toBeVisible();
  await expectNoViolations(page, '/Dashboard/mobileWallet');
});
