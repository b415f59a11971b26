// Issue 11, bill payment, as a new user tries it: 'elec' in 'Search companies', the electricity company opened, its
// prepaid sub-company, a meter number (the field refuses characters past the maximum and says what is wrong with a
// short or ill-formed one), the Billing Details, Pay Bill, 'Transaction Completed', the receipt with its token, the
// payment in /Dashboard/billHistory, the wallet down by exactly the total due; then 'Insufficient funds' with
// nothing moved. Axe scans of the new screens at 360 px and on a desktop.
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, logIn, newUser, signUpThroughApi, test, type TestUser } from './support/app';
import {
  addGhanaCardThroughApi,
  apiLogIn,
  cardTopUpThroughApi,
  confirmReview,
  cedis,
  expectNoViolations,
  walletAmountFromApi,
  type ApiSession,
} from './support-wallet';

/** A user with a Ghana Card on file and GH₵ `topUp` in the wallet, set up through the API. */
async function payer(
  request: APIRequestContext,
  topUp: number,
): Promise<{ user: TestUser; session: ApiSession }> {
  const user = newUser('biller');
  await signUpThroughApi(request, user);
  const session = await apiLogIn(request, user);
  await addGhanaCardThroughApi(request, session);
  if (topUp > 0) await cardTopUpThroughApi(request, session, topUp);
  return { user, session };
}

async function chooseSubCompany(page: Page, search: string, company: string, subCompany: string) {
  await page.getByLabel('Search companies').fill(search);
  await page.getByRole('button', { name: company, exact: true }).click();
  await page.getByRole('button', { name: subCompany, exact: true }).click();
}

test.describe('bill payment', () => {
  test.setTimeout(120_000);

  test('a prepaid electricity purchase, its receipt and the billing history', async ({ page, request }) => {
    const { user, session } = await payer(request, 500);
    await logIn(page, user);
    await page.goto('/BillPayment');
    await expect(page.getByRole('heading', { level: 2, name: 'Pay Bill' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/Dashboard');
    await expectNoViolations(page, 'bill payment, menu');

    await page.getByLabel('Search companies').fill('zzz');
    await expect(page.getByText('No search results found')).toBeVisible();
    await chooseSubCompany(page, 'elec', 'Electricity Company of Ghana (ECG)', 'ECG Prepaid');
    await expect(page.getByRole('heading', { name: /ECG Prepaid/ })).toBeVisible();

    const meter = page.getByLabel('Enter Meter Number');
    await meter.pressSequentially('0123456789012345');
    await expect(meter).toHaveValue('0123456789012');
    await meter.fill('0123');
    await page.getByRole('button', { name: 'Next' }).click();
    // The messages name the field as the biller titles it (issue 23).
    await expect(page.getByText('Meter Number must be at least 11 characters long.')).toBeVisible();
    await meter.fill('0123456789a');
    await expect(page.getByText('Meter Number does not match the required pattern.')).toBeVisible();
    await meter.fill('01234567890');
    await page.getByRole('button', { name: 'Next' }).click();

    const details = page.getByRole('region', { name: 'Billing Details' });
    await expect(details).toContainText('Kwame Mensah');
    for (const label of [
      'Status',
      'CustomerID',
      'Customer Name',
      'Bill Month',
      'Due Date',
      'Total Due in GHS',
    ])
      await expect(details.getByText(label, { exact: true })).toBeVisible();
    await expect(meter).toHaveAttribute('readonly', '');
    await page.getByLabel('Amount to buy (GHS)').fill('75');
    await expect(details).toContainText(cedis(75));
    await expectNoViolations(page, 'bill payment, billing details');
    await page.getByRole('button', { name: 'Pay Bill' }).click();
    // The review before the money moves: GH₵ 500 in the wallet, GH₵ 75 out, GH₵ 425 after.
    await expect(page.getByRole('heading', { name: 'Check and confirm' })).toBeVisible();
    await expectNoViolations(page, 'bill payment, review');
    await confirmReview(page, [`Amount${cedis(75)}`, `Balance after${cedis(425)}`]);

    await expect(page.getByRole('heading', { name: 'Transaction Completed' })).toBeVisible({
      timeout: 20_000,
    });
    await expectNoViolations(page, 'bill payment, done');
    expect(await walletAmountFromApi(request, session)).toBe(425);
    const reference =
      (await page.locator('dt:has-text("Reference") + dd .reference-text').first().textContent())?.trim() ??
      '';
    expect(reference).not.toBe('');

    await page.getByRole('button', { name: 'View Receipt' }).click();
    const receipt = page.getByRole('dialog', { name: 'Transaction Details' });
    await expect(receipt).toContainText(reference);
    await expect(receipt).toContainText(/\d{4}-\d{4}-\d{4}-\d{4}-\d{4}/);
    await receipt.getByRole('button', { name: 'Close' }).first().click();
    await page.getByRole('button', { name: 'Pay another bill' }).click();
    await expect(page.getByLabel('Search companies')).toBeVisible();

    await page.goto('/Dashboard/billHistory');
    await expect(page.getByRole('heading', { name: 'Billing History' })).toBeVisible();
    const table = page.getByRole('table');
    await expect(table).toContainText(reference);
    await expect(table).toContainText(cedis(75));
    await page.getByLabel('Search By Reference Number').fill(reference);
    await expect(table.getByRole('row')).toHaveCount(2);
    await expectNoViolations(page, 'billing history');
    await page.getByRole('button', { name: `Open the receipt of ${reference}` }).click();
    await expect(page.getByRole('dialog', { name: 'Transaction Details' })).toContainText('ECG Prepaid');
    await expectNoViolations(page, 'billing receipt');

    // A phone's width.
    await page.setViewportSize({ width: 360, height: 780 });
    await page
      .getByRole('dialog', { name: 'Transaction Details' })
      .getByRole('button', { name: 'Close' })
      .first()
      .click();
    await expectNoViolations(page, 'billing history, 360 px');
    await page.goto('/BillPayment');
    await chooseSubCompany(page, 'water', 'Ghana Water Limited', 'Ghana Water Postpaid');
    await expectNoViolations(page, 'bill credentials, 360 px');
  });

  test("'Insufficient funds' moves nothing; an empty billing history says so", async ({ page, request }) => {
    const { user, session } = await payer(request, 50);
    await logIn(page, user);
    await page.goto('/Dashboard/billHistory');
    await expect(page.getByText('No Billing History Found')).toBeVisible();

    await page.goto('/BillPayment');
    await chooseSubCompany(page, 'multi', 'MultiChoice Ghana (DStv, GOtv)', 'DStv');
    await page.getByLabel('Enter Smartcard Number').fill('7012345678');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('region', { name: 'Billing Details' })).toContainText(cedis(365));
    await page.getByRole('button', { name: 'Pay Bill' }).click();
    await expect(page.getByText('Insufficient funds')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Top up your wallet' })).toBeVisible();
    expect(await walletAmountFromApi(request, session)).toBe(50);

    // An unknown smartcard says so, and the back arrow leads to the billers again.
    await page.getByRole('button', { name: 'Back to billers' }).click();
    // The company stays open, its sub-companies shown.
    await page.getByRole('button', { name: 'GOtv', exact: true }).click();
    await page.getByLabel('Enter IUC Number').fill('2099999999');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('No bill was found for this IUC Number.', { exact: false })).toBeVisible();
  });
});
