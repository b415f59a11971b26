// Issue 3, identification: the identity gate on the money screens, adding a Ghana Card with its photo (upload
// progress, preview, 'Add Now'), the card shown with its barcode, the 5 MB limit, and axe scans of the screens.
import type { Page, Request } from '@playwright/test';
import { expect, logIn, newUser, signUpThroughApi, test } from './support/app';
import {
  addGhanaCardThroughApi,
  apiLogIn,
  expectNoViolations,
  ID_IMAGE_PNG,
  uniqueIdNumber,
  writeOversizedPng,
} from './support-wallet';

const GATE_NOTICE = 'Please add your identification to continue to this page';

/** Every upload of an ID image the page sends (to prove a refused image is never sent). */
function recordUploads(page: Page): Request[] {
  const uploads: Request[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/Transaction/UploadIdentificationImage')) uploads.push(request);
  });
  return uploads;
}

/** A calendar date as the Ghana Card shows it in English (en-GH, medium). */
const cardDate = (year: number, month: number, day: number): string =>
  new Intl.DateTimeFormat('en-GH', { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month - 1, day)),
  );

async function openAddIdentification(page: Page): Promise<void> {
  await page.goto('/Dashboard/myIdentifications');
  await expect(page.getByRole('heading', { level: 2, name: 'My Identification' })).toBeVisible();
  await page.getByRole('button', { name: '+ Add Identification' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Add Identification' })).toBeVisible();
  await expect(
    page.getByLabel('Identification type').locator('option', { hasText: 'Ghana Card' }),
  ).toHaveCount(1);
}

test('without an identification, the money screens ask for one and link to My Identification', async ({
  page,
  request,
}) => {
  const user = newUser('id-gate');
  await signUpThroughApi(request, user);
  await logIn(page, user);

  for (const [path, title] of [
    ['/WalletTopUp', 'Wallet Top Up'],
    ['/Dashboard/walletTopUp', 'Wallet Top Up'],
    ['/Withdrawal', 'Withdraw Funds'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    const notice = page.getByRole('status').filter({ hasText: GATE_NOTICE });
    await expect(notice).toBeVisible();
    await expect(notice.getByRole('link', { name: 'Click here' })).toHaveAttribute(
      'href',
      '/Dashboard/myIdentifications',
    );
    // The screen itself is not there behind the notice.
    await expect(page.getByRole('radio')).toHaveCount(0);
  }

  // Sent by a money page, the Add Identification form opens at once (issue 23); Cancel shows the list.
  await page.getByRole('link', { name: 'Click here' }).click();
  await expect(page).toHaveURL(/\/Dashboard\/myIdentifications$/i);
  await expect(page.getByRole('heading', { level: 2, name: 'Add Identification' })).toBeVisible();
  await page.getByRole('button', { name: 'Back to my identifications' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'My Identification' })).toBeVisible();
  await expect(page.getByRole('button', { name: '+ Add Identification' })).toBeVisible();
});

test('a user adds a Ghana Card with its photo and sees it with its barcode; an image over 5 MB is refused', async ({
  page,
  request,
}) => {
  const user = newUser('id-add');
  await signUpThroughApi(request, user);
  await logIn(page, user);
  const uploads = recordUploads(page);

  await page
    .getByRole('navigation', { name: 'My Account' })
    .getByRole('link', { name: 'My Identification' })
    .click();
  await expect(page.getByRole('heading', { level: 2, name: 'My Identification' })).toBeVisible();
  await page.getByRole('button', { name: '+ Add Identification' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Add Identification' })).toBeVisible();

  const number = uniqueIdNumber();
  const year = new Date().getUTCFullYear();
  const issued = { year: year - 2, month: 3, day: 15 };
  const expiry = { year: year + 8, month: 3, day: 14 };

  await page.getByLabel('Identification type').selectOption({ label: 'Ghana Card' });
  // Digits only, ten at most: what is not a digit is not kept as it is typed.
  await page.getByLabel('ID number').pressSequentially(`a-${number}9`);
  await expect(page.getByLabel('ID number')).toHaveValue(number);

  // The expiry stays closed until the issue date is complete.
  await expect(page.getByLabel('Expiry year')).toBeDisabled();
  await page.getByLabel('Issue day').selectOption(String(issued.day));
  await page.getByLabel('Issue month').selectOption(String(issued.month));
  await expect(page.getByLabel('Expiry year')).toBeDisabled();
  await page.getByLabel('Issue year').selectOption(String(issued.year));
  await expect(page.getByLabel('Expiry year')).toBeEnabled();
  await page.getByLabel('Expiry year').selectOption(String(expiry.year));
  await page.getByLabel('Expiry month').selectOption(String(expiry.month));
  await page.getByLabel('Expiry day').selectOption(String(expiry.day));

  // Over 5 MB: refused at once, nothing is sent.
  const imageInput = page.getByLabel('ID image');
  const oversized = await writeOversizedPng();
  try {
    await imageInput.setInputFiles(oversized.file);
  } finally {
    await oversized.remove();
  }
  await expect(page.getByText('Image size too large')).toBeVisible();
  await expect(imageInput).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('progressbar', { name: 'Upload progress' })).toHaveCount(0);
  expect(uploads, 'an image over 5 MB must not be uploaded').toHaveLength(0);

  // A real PNG: uploaded with its progress bar, previewed, removable.
  await imageInput.setInputFiles(ID_IMAGE_PNG);
  const progress = page.getByRole('progressbar', { name: 'Upload progress' });
  await expect(progress).toBeVisible();
  await expect(progress).toHaveJSProperty('value', 100);
  await expect(page.getByText('id-card.png is uploaded.')).toBeVisible();
  await expect(page.getByText('Image size too large')).toHaveCount(0);
  const preview = page.getByRole('img', { name: 'Preview of id-card.png' });
  await expect(preview).toBeVisible();
  await expect(preview).toHaveJSProperty('naturalWidth', 240);
  await expect(page.getByRole('button', { name: 'Remove image' })).toBeVisible();
  expect(uploads).toHaveLength(1);

  await page.getByRole('button', { name: 'Add Now' }).click();
  await expect(page.getByText('Identification added successfully!')).toBeVisible();
  // /Dashboard, whose home is /Dashboard/transactionHistory.
  await expect(page).toHaveURL(/\/Dashboard(\/transactionHistory)?$/i);
  await expect(page.getByRole('heading', { name: `Welcome, ${user.firstName}` })).toBeVisible();

  await page
    .getByRole('navigation', { name: 'My Account' })
    .getByRole('link', { name: 'My Identification' })
    .click();
  await expect(page.getByRole('heading', { level: 2, name: 'My Identification' })).toBeVisible();
  const card = page.getByRole('article', { name: `Ghana Card ${number}` });
  await expect(card).toBeVisible();
  await expect(card.getByRole('heading', { name: 'Ghana Card' })).toBeVisible();
  await expect(card).toContainText(number);
  await expect(card).toContainText(`${user.firstName} ${user.lastName}`);
  await expect(card).toContainText(cardDate(issued.year, issued.month, issued.day));
  await expect(card).toContainText(cardDate(expiry.year, expiry.month, expiry.day));
  const barcode = card.getByRole('img', { name: `Barcode of ID number ${number}` });
  await expect(barcode).toBeVisible();
  await expect(barcode.locator('svg')).toHaveCount(1);
  await expect(barcode.locator('svg rect').first()).toBeAttached();
  const photo = card.getByRole('img', { name: `ID photo of ${user.firstName} ${user.lastName}` });
  await expect(photo).toBeVisible();
  await expect(photo).toHaveJSProperty('naturalWidth', 240);
  await expect(page.getByRole('button', { name: '+ Add Identification' })).toHaveCount(0);

  // The money screens open now, without logging in again.
  await page
    .getByRole('navigation', { name: 'My Account' })
    .getByRole('link', { name: 'Wallet Top Up' })
    .click();
  await expect(page.getByRole('radio', { name: 'Card' })).toBeVisible();
  await expect(page.getByText(GATE_NOTICE)).toHaveCount(0);
});

test.describe('axe scans', () => {
  test('identifications panel, empty and with a Ghana Card', async ({ page, request }) => {
    const user = newUser('axe-ids');
    await signUpThroughApi(request, user);
    await logIn(page, user);
    await page.goto('/Dashboard/myIdentifications');
    await expect(page.getByRole('button', { name: '+ Add Identification' })).toBeVisible();
    await expectNoViolations(page, 'identifications panel (none yet)');

    const number = await addGhanaCardThroughApi(request, await apiLogIn(request, user));
    await page.reload();
    const card = page.getByRole('article', { name: `Ghana Card ${number}` });
    await expect(card.getByRole('img', { name: `Barcode of ID number ${number}` })).toBeVisible();
    await expect(card.getByRole('img', { name: /^ID photo of / })).toBeVisible();
    await expectNoViolations(page, 'identifications panel (a Ghana Card)');
  });

  test('Add Identification form: empty, with every error, and with an uploaded image', async ({
    page,
    request,
  }) => {
    const user = newUser('axe-add-id');
    await signUpThroughApi(request, user);
    await logIn(page, user);
    await openAddIdentification(page);
    await expectNoViolations(page, 'Add Identification (empty)');

    await page.getByLabel('ID number').fill('123');
    await page.getByRole('button', { name: 'Add Now' }).click();
    await expect(page.getByLabel('ID number')).toHaveAttribute('aria-invalid', 'true');
    await expectNoViolations(page, 'Add Identification (with errors)');

    await page.getByLabel('ID image').setInputFiles(ID_IMAGE_PNG);
    await expect(page.getByText('id-card.png is uploaded.')).toBeVisible();
    await expectNoViolations(page, 'Add Identification (image uploaded)');
  });
});
