// Issue 10, betting in the browser, as a new user tries it: a user with an identification pays GH₵ 50 into a
// betting account from the wallet (the 1% fee and the total shown first), sees the reference, and finds it in the
// betting history by reference with 'Betting Details'; a betting operator's server makes a payment link
// (POST Transaction/AuthenticateUser with the API key `npm run partners` made for this run, through
// tests/e2e/support/partner-link.ts) and the user, sent to
// /deposit/{token} while signed out, logs in, comes back to the link, confirms and pays once. axe scans of every
// new screen at 360 px and desktop.
import type { Locator, Page } from '@playwright/test';
import { expect, logIn, submitLogIn, test } from './support/app';
import { askForPaymentLink } from './support/partner-link';
import { cedis, expectNoViolations, userWithWallet, walletAmountFromApi } from './support-wallet';

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The value of the description list row labelled exactly `label`, within `scope`. */
const valueOf = (scope: Page | Locator, label: string) =>
  scope
    .locator('dt')
    .filter({ hasText: new RegExp(`^${escaped(label)}$`) })
    .first()
    .locator('xpath=following-sibling::dd[1]');

/** Pays on the wallet card and returns the reference of the 'Thank you!' page. */
async function payAndReadReference(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Click to pay' }).dblclick();
  await expect(page.getByRole('heading', { name: 'Thank you!' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText("Wasn't that easy?")).toBeVisible();
  const reference = (
    (await valueOf(page, 'Reference number').locator('.reference-text').textContent()) ?? ''
  ).trim();
  expect(reference).toMatch(/\S{6,}/);
  return reference;
}

test.describe('betting', () => {
  test.setTimeout(150_000);

  test("pays GH₵ 50 to an operator from the wallet, then finds it in the betting history with 'Betting Details'", async ({
    page,
    request,
  }) => {
    const { user, session } = await userWithWallet(request, 'bettor', 200);
    await logIn(page, user);

    await page.goto('/deposit');
    await expect(page.getByRole('heading', { level: 1, name: 'Betting & Games' })).toBeVisible();
    const operator = page.getByLabel('Betting operator');
    await expect(operator.locator('option', { hasText: 'SportyBet Ghana' })).toBeAttached();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Please select a betting operator.')).toBeVisible();
    await expectNoViolations(page, 'betting details with an error');

    await operator.selectOption({ label: 'SportyBet Ghana' });
    await page.getByLabel('Betting number').fill('5550001234');
    await page.getByLabel('Phone number of the betting account').fill('0241234567');
    await page.getByLabel('Amount (GH₵)').fill('50');
    // The fee (1%) and the total before anything is paid.
    await expect(valueOf(page, 'Processing fee (1%)')).toHaveText(cedis(0.5));
    await expect(valueOf(page, 'Total to pay')).toHaveText(cedis(50.5));
    await expectNoViolations(page, 'betting details');
    await page.getByRole('button', { name: 'Next' }).click();

    await expect(page.getByRole('heading', { name: 'Confirm and pay' })).toBeVisible();
    await expect(page.getByText('Amount after transfer')).toBeVisible();
    await expectNoViolations(page, 'betting payment');
    const reference = await payAndReadReference(page);
    await expectNoViolations(page, 'betting done');
    // GH₵ 200 - 50.50, moved once however many clicks.
    expect(await walletAmountFromApi(request, session)).toBe(149.5);

    await page.getByRole('button', { name: 'View Receipt' }).click();
    const receipt = page.getByRole('dialog', { name: 'Betting Details' });
    await expect(receipt.getByText(`Reference number ${reference}`)).toBeVisible();
    await expect(receipt.getByText('SportyBet Ghana')).toBeVisible();
    await receipt.getByRole('button', { name: 'Close' }).click();

    await page.goto('/Dashboard/bettingHistory');
    await expect(page.getByRole('heading', { level: 1, name: 'Betting History' })).toBeVisible();
    await expect(page.getByText('Showing 1-1 of 1')).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search By Reference Number' }).fill(reference.slice(-6));
    const row = page.getByRole('row', { name: new RegExp(reference) });
    await expect(row).toBeVisible();
    await expect(row).toContainText(cedis(50));
    await expectNoViolations(page, 'betting history');
    await page.getByRole('button', { name: `Open the betting details of ${reference}` }).click();
    const details = page.getByRole('dialog', { name: 'Betting Details' });
    await expect(details.getByText(`Reference number ${reference}`)).toBeVisible();
    await expect(valueOf(details, 'Total')).toHaveText(cedis(50.5));
    await expectNoViolations(page, 'betting details modal');
  });

  test("a partner's payment link: signed out, the user logs in, comes back to it, confirms and pays once", async ({
    page,
    request,
  }) => {
    const { user, session } = await userWithWallet(request, 'bettor', 100);
    const link = await askForPaymentLink(request, user.email, { battingNo: '7730001234', sendAmount: 25 });
    expect(link.paymentPath).toBe(`/deposit/${link.token}`);

    await page.goto(link.paymentPath);
    await expect(page).toHaveURL(/\/LogIn$/);
    await submitLogIn(page, user.email, user.password);
    await expect(page).toHaveURL(new RegExp(`/deposit/${link.token}$`));

    await expect(page.getByText('The betting site asks you to confirm this payment.')).toBeVisible();
    await expect(valueOf(page, 'Betting operator')).toHaveText('SportyBet Ghana');
    await expect(valueOf(page, 'Betting number')).toHaveText('7730001234');
    await expect(valueOf(page, 'Total')).toHaveText(cedis(25.25));
    await expectNoViolations(page, 'payment link, confirm');
    await payAndReadReference(page);
    expect(await walletAmountFromApi(request, session)).toBe(74.75);

    // Paid once: the same link again says so.
    await page.goto(link.paymentPath);
    await expect(page.getByText('This payment link has already been paid.')).toBeVisible();
    await expectNoViolations(page, 'payment link, already paid');
  });

  test('a link without an amount, a forged one, and the screens at 360 px', async ({ page, request }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    const { user } = await userWithWallet(request, 'bettor', 100);
    const link = await askForPaymentLink(request, user.email, {
      battingNo: '7730001234',
      sendAmount: undefined,
    });
    await logIn(page, user);

    await page.goto('/deposit/forged-token-0000');
    await expect(
      page.getByText('This payment link is not valid. Please ask the betting site for a new one.'),
    ).toBeVisible();
    await expectNoViolations(page, 'forged payment link at 360 px');

    await page.goto(link.paymentPath);
    await expect(page.getByRole('heading', { name: 'How much do you want to pay?' })).toBeVisible();
    await page.getByLabel('Amount (GH₵)').fill('10');
    await expectNoViolations(page, 'payment link amount at 360 px');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Pay from your wallet' }).click();
    await expect(
      page.getByText('A deposit into your SportyBet Ghana betting account 7730001234.'),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('heading', { name: 'Review and pay' })).toBeVisible();
    await expectNoViolations(page, 'payment link review at 360 px');
    await payAndReadReference(page);

    await page.goto('/Dashboard/bettingDeposit');
    await expect(page.getByLabel('Betting operator')).toBeVisible();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Please select a betting operator.')).toBeVisible();
    await expectNoViolations(page, 'betting details at 360 px');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);

    await page.goto('/Dashboard/bettingHistory');
    await expect(page.getByText('Showing 1-1 of 1')).toBeVisible();
    await expectNoViolations(page, 'betting history at 360 px');
  });
});
