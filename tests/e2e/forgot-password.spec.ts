// Forgot password end to end: the code is read from the server's development outbox ($E2E_DATA_DIR/outbox).
import {
  codeFromOutbox,
  expect,
  logIn,
  newUser,
  outboxCount,
  signUpThroughApi,
  submitLogIn,
  test,
  type TestUser,
} from './support/app';
import type { Page } from '@playwright/test';

async function requestCode(page: Page, user: TestUser): Promise<string> {
  await page.goto('/LogIn');
  await page.getByRole('link', { name: 'Forgot Password' }).click();
  await expect(page).toHaveURL(/\/otp$/i);
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible();
  const before = await outboxCount(user.email);
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Check your email' })).toBeVisible();
  await expect(page.getByText(/We sent a 6-digit code to/)).toBeVisible();
  return codeFromOutbox(user.email, { after: before });
}

async function setNewPassword(page: Page, password: string): Promise<void> {
  await expect(page).toHaveURL(/\/createnewpassword$/i);
  await expect(page.getByRole('heading', { level: 1, name: 'Create a new password' })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password', { exact: true }).fill(password);
  await expect(page.getByRole('meter', { name: 'Password strength' })).toBeVisible();
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page).toHaveURL(/\/LogIn$/i);
}

test('a user resets a forgotten password with the mailed code, typed digit by digit', async ({
  page,
  request,
}) => {
  const user = newUser('forgot-typed');
  await signUpThroughApi(request, user);

  const code = await requestCode(page, user);
  await page.getByLabel('Digit 1 of 6').click();
  await page.keyboard.type(code, { delay: 30 }); // each box advances the focus to the next
  for (let index = 0; index < 6; index += 1) {
    await expect(page.getByLabel(`Digit ${index + 1} of 6`)).toHaveValue(code[index]!);
  }
  await page.getByRole('button', { name: 'Verify email address' }).click();

  const newPassword = 'NewPassw0rd!';
  await setNewPassword(page, newPassword);

  // The old password no longer works; the new one does.
  await submitLogIn(page, user.email, user.password);
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid email or password' })).toBeVisible();
  await logIn(page, { ...user, password: newPassword });
  await expect(page.getByText('GH₵ 0.00')).toBeVisible();
});

test('pasting the six digits fills every box', async ({ page, request }) => {
  const user = newUser('forgot-pasted');
  await signUpThroughApi(request, user);

  const code = await requestCode(page, user);
  await page.getByLabel('Digit 1 of 6').focus();
  await page.getByLabel('Digit 1 of 6').evaluate(
    (input, text) => {
      const data = new DataTransfer();
      data.setData('text/plain', text);
      input.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
      );
    },
    ` ${code.slice(0, 3)}-${code.slice(3)} `,
  );
  for (let index = 0; index < 6; index += 1) {
    await expect(page.getByLabel(`Digit ${index + 1} of 6`)).toHaveValue(code[index]!);
  }
  await page.getByRole('button', { name: 'Verify email address' }).click();
  await setNewPassword(page, 'Pasted0ne!');
  await logIn(page, { ...user, password: 'Pasted0ne!' });
});

test('a wrong code is refused and the user stays on the code step', async ({ page, request }) => {
  const user = newUser('forgot-wrong');
  await signUpThroughApi(request, user);

  const code = await requestCode(page, user);
  const wrong = code === '000000' ? '111111' : '000000';
  await page.getByLabel('Digit 1 of 6').click();
  await page.keyboard.type(wrong);
  await page.getByRole('button', { name: 'Verify email address' }).click();
  // The message is tied to the boxes (aria-describedby, aria-invalid) in a polite live region.
  const firstBox = page.getByLabel('Digit 1 of 6');
  await expect(firstBox).toHaveAccessibleDescription(/This code is wrong or has expired/);
  await expect(firstBox).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/otp$/i);
});

test('/createnewpassword without a verified code offers to start over', async ({ page }) => {
  await page.goto('/createnewpassword');
  await page.getByRole('link', { name: 'Start over' }).click();
  await expect(page).toHaveURL(/\/otp$/i);
});
