// Issue 24: a Minimum user refused by the daily limit, upgraded to Medium by verifying the Ghana Card against the
// sandbox register (numbers not starting 0000, 9999 or 8888 match), then paying, on a 360 px screen, with axe scans
// of the Upgrade account page before and after.
import { expect, logIn, newUser, signUpThroughApi, test } from './support/app';
import {
  addGhanaCardThroughApi,
  apiLogIn,
  cardTopUpThroughApi,
  cedis,
  expectNoViolations,
  momoWithdrawalThroughApi,
  uniqueIdNumber,
  withdrawToMomo,
} from './support-wallet';

const MOMO_DECISION_TIMEOUT = 20_000;

test('a Minimum user is refused over the daily limit, verifies the Ghana Card, and pays (360 px)', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 360, height: 740 });
  const user = newUser('upgrade');
  await signUpThroughApi(request, user);
  const session = await apiLogIn(request, user);
  // The sandbox register holds a number starting 5555 under the account holder's name.
  const cardNumber = await addGhanaCardThroughApi(request, session, `5555${uniqueIdNumber().slice(4)}`);
  await cardTopUpThroughApi(request, session, 4_000);
  // GH₵ 2,000 out today: GH₵ 1,000 of the Minimum tier's GH₵ 3,000 is left.
  await momoWithdrawalThroughApi(request, session, 2_000);
  await logIn(page, user);

  // The balance card's Upgrade account opens the page.
  await page.goto('/Dashboard');
  await page
    .getByRole('region', { name: 'Available Balance' })
    .getByRole('link', { name: 'Upgrade account' })
    .click();
  await expect(page).toHaveURL(/\/Dashboard\/upgrade$/);
  await expect(page.getByRole('heading', { name: 'Your account tier: Minimum' })).toBeVisible();
  await expect(page.getByRole('meter', { name: 'Sent today' })).toHaveAttribute(
    'aria-valuetext',
    /^GH₵\s2,000\.00 of GH₵\s3,000\.00$/,
  );

  // GH₵ 1,100 more today is over the daily limit: refused where the amount is entered, with the way up.
  await withdrawToMomo(page, 1_100);
  await expect(
    page.getByText(
      `This is over your daily limit of ${cedis(3_000)}: ${cedis(1_000)} is left today. Upgrade your account to send more.`,
    ),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Upgrade your account' }).click();
  await expect(page.getByRole('heading', { name: 'Your account tier: Minimum' })).toBeVisible();
  await expectNoViolations(page, 'the Upgrade account page at the Minimum tier, 360 px');

  // The Ghana Card on file, checked against the register: Medium at once.
  const step = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Verify your Ghana Card' }) });
  await expect(step.getByLabel('Ghana Card on file')).toHaveValue(/\d+/);
  await expect(step.getByRole('option', { name: `Ghana Card ${cardNumber}` })).toHaveCount(1);
  await step.getByRole('button', { name: 'Verify Ghana Card' }).click();
  await expect(page.getByRole('heading', { name: 'Your account tier: Medium' })).toBeVisible();
  await expect(page.getByText('Your Ghana Card is verified.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Next tier: Enhanced' })).toBeVisible();
  await expectNoViolations(page, 'the Upgrade account page at the Medium tier, 360 px');

  // The same withdrawal now goes through.
  await withdrawToMomo(page, 1_100);
  const success = page.getByRole('dialog', { name: 'Success' });
  await expect(success).toBeVisible({ timeout: MOMO_DECISION_TIMEOUT });
  await expect(success).toContainText('Withdrawal Successful');
});
