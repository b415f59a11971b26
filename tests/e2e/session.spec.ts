// The session machine against the real server: the token is validated every second while the tab is visible; a
// revoked token or a lost connection ends the session with the spec's message, then 3 s later goes to /LogIn.
import type { Page } from '@playwright/test';
import {
  codeFromOutbox,
  expect,
  newUser,
  outboxCount,
  signUpThroughApi,
  submitLogIn,
  test,
  type TestUser,
} from './support/app';

/** Logs in through the screen and returns the bearer token the server answered with. */
async function logInForToken(page: Page, user: TestUser): Promise<string> {
  const answer = page.waitForResponse((response) => response.url().endsWith('/api/User/UserLogin'));
  await submitLogIn(page, user.email, user.password);
  const body = (await (await answer).json()) as { data: { token: string } };
  // A page of the dashboard: /dashboard redirects to its first page once the page's code is in.
  await expect(page).toHaveURL(/\/dashboard\/\w+/i);
  return body.data.token;
}

async function expectSessionEnded(page: Page, message: string): Promise<void> {
  const popup = page.getByRole('alertdialog');
  await expect(popup).toContainText(message, { timeout: 5_000 });
  await expect(page).toHaveURL(/\/LogIn$/i, { timeout: 8_000 });
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
}

test('a token revoked on the server ends the session: "Token expired", then /LogIn', async ({
  page,
  request,
}) => {
  const user = newUser('revoked');
  await signUpThroughApi(request, user);
  const token = await logInForToken(page, user);

  const logout = await request.post('/api/User/Logout', { headers: { Authorization: `Bearer ${token}` } });
  expect(logout.status()).toBe(200);

  await expectSessionEnded(page, 'Token expired. Logging you out...');
  await page.goto('/Dashboard');
  await expect(page).toHaveURL(/\/LogIn$/i);
});

test('losing the connection while signed in ends the session with the network message', async ({
  page,
  context,
  request,
}) => {
  const user = newUser('offline-session');
  await signUpThroughApi(request, user);
  await logInForToken(page, user);

  await context.setOffline(true);
  await expectSessionEnded(page, 'Network connection issue. Logging you out...');
  await context.setOffline(false);
});

test('a connection lost while a signed-in page’s code is on its way: no blank page, then the popup once back', async ({
  page,
  context,
  request,
}) => {
  const user = newUser('offline-while-loading');
  await signUpThroughApi(request, user);
  // The signed-in chrome (the popup's code) is held back until the connection is gone, so its fetch fails.
  let offline: () => void = () => undefined;
  const wentOffline = new Promise<void>((resolve) => (offline = resolve));
  await page.route(/\/signed-in-chrome\.[\w-]+\.js$/, async (route) => {
    await wentOffline;
    await route.abort('internetdisconnected');
  });
  await submitLogIn(page, user.email, user.password);
  await expect(page).toHaveURL(/\/dashboard/i);
  await context.setOffline(true);
  offline();

  // The session still ends on its own (3 s), and the log-in page shows why: the app never went blank.
  await expect(page).toHaveURL(/\/LogIn$/i, { timeout: 10_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
  await expect(page.getByText('Network connection issue', { exact: false }).first()).toBeVisible();

  // Back online and signed in again in the same tab, the page whose code never came says why and how to get it: a
  // bundle keeps a failed chunk for the page's life, so a reload fetches it.
  await page.unroute(/\/signed-in-chrome\.[\w-]+\.js$/);
  await context.setOffline(false);
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Log In', exact: true }).click();
  const failed = page.getByRole('alert').filter({ hasText: 'Something went wrong while showing this page.' });
  await expect(failed).toContainText('Network connection issue');
  await failed.getByRole('button', { name: 'Reload the page' }).click();
  await expect(page).toHaveURL(/\/dashboard\/\w+/i);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  await context.setOffline(true);
  await expectSessionEnded(page, 'Network connection issue. Logging you out...');
  await context.setOffline(false);
});

test('resetting the password ends the sessions already open', async ({ page, request }) => {
  const user = newUser('reset-ends-sessions');
  await signUpThroughApi(request, user);
  await logInForToken(page, user);

  const before = await outboxCount(user.email);
  expect((await request.post('/api/User/ForgotPassword', { data: { email: user.email } })).status()).toBe(
    200,
  );
  const code = await codeFromOutbox(user.email, { after: before });
  const verified = await request.post('/api/User/VerifyResetCode', { data: { email: user.email, code } });
  expect(verified.status()).toBe(200);
  const { data } = (await verified.json()) as { data: { resetToken: string } };
  const reset = await request.post('/api/User/ResetPassword', {
    data: { resetToken: data.resetToken, newPassword: 'Rotated0ne!', confirmPassword: 'Rotated0ne!' },
  });
  expect(reset.status()).toBe(200);

  await expectSessionEnded(page, 'Token expired. Logging you out...');
});
