// Issue 2's journey: sign up, log in, dashboard with GH₵ 0.00, reload still signed in, log out, back on '/'.
import { expect, logIn, newUser, signUpThroughApi, submitLogIn, test } from './support/app';

test('a new user signs up, logs in, stays signed in across a reload and logs out', async ({ page }) => {
  const user = newUser('journey');

  await page.goto('/');
  await page.getByRole('link', { name: 'Sign Up' }).first().click();
  await expect(page).toHaveURL(/\/SignUp$/i);
  await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();

  const country = page.getByLabel('Country', { exact: true });
  await expect(country.locator('option', { hasText: 'Ghana' })).toHaveCount(1);
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  // The phone's country picker defaults to Ghana (+233).
  await expect(page.getByLabel('Phone country').locator('option:checked')).toContainText('+233');
  await page.getByLabel('Phone number').fill(user.phoneNumber);
  await page.getByLabel('First name').fill(user.firstName);
  await page.getByLabel('Last name').fill(user.lastName);
  await page.getByLabel('Create password', { exact: true }).fill(user.password);
  await page.getByLabel('Confirm password', { exact: true }).fill(user.password);
  await country.selectOption({ label: 'Ghana' });
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();

  await expect(page).toHaveURL(/\/LogIn$/i);
  await logIn(page, user);
  await expect(page.getByText('Available Balance')).toBeVisible();
  await expect(page.getByText('GH₵ 0.00')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Account menu' })).toContainText(user.firstName[0]!);

  await page.reload();
  await expect(page).toHaveURL(/\/dashboard(\/|$)/i);
  await expect(page.getByText('GH₵ 0.00')).toBeVisible();
  // The session keeps validating its token every second: still signed in a few ticks later.
  await page.waitForTimeout(2_500);
  await expect(page).toHaveURL(/\/dashboard(\/|$)/i);
  await expect(page.getByRole('alertdialog')).toHaveCount(0);

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect.poll(() => new URL(page.url()).pathname).toBe('/');
  await expect(page.getByRole('link', { name: 'Sign Up' }).first()).toBeVisible();

  // Logged out for real: the dashboard is protected again.
  await page.goto('/Dashboard');
  await expect(page).toHaveURL(/\/LogIn$/i);
});

test('the balance card hides and shows the balance', async ({ page, request }) => {
  const user = newUser('balance');
  await signUpThroughApi(request, user);
  await logIn(page, user);

  const hide = page.getByRole('button', { name: 'Hide balance' });
  await expect(page.getByText('GH₵ 0.00')).toBeVisible();
  await hide.click();
  await expect(page.getByText('GH₵ 0.00')).toHaveCount(0);
  const show = page.getByRole('button', { name: 'Show balance' });
  await expect(show).toHaveAttribute('aria-pressed', /true|false/);
  await show.click();
  await expect(page.getByText('GH₵ 0.00')).toBeVisible();
});

test('a wrong password is refused with the spec message', async ({ page, request }) => {
  const user = newUser('wrong-password');
  await signUpThroughApi(request, user);
  await submitLogIn(page, user.email, 'Wrong0ne!');
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid email or password' })).toBeVisible();
  await expect(page).toHaveURL(/\/LogIn$/i);
});
