// Sign-up rules as the user meets them: every broken rule under its field, and an email already registered.
import { appReady, expect, newUser, signUpThroughApi, test, visitorMoves } from './support/app';

test('the form’s machine and the countries come with the visitor’s first move, not with the page', async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await page.goto('/SignUp');
  await appReady(page);
  await expect(page.getByText('Loading countries…')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts.filter((url) => url.includes('/sign-up-actors.'))).toEqual([]);

  await page.getByLabel('First name').fill('Ama');
  await expect(
    page.getByLabel('Country', { exact: true }).locator('option', { hasText: 'Ghana' }),
  ).toHaveCount(1);
  expect(scripts.filter((url) => url.includes('/sign-up-actors.'))).toHaveLength(1);
  await expect(page.getByLabel('First name')).toHaveValue('Ama');
  await expect(page.getByText('Loading countries…')).toHaveCount(0);
});

test('submitting an empty form shows each broken rule under its field', async ({ page }) => {
  await page.goto('/SignUp');
  await visitorMoves(page);
  await expect(
    page.getByLabel('Country', { exact: true }).locator('option', { hasText: 'Ghana' }),
  ).toHaveCount(1);
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();

  const firstName = page.getByLabel('First name');
  await expect(firstName).toHaveAttribute('aria-invalid', 'true');
  await expect(firstName).toHaveAccessibleDescription(/First name is required\./);
  await expect(page.getByLabel('Last name')).toHaveAccessibleDescription(/Last name is required\./);
  await expect(page.getByLabel('Email', { exact: true })).toHaveAccessibleDescription(
    /Please enter your email address\./,
  );
  await expect(page).toHaveURL(/\/SignUp$/i);
});

test('an email already registered, in any case, is refused with a clear message', async ({
  page,
  request,
}) => {
  const user = newUser('taken');
  await signUpThroughApi(request, user);

  await page.goto('/SignUp');
  await visitorMoves(page);
  await expect(
    page.getByLabel('Country', { exact: true }).locator('option', { hasText: 'Ghana' }),
  ).toHaveCount(1);
  await page.getByLabel('Email', { exact: true }).fill(user.email.toUpperCase());
  await page.getByLabel('Phone number').fill(user.phoneNumber);
  await page.getByLabel('First name').fill('Kofi');
  await page.getByLabel('Last name').fill('Owusu');
  await page.getByLabel('Create password', { exact: true }).fill(user.password);
  await page.getByLabel('Confirm password', { exact: true }).fill(user.password);
  await page.getByLabel('Country', { exact: true }).selectOption({ label: 'Ghana' });
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();

  await expect(
    page.getByText('An account with this email already exists. Please log in instead.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/SignUp$/i);
});
