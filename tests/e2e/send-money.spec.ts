// Issue 8, send money, as a new user tries it: beneficiaries (add MoMo and bank with the holder's name confirmed,
// search by name prefix, edit, delete after confirming), two transfers from /SendMoney (a MoMo payout, then a
// wallet-to-wallet transfer to another user whose phone is verified: that user's balance rises at once), the
// receipt, and the transaction history (search, 'Transaction Details'); axe scans of every new screen at 360 px
// and desktop. Each journey has its own users.
import type { APIRequestContext, Page } from '@playwright/test';
import { codeFromOutbox, expect, logIn, newUser, signUpThroughApi, test, type TestUser } from './support/app';
import {
  apiLogIn,
  cedis,
  expectNoViolations,
  saveMomoBeneficiaryInDialog,
  userWithWallet,
  walletAmountFromApi,
  type ApiSession,
} from './support-wallet';

const bearer = (session: ApiSession) => ({ Authorization: `Bearer ${session.token}` });

/**
 * A Ghana mobile number (9 digits after +233) that no other test of this run verifies, whose holder the sandbox's
 * name lookup calls Yaw Asante (src/server/providers/sandbox.ts: the first name at the last two digits, 05, 25, 45,
 * 65 or 85, the last name at the two before them, 03, 23, 43, 63 or 83), the receiver's own name: the beneficiary
 * is saved without a name mismatch to resolve.
 */
function uniqueGhanaNumber(): string {
  const pick = (choices: readonly string[]) => choices[Math.floor(Math.random() * choices.length)]!;
  const middle = String(Date.now() % 1000).padStart(3, '0');
  return `24${middle}${pick(['03', '23', '43', '63', '83'])}${pick(['05', '25', '45', '65', '85'])}`;
}

/** Another user of the app who verified their phone by SMS (the code read from the development outbox). */
async function receiverWithVerifiedPhone(
  request: APIRequestContext,
): Promise<{ user: TestUser; session: ApiSession }> {
  const user = {
    ...newUser('receiver'),
    firstName: 'Yaw',
    lastName: 'Asante',
    phoneNumber: uniqueGhanaNumber(),
  };
  await signUpThroughApi(request, user);
  const session = await apiLogIn(request, user);
  const sent = await request.post('/api/User/SendPhoneVerificationCode', { headers: bearer(session) });
  expect(sent.status(), await sent.text()).toBe(200);
  const code = await codeFromOutbox(`+233${user.phoneNumber}`);
  const verified = await request.post('/api/User/VerifyPhone', { headers: bearer(session), data: { code } });
  expect(verified.status(), await verified.text()).toBe(200);
  return { user, session };
}

const dialog = (page: Page, name: string | RegExp) => page.getByRole('dialog', { name });

async function addMomoBeneficiary(page: Page, first: string, last: string, number: string): Promise<void> {
  await page.getByRole('button', { name: 'Add Beneficiary' }).click();
  await saveMomoBeneficiaryInDialog(page, first, last, number);
}

async function addBankBeneficiary(page: Page, first: string, last: string, account: string): Promise<void> {
  await page.getByRole('button', { name: 'Add Beneficiary' }).click();
  const add = dialog(page, 'Add Beneficiary');
  await add.getByRole('tab', { name: 'Bank account' }).click();
  await add.getByLabel('First name').fill(first);
  await add.getByLabel('Last name').fill(last);
  const bank = add.getByLabel('Bank', { exact: true });
  await expect(bank.locator('option').nth(1)).toBeAttached();
  await bank.selectOption({ index: 1 });
  await add.getByLabel('Account number').fill(account);
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(add.getByText(/: is this who you mean\?$/)).toBeVisible();
  await add.getByRole('button', { name: 'Confirm' }).click();
  await expect(add.getByText('Beneficiary added successfully.')).toBeVisible();
  await expect(add).toBeHidden({ timeout: 6_000 });
}

const beneficiaryList = (page: Page) => page.getByRole('list', { name: 'Your beneficiaries' });

/** Page 1 of /SendMoney filled for `amount` to the beneficiary whose option starts with `name`, then Next. */
async function fillAmountPage(page: Page, amount: number, name: string): Promise<void> {
  await expect(page.getByRole('heading', { name: 'How much are you sending?' })).toBeVisible();
  await page.getByLabel('You send (GH₵)').fill(String(amount));
  const beneficiary = page.getByLabel('Beneficiary', { exact: true });
  const option = beneficiary.locator('option', { hasText: name });
  await beneficiary.selectOption({ label: (await option.textContent()) ?? '' });
  await page.getByLabel('Purpose of transfer').selectOption({ label: 'Family support' });
  await page.getByRole('button', { name: 'Next' }).click();
}

/** Pays the quote on the wallet payment card and returns the reference of the 'Thank you!' page. */
async function payAndReadReference(page: Page): Promise<string> {
  await expect(page.getByRole('heading', { name: 'Pay for your transfer' })).toBeVisible();
  const pay = page.getByRole('button', { name: 'Click to pay' });
  const selectWallet = page.getByRole('button', { name: 'Pay from your wallet' });
  if (await selectWallet.isVisible()) await selectWallet.click();
  await pay.dblclick();
  await expect(page.getByRole('heading', { name: 'Thank you!' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText("Wasn't that easy?")).toBeVisible();
  const reference = await page
    .locator('dt', { hasText: 'Reference number' })
    .locator('xpath=following-sibling::dd[1]')
    .locator('.reference-text')
    .textContent();
  expect(reference?.trim()).toMatch(/\S{6,}/);
  return (reference ?? '').trim();
}

test.describe('send money', () => {
  test.setTimeout(150_000);

  test('beneficiaries, a MoMo payout and an on-us transfer, receipts and the transaction history', async ({
    page,
    request,
  }) => {
    const { user, session } = await userWithWallet(request, 'sender', 1_000);
    const receiver = await receiverWithVerifiedPhone(request);
    await logIn(page, user);

    // Beneficiaries: add MoMo and bank (the holder's name shown first), find by prefix, edit one, delete another.
    await page.goto('/Dashboard/beneficiaries');
    await expect(page.getByRole('heading', { level: 1, name: 'Beneficiaries' })).toBeVisible();
    await expectNoViolations(page, 'beneficiaries, empty');
    // Numbers whose holder the sandbox names as typed (a different holder would be a mismatch to resolve).
    await addMomoBeneficiary(page, 'Kofi', 'Boateng', '0241110201');
    await addBankBeneficiary(page, 'Efua', 'Owusu', '1234567890106');
    await addMomoBeneficiary(page, 'Yaw', 'Asante', `0${receiver.user.phoneNumber}`);
    await expect(beneficiaryList(page).getByRole('listitem')).toHaveCount(3);

    await page.getByLabel('Search by name').fill('Ko');
    await expect(beneficiaryList(page).getByRole('listitem')).toHaveCount(1);
    await expect(beneficiaryList(page)).toContainText('Kofi Boateng');
    await page.getByLabel('Search by name').fill('');
    await expect(beneficiaryList(page).getByRole('listitem')).toHaveCount(3);

    await page.getByRole('button', { name: 'Edit Kofi Boateng' }).click();
    const edit = dialog(page, 'Edit Kofi Boateng');
    await edit.getByLabel('First name').fill('Kwame');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Beneficiary updated.')).toBeVisible();
    await expect(beneficiaryList(page)).toContainText('Kwame Boateng');

    await page.getByRole('button', { name: 'Delete Efua Owusu' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete beneficiary' });
    await expect(confirm).toContainText('Are you sure you want to delete this beneficiary?');
    await expectNoViolations(page, 'delete confirmation');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Beneficiary deleted.')).toBeVisible();
    await expect(beneficiaryList(page).getByRole('listitem')).toHaveCount(2);
    await expectNoViolations(page, 'beneficiaries');

    // GH₵ 250 to the MoMo beneficiary: fee and total shown before paying, one payment on a double click.
    await page.goto('/SendMoney');
    await expectNoViolations(page, 'send money, amount');
    await fillAmountPage(page, 250, 'Kwame Boateng');
    const summary = page.getByRole('complementary').or(page.locator('.transfer-summary')).first();
    await expect(summary).toContainText(cedis(2.5));
    await expect(summary).toContainText(cedis(252.5));
    await expect(page.getByText('Amount after transfer')).toBeVisible();
    await expectNoViolations(page, 'send money, pay');
    const firstReference = await payAndReadReference(page);
    await expectNoViolations(page, 'send money, done');

    await page.getByRole('button', { name: 'View Receipt' }).click();
    const receipt = dialog(page, 'Transaction Details');
    await expect(receipt).toContainText(firstReference);
    await expect(receipt).toContainText('Kwame Boateng');
    await expectNoViolations(page, 'receipt');
    await receipt.getByRole('button', { name: 'Close' }).first().click();

    // Send Another: GH₵ 120 to the beneficiary whose number is another user's verified phone.
    await page.getByRole('button', { name: 'Send Another' }).click();
    await fillAmountPage(page, 120, 'Yaw Asante');
    const secondReference = await payAndReadReference(page);
    expect(secondReference).not.toBe(firstReference);
    expect(await walletAmountFromApi(request, receiver.session)).toBe(120);
    // 1,000 - 252.50 - 121.20
    expect(await walletAmountFromApi(request, session)).toBe(626.3);

    // Both transfers in the history, searchable, each opening 'Transaction Details'.
    await page.goto('/Dashboard/transactionHistory');
    const history = page.getByRole('table', { name: 'Your transfers, newest first' });
    await expect(history).toContainText(firstReference);
    await expect(history).toContainText(secondReference);
    await expect(history.getByText('Successful').first()).toBeVisible();
    await page.getByLabel('Search by sender, receiver or reference').fill('yaw');
    await expect(history).toContainText(secondReference);
    await expect(history).not.toContainText(firstReference);
    await page.getByRole('button', { name: `Open the receipt of ${secondReference}` }).click();
    await expect(dialog(page, 'Transaction Details')).toContainText('Yaw Asante');
    await expectNoViolations(page, 'transaction history receipt');
  });

  test('the new screens at 360 px', async ({ page, request }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    const { user } = await userWithWallet(request, 'sender', 100);
    await logIn(page, user);
    await page.goto('/Dashboard/beneficiaries');
    await page.getByRole('button', { name: 'Add Beneficiary' }).click();
    await expectNoViolations(page, 'add beneficiary at 360 px');
    await dialog(page, 'Add Beneficiary').getByRole('button', { name: 'Save' }).click();
    await expect(dialog(page, 'Add Beneficiary')).toContainText('Please fill out all required fields.');
    await expectNoViolations(page, 'add beneficiary with errors at 360 px');
    await page.goto('/SendMoney');
    await expect(page.getByRole('heading', { name: 'How much are you sending?' })).toBeVisible();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Please select a purpose of transfer.')).toBeVisible();
    await expectNoViolations(page, 'send money at 360 px');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
    await page.goto('/Dashboard/transactionHistory');
    await expect(page.getByText('No transactions yet')).toBeVisible();
    await expectNoViolations(page, 'transaction history at 360 px');
  });
});
