// Issue 26 in Chromium with its virtual authenticator (the DevTools WebAuthn domain: internal transport, resident
// keys, user verification on, presence simulated), on a 360 px screen with axe: the dashboard's offer, a passkey
// added, a log-out and a log-in with it, a withdrawal above the step-up amount (cancelled once, then confirmed),
// and another device signed out from Devices; turning the step-up off (cancelled once) and removing the passkey,
// each confirmed with it.
import type { BrowserContext, Page } from '@playwright/test';
import { expect, logIn, test, visitorMoves } from './support/app';
import { APPROVED_MOMO, cedis, expectNoViolations, userWithWallet, withdrawToMomo } from './support-wallet';

const PHONE = { width: 360, height: 740 };

// WebAuthn refuses an IP address as the relying party: these pages are opened on localhost (the server's default
// ORIGIN is http://localhost:PORT), the same host the other journeys reach as 127.0.0.1.
test.use({
  baseURL: (process.env.E2E_BASE_URL ?? 'http://localhost:3000').replace('127.0.0.1', 'localhost'),
});

/** This page's platform authenticator: a fingerprint that always says yes. */
async function addVirtualAuthenticator(context: BrowserContext, page: Page): Promise<void> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

async function logOut(page: Page): Promise<void> {
  await page.goto('/Dashboard/account');
  await page.getByRole('button', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/$/);
}

test('a passkey: added from the dashboard, logs in, confirms a large withdrawal; a lost device signed out', async ({
  page,
  context,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize(PHONE);
  await addVirtualAuthenticator(context, page);
  const { user } = await userWithWallet(request, 'passkey', 2_500);
  await logIn(page, user);

  // The dashboard offers a passkey; it leads to the Passkeys page.
  await page.goto('/Dashboard');
  const offer = page.getByRole('region', { name: 'Use your fingerprint or face to log in' });
  await expect(offer).toBeVisible();
  await expectNoViolations(page, 'the dashboard with the passkey offer, 360 px');
  await offer.getByRole('link', { name: 'Set up a passkey' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Passkeys' })).toBeVisible();
  await expect(page.getByText('You have no passkey yet.')).toBeVisible();
  await expect(page.getByText(`Payments above ${cedis(1_000)} ask for your passkey again.`)).toBeVisible();

  // A name is required, then the device's prompt (the virtual authenticator) makes it.
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(page.getByText('Please give this passkey a name.')).toBeVisible();
  await page.getByLabel('Passkey name').fill('My phone');
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(page.getByText('Your passkey was added. Next time, log in with it.')).toBeVisible();
  const row = page.getByRole('listitem').filter({ hasText: 'My phone' });
  await expect(row).toContainText('Not used yet');
  await expect(row.getByRole('button', { name: 'Remove My phone' })).toBeVisible();
  await expectNoViolations(page, 'the Passkeys page with a passkey, 360 px');

  // With a passkey, the offer is gone.
  await page.goto('/Dashboard');
  await expect(page.getByRole('region', { name: 'Available Balance' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('region', { name: 'Use your fingerprint or face to log in' })).toHaveCount(0);

  // Log out, then log in with the passkey alone: Chromium offers it in the e-mail field's autofill, and its
  // virtual authenticator picks it at once.
  await logOut(page);
  await page.goto('/LogIn');
  await visitorMoves(page);
  await expect(page).toHaveURL(/\/dashboard\/\w+/i);

  // Where the browser has no passkey autofill, the button does it.
  await logOut(page);
  await page.addInitScript(() => {
    PublicKeyCredential.isConditionalMediationAvailable = () => Promise.resolve(false);
  });
  await page.goto('/LogIn');
  await visitorMoves(page);
  const passkeyButton = page.getByRole('button', { name: 'Log in with a passkey' });
  await expect(passkeyButton).toBeVisible();
  await expectNoViolations(page, 'the log-in page with the passkey button, 360 px');
  await passkeyButton.click();
  await expect(page).toHaveURL(/\/dashboard\/\w+/i);
  await page.goto('/Dashboard/passkeys');
  await expect(page.getByRole('listitem').filter({ hasText: 'My phone' })).toContainText('Last used');

  // GH₵ 1,500 is above the step-up amount: the dialog says what is confirmed; Cancel sends nothing.
  await withdrawToMomo(page, 1_500);
  const stepUp = page.getByRole('dialog', { name: 'Confirm with your passkey' });
  await expect(stepUp).toBeVisible();
  await expect(stepUp).toContainText(`Confirm ${cedis(1_500)} to ${APPROVED_MOMO}`);
  await expectNoViolations(page, 'the step-up dialog, 360 px');
  await stepUp.getByRole('button', { name: 'Cancel' }).click();
  await expect(stepUp).toHaveCount(0);
  // Nothing was sent: the flow says why (where it shows an answered refusal), and a new attempt starts afresh.
  await expect(
    page.getByText('You did not confirm with your passkey, so nothing was sent. You can try again.'),
  ).toBeVisible();
  // Confirmed with the passkey: the same withdrawal goes through.
  await withdrawToMomo(page, 1_500);
  await expect(stepUp).toBeVisible();
  await stepUp.getByRole('button', { name: 'Confirm' }).click();
  const success = page.getByRole('dialog', { name: 'Success' });
  await expect(success).toBeVisible({ timeout: 30_000 });
  await expect(success).toContainText('Withdrawal Successful');

  // Another device (a second browser) signs in with the password; Devices signs it out.
  const other = await browser.newContext({ viewport: PHONE, baseURL: new URL(page.url()).origin });
  await other.addCookies([{ name: 'userConsent', value: 'true', url: page.url() }]);
  const otherPage = await other.newPage();
  await logIn(otherPage, user);
  await page.goto('/Dashboard/devices');
  await expect(page.getByRole('heading', { level: 1, name: 'Devices' })).toBeVisible();
  const rows = page.locator('.devices-page').getByRole('listitem');
  // This page's session, the other browser's, and the API's that set the wallet up.
  await expect(rows).toHaveCount(3);
  await expect(rows.filter({ hasText: 'This device' })).toHaveCount(1);
  await expectNoViolations(page, 'the Devices page, 360 px');
  // The most recently seen first: the other browser, which just logged in, before the API's older session.
  const otherBrowser = rows.filter({ hasNotText: 'This device' }).first();
  await otherBrowser.getByRole('button', { name: /^Sign out / }).click();
  await expect(page.getByText('That device was signed out.')).toBeVisible();
  await expect(rows).toHaveCount(2);
  // The other browser's session is over: it is sent to log in again.
  await expect(otherPage).toHaveURL(/\/LogIn$/i, { timeout: 15_000 });
  await other.close();
});

test('turning the step-up off and removing a passkey ask for the passkey; a cancelled one changes nothing', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize(PHONE);
  await addVirtualAuthenticator(context, page);
  const { user } = await userWithWallet(request, 'passkeychange', 10);
  await logIn(page, user);
  await page.goto('/Dashboard/passkeys');
  await page.getByLabel('Passkey name').fill('My phone');
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(page.getByText('Your passkey was added. Next time, log in with it.')).toBeVisible();
  const setting = page
    .getByRole('heading', { name: 'Confirm large payments' })
    .locator('xpath=ancestor::section');
  await expect(setting).toContainText(`Payments above ${cedis(1_000)} ask for your passkey again.`);

  // Turning it off: the dialog says so in words; Cancel leaves it on and says nothing was changed.
  await setting.getByRole('button', { name: 'Turn off' }).click();
  const stepUp = page.getByRole('dialog', { name: 'Confirm with your passkey' });
  await expect(stepUp).toContainText(
    'Turn off the confirmation of large payments: payments will not ask for your passkey again.',
  );
  await expectNoViolations(page, 'the step-up dialog for a change, 360 px');
  await stepUp.getByRole('button', { name: 'Cancel' }).click();
  await expect(stepUp).toHaveCount(0);
  await expect(
    setting.getByText('You did not confirm with your passkey, so nothing was changed. You can try again.'),
  ).toBeVisible();
  await expect(setting).toContainText(`Payments above ${cedis(1_000)} ask for your passkey again.`);

  // Confirmed with the passkey: off.
  await setting.getByRole('button', { name: 'Turn off' }).click();
  await stepUp.getByRole('button', { name: 'Confirm' }).click();
  await expect(setting.getByText('Payments do not ask for your passkey again.')).toBeVisible();

  // Removing the passkey asks for it too, naming it.
  const row = page.getByRole('listitem').filter({ hasText: 'My phone' });
  await row.getByRole('button', { name: 'Remove My phone' }).click();
  await expect(stepUp).toContainText('Remove the passkey “My phone”.');
  await stepUp.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('The passkey was removed.')).toBeVisible();
  await expect(page.getByText('You have no passkey yet.')).toBeVisible();
});
