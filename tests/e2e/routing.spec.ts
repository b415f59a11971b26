// The route table: case-insensitive paths, protected routes, unknown paths.
import { expect, logIn, newUser, signUpThroughApi, test } from './support/app';

test('a protected route without a token lands on /LogIn', async ({ page }) => {
  await page.goto('/Dashboard');
  await expect(page).toHaveURL(/\/LogIn$/i);
  await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
});

test('a protected dashboard child route without a token lands on /LogIn', async ({ page }) => {
  await page.goto('/dashboard/transactionHistory');
  await expect(page).toHaveURL(/\/LogIn$/i);
});

test('an unknown path lands on /', async ({ page }) => {
  await page.goto('/no-such-page/at-all');
  await expect.poll(() => new URL(page.url()).pathname).toBe('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

for (const path of ['/login', '/LogIn', '/LOGIN']) {
  test(`${path} shows the log-in screen`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
    await expect(page.getByLabel('Email', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Password', { exact: true })).toBeVisible();
  });
}

test('the landing page links to sign-up and log-in when signed out', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Login', exact: true }).first().click();
  await expect(page).toHaveURL(/\/LogIn$/i);
});

test('paths match whatever their case: the same screen, no redirect', async ({ page, request }) => {
  const user = newUser('path-case');
  await signUpThroughApi(request, user);
  await logIn(page, user);
  for (const [written, other] of [
    ['/SendMoney', '/sendmoney'],
    ['/Dashboard/transactionHistory', '/dashboard/TRANSACTIONHISTORY'],
  ] as const) {
    await page.goto(written);
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toBeVisible();
    const title = await heading.innerText();
    await page.goto(other);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    expect(new URL(page.url()).pathname.toLowerCase()).toBe(other.toLowerCase());
  }
});

test('/VerifyIdentity and the mobile wallet show where the account stands', async ({ page, request }) => {
  const user = newUser('verify-identity');
  await signUpThroughApi(request, user);
  await logIn(page, user);
  await page.goto('/VerifyIdentity');
  await expect(page.getByRole('heading', { level: 1, name: 'Verify identity' })).toBeVisible();
  await expect(page.getByText('Not registered yet')).toBeVisible();
  await page.getByRole('link', { name: 'Add an identification' }).click();
  await expect(page).toHaveURL(/\/Dashboard\/myIdentifications$/i);
  await page.goto('/Dashboard/mobileWallet');
  await expect(page.getByRole('heading', { level: 1, name: 'Mobile wallet' })).toBeVisible();
  await page.getByRole('link', { name: 'Withdraw to mobile money' }).click();
  await expect(page).toHaveURL(/\/Withdrawal$/i);
});

test('/dashboard redirects to its transaction history child', async ({ page, request }) => {
  const user = newUser('dashboard-index');
  await signUpThroughApi(request, user);
  await logIn(page, user);
  await page.goto('/Dashboard');
  await expect(page).toHaveURL(/\/dashboard\/transactionHistory$/i);
});
