// Issue 3, the wallet: top-up by card (approved and declined) and by MoMo (approved on the phone), withdrawal to
// MoMo, the wallet history and the balance card, insufficient funds, and axe scans of the money screens. Each
// journey has its own user, whose Ghana Card is added through the API (adding one is identification.spec.ts's).
import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page, Request } from '@playwright/test';
import { expect, logIn, newUser, signUpThroughApi, test, type TestUser } from './support/app';
import {
  addGhanaCardThroughApi,
  apiLogIn,
  cardTopUpThroughApi,
  confirmReview,
  cedis,
  expectNoViolations,
  historyFromApi,
  momoWithdrawalThroughApi,
  walletAmountFromApi,
  type ApiSession,
} from './support-wallet';

const APPROVED_CARD = '4242424242424242';
const DECLINED_CARD = '4000000000000002';
const APPROVED_MOMO = '0241234567';
// The sandbox decides a MoMo request after SANDBOX_DECISION_MS (3 s by default) and the screen polls every 2 s.
const MOMO_DECISION_TIMEOUT = 20_000;

/** A new user with a Ghana Card on file, logged in through the screen. */
async function userWithIdentification(
  page: Page,
  request: APIRequestContext,
  label: string,
): Promise<{ user: TestUser; session: ApiSession }> {
  const user = newUser(label);
  await signUpThroughApi(request, user);
  const session = await apiLogIn(request, user);
  await addGhanaCardThroughApi(request, session);
  await logIn(page, user);
  return { user, session };
}

/** The dashboard's balance card. */
const balanceCard = (page: Page) => page.getByRole('region', { name: 'Available Balance' });

async function expectDashboardBalance(page: Page, amount: number): Promise<void> {
  await page.goto('/Dashboard');
  await expect(balanceCard(page)).toContainText(cedis(amount));
}

/** Every request the page sends to `path` (to prove that a refused form sends nothing). */
function recordRequests(page: Page, path: string): Request[] {
  const sent: Request[] = [];
  page.on('request', (request) => {
    if (request.url().includes(path)) sent.push(request);
  });
  return sent;
}

/** The card form, filled as a person types it. */
async function fillCardForm(page: Page, user: TestUser, cardNumber: string, amount: number): Promise<void> {
  await page.getByLabel('First name').fill(user.firstName);
  await page.getByLabel('Last name').fill(user.lastName);
  await page.getByLabel('Card number').pressSequentially(cardNumber);
  await page
    .getByLabel('Expiry (MM/YY)')
    .pressSequentially(`12${String(new Date().getUTCFullYear() + 3).slice(2)}`);
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Amount (GH₵)').fill(String(amount));
}

async function chooseTopUpGateway(page: Page, gateway: 'Card' | 'Bank' | 'MoMo'): Promise<void> {
  await expect(page.getByRole('heading', { name: 'How do you want to pay?' })).toBeVisible();
  await page.getByRole('radio', { name: gateway }).click();
  await expect(page.getByRole('heading', { level: 2, name: gateway })).toBeVisible();
}

async function chooseWithdrawalGateway(page: Page, gateway: 'Bank' | 'MoMo'): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Where should the money go?' })).toBeVisible();
  await page.getByRole('radio', { name: gateway }).click();
  await expect(page.getByRole('heading', { level: 2, name: gateway })).toBeVisible();
}

/** The step the wizard's stepper marks as the current one. */
const currentStep = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Steps' }).getByRole('listitem').filter({ hasText: name });

/** A MoMo top-up through the API, then waits until the sandbox has approved it. */
async function momoTopUpApprovedThroughApi(
  request: APIRequestContext,
  session: ApiSession,
  amount: number,
): Promise<string> {
  const auth = { Authorization: `Bearer ${session.token}` };
  const response = await request.post('/api/User/AddMOMOFundsToWallet', {
    headers: { ...auth, 'Idempotency-Key': randomUUID() },
    data: { userId: session.userId, amount, phone: APPROVED_MOMO, provider: 'MTN' },
  });
  expect(response.status(), await response.text()).toBe(202);
  const { referenceNumber } = ((await response.json()) as { data: { referenceNumber: string } }).data;
  await expect
    .poll(
      async () => {
        const operation = await request.get('/api/User/GetWalletOperation', {
          headers: auth,
          params: { referenceNumber },
        });
        return ((await operation.json()) as { data: { status: string } }).data.status;
      },
      { timeout: MOMO_DECISION_TIMEOUT },
    )
    .toBe('Successful');
  return referenceNumber;
}

test('top up by card: the number in groups of four, Processing..., Wallet Recharged; a declined card changes nothing', async ({
  page,
  request,
}) => {
  const { user, session } = await userWithIdentification(page, request, 'card');
  const amount = 100;

  await expect(balanceCard(page)).toContainText(cedis(0));
  await balanceCard(page).getByRole('link', { name: 'Add Cash' }).click();
  await expect(page).toHaveURL(/\/WalletTopUp$/i);
  await expect(page.getByRole('heading', { level: 1, name: 'Wallet Top Up' })).toBeVisible();
  await expect(currentStep(page, 'Details')).toHaveAttribute('aria-current', 'step');
  await chooseTopUpGateway(page, 'Card');

  const cardNumber = page.getByLabel('Card number');
  await cardNumber.pressSequentially('424242');
  await expect(cardNumber).toHaveValue('4242 42');
  await cardNumber.clear();
  await fillCardForm(page, user, APPROVED_CARD, amount);
  await expect(cardNumber).toHaveValue('4242 4242 4242 4242');

  // Hold the payment until 'Processing...' has been seen (a card is decided at once).
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/User/AddFundsToWallet', async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  // The review: nothing is charged before Confirm; the balance after is the balance plus the amount.
  await confirmReview(page, [`Amount${cedis(amount)}`, `Balance after${cedis(amount)}`]);
  const processing = page.getByRole('button', { name: 'Processing...' });
  await expect(processing).toBeVisible();
  await expect(processing).toHaveAttribute('aria-busy', 'true');
  release();

  await expect(page.getByRole('heading', { level: 2, name: 'Wallet Recharged' })).toBeVisible();
  await expect(currentStep(page, 'Done')).toHaveAttribute('aria-current', 'step');
  const [cardRow] = await historyFromApi(request, session);
  expect(cardRow?.status).toBe('Successful');
  const summary = page.locator('dl').filter({ hasText: 'Reference number' });
  await expect(summary).toContainText(`Reference number${cardRow!.referenceNumber}`);
  await expect(summary).toContainText(`Amount added${cedis(amount)}`);
  await expect(summary).toContainText(`New balance${cedis(amount)}`);
  await page.unroute('**/api/User/AddFundsToWallet');

  await page.getByRole('link', { name: 'Go to Dashboard' }).click();
  await expect(balanceCard(page)).toContainText(cedis(amount));

  // The declined test card: its message, no money taken, the balance as it was.
  await page.goto('/WalletTopUp');
  await chooseTopUpGateway(page, 'Card');
  await fillCardForm(page, user, DECLINED_CARD, 40);
  await expect(cardNumber).toHaveValue('4000 0000 0000 0002');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await confirmReview(page);
  await expect(
    page.getByRole('alert').filter({ hasText: 'Your card was declined. No money was taken.' }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Wallet Recharged' })).toHaveCount(0);
  expect(await walletAmountFromApi(request, session)).toBe(amount);
  await expectDashboardBalance(page, amount);
});

test('top up by MoMo: the screen waits for the approval on the phone, then Wallet Recharged', async ({
  page,
  request,
}) => {
  const { session } = await userWithIdentification(page, request, 'momo');
  const amount = 50;

  await page.goto('/WalletTopUp');
  await chooseTopUpGateway(page, 'MoMo');
  await page.getByLabel('Amount (GH₵)').fill(String(amount));
  await page.getByLabel('MoMo number').fill(APPROVED_MOMO);
  await expect(page.getByLabel('Network')).toHaveValue('MTN');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await confirmReview(page);

  await expect(page.getByRole('heading', { level: 2, name: 'Waiting for your approval' })).toBeVisible();
  await expect(
    page.getByText('Approve the payment request on your phone to finish. We are waiting for it.'),
  ).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Status: pending' })).toBeVisible();
  const waiting = page.locator('dl').filter({ hasText: 'Reference number' });
  await expect(waiting).toContainText(`Amount added${cedis(amount)}`);

  await expect(page.getByRole('heading', { level: 2, name: 'Wallet Recharged' })).toBeVisible({
    timeout: MOMO_DECISION_TIMEOUT,
  });
  const [row] = await historyFromApi(request, session);
  expect(row).toMatchObject({ kind: 'momo_top_up', status: 'Successful', actionType: 'Credit' });
  const summary = page.locator('dl').filter({ hasText: 'Reference number' });
  await expect(summary).toContainText(`Reference number${row!.referenceNumber}`);
  await expect(summary).toContainText(`New balance${cedis(amount)}`);
  await expectDashboardBalance(page, amount);
});

test('withdraw to MoMo in two steps, then every movement is in the wallet history and the balance is their sum', async ({
  page,
  request,
}) => {
  const { session } = await userWithIdentification(page, request, 'withdraw');
  // The movements before the withdrawal: three card top-ups, a declined card, a MoMo top-up.
  const cardTopUps = [100, 20, 5];
  const momoTopUp = 50;
  const withdrawal = 30;
  const references: string[] = [];
  references.push((await cardTopUpThroughApi(request, session, cardTopUps[0]!)).referenceNumber);
  const declined = await request.post('/api/User/AddFundsToWallet', {
    headers: { Authorization: `Bearer ${session.token}`, 'Idempotency-Key': randomUUID() },
    data: {
      userId: session.userId,
      amount: 40,
      firstName: 'Ama',
      lastName: 'Mensah',
      cardNumber: DECLINED_CARD,
      cvv: '123',
      expiryMonth: 12,
      expiryYear: new Date().getUTCFullYear() + 3,
    },
  });
  expect(declined.status(), await declined.text()).toBe(402);
  references.push(await momoTopUpApprovedThroughApi(request, session, momoTopUp));
  for (const amount of cardTopUps.slice(1)) {
    references.push((await cardTopUpThroughApi(request, session, amount)).referenceNumber);
  }
  const before = cardTopUps.reduce((sum, amount) => sum + amount, 0) + momoTopUp;
  const expected = before - withdrawal;

  await page.goto('/Dashboard');
  await expect(balanceCard(page)).toContainText(cedis(before));
  await page
    .getByRole('navigation', { name: 'My Account' })
    .getByRole('link', { name: 'Withdraw Funds' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Withdraw Funds' })).toBeVisible();
  await expect(currentStep(page, 'Select a Gateway')).toHaveAttribute('aria-current', 'step');
  await expect(page.getByText(`Available: ${cedis(before)}`)).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Bank' })).toBeVisible();
  await chooseWithdrawalGateway(page, 'MoMo');
  await expect(currentStep(page, 'Details')).toHaveAttribute('aria-current', 'step');

  const momoNumber = page.getByLabel('MoMo Mobile Number');
  await expect(momoNumber).toHaveAttribute('placeholder', 'Enter MoMo number');
  await expect(momoNumber).toHaveAccessibleDescription(/Enter your mobile number here/);
  await page.getByLabel('Amount', { exact: true }).fill(String(withdrawal));
  await momoNumber.fill(APPROVED_MOMO);
  await page.getByRole('button', { name: 'Withdraw Funds' }).click();
  await confirmReview(page, [`Amount${cedis(withdrawal)}`, `Balance after${cedis(expected)}`]);
  await expect(page.getByRole('button', { name: 'Processing...' })).toBeVisible();

  const success = page.getByRole('dialog', { name: 'Success' });
  await expect(success).toBeVisible({ timeout: MOMO_DECISION_TIMEOUT });
  await expect(success).toContainText('Withdrawal Successful');
  await success.getByRole('button', { name: 'Close' }).click();
  await expect(success).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 2, name: 'Withdrawal Successful' })).toBeVisible();
  await expect(currentStep(page, 'Done')).toHaveAttribute('aria-current', 'step');
  await expect(page.getByText(`Available: ${cedis(expected)}`)).toBeVisible();
  const withdrawalReference = (await page
    .locator('dl')
    .filter({ hasText: 'Reference number' })
    .locator('dd .reference-text')
    .textContent())!;
  expect(withdrawalReference).toMatch(/\S/);

  // The wallet history: newest first, five per page.
  await page.goto('/Dashboard/walletHistory');
  await expect(page.getByRole('heading', { name: 'Wallet History' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Movements of your wallet, newest first' });
  const rows = table.getByRole('row').filter({ hasNot: page.getByRole('columnheader') });
  await expect(rows).toHaveCount(5);
  await expect(page.getByText('Showing 1-5 of 6')).toBeVisible();
  const pager = page.getByRole('navigation', { name: 'Pages' });
  await expect(pager.getByRole('button', { name: 'Previous' })).toBeDisabled();

  const row = (reference: string) => table.getByRole('row').filter({ hasText: reference });
  const newestFirst = [withdrawalReference, ...[...references].reverse()];
  // Page 1: the withdrawal, the last two card top-ups, the MoMo top-up, and the declined card.
  await expect(rows.nth(0)).toContainText(withdrawalReference);
  await expect(row(withdrawalReference)).toContainText('Debit');
  await expect(row(withdrawalReference)).toContainText('↓');
  await expect(row(withdrawalReference)).toContainText(cedis(withdrawal));
  await expect(row(withdrawalReference)).toContainText('Withdrawal to MoMo');
  await expect(row(withdrawalReference)).toContainText('Successful');
  await expect(row(withdrawalReference).getByText('↓')).toHaveCSS('color', 'rgb(176, 0, 32)');
  for (const [index, reference] of newestFirst.slice(1, 4).entries()) {
    await expect(rows.nth(index + 1)).toContainText(reference);
    await expect(row(reference)).toContainText('Credit');
    await expect(row(reference)).toContainText('↑');
    await expect(row(reference)).toContainText('Successful');
    await expect(row(reference).getByText('↑')).toHaveCSS('color', 'rgb(11, 107, 58)');
  }
  await expect(row(references[3]!)).toContainText(cedis(cardTopUps[2]!));
  await expect(row(references[2]!)).toContainText(cedis(cardTopUps[1]!));
  await expect(row(references[1]!)).toContainText(cedis(momoTopUp));
  await expect(row(references[1]!)).toContainText('Top-up by MoMo');
  const failed = rows.nth(4);
  await expect(failed).toContainText('Failed');
  await expect(failed).toContainText('Top-up by card');
  await expect(failed).toContainText(cedis(40));

  // Page 2: the first card top-up.
  await pager.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Showing 6-6 of 6')).toBeVisible();
  await expect(rows).toHaveCount(1);
  await expect(rows.nth(0)).toContainText(references[0]!);
  await expect(rows.nth(0)).toContainText('Credit');
  await expect(rows.nth(0)).toContainText(cedis(cardTopUps[0]!));
  await expect(rows.nth(0)).toContainText('Top-up by card');
  await expect(pager.getByRole('button', { name: 'Next' })).toBeDisabled();
  await pager.getByRole('button', { name: 'Previous' }).click();
  await expect(page.getByText('Showing 1-5 of 6')).toBeVisible();

  // The balance card is the sum of the successful movements.
  expect(await walletAmountFromApi(request, session)).toBe(expected);
  await expectDashboardBalance(page, expected);
  const recent = page.getByRole('region', { name: 'Recent Activity' });
  await expect(recent).toContainText('Withdrawal to MoMo');
  await expect(recent.getByRole('link', { name: 'View wallet history' })).toBeVisible();
});

test('a withdrawal above the balance says Insufficient funds and changes nothing', async ({
  page,
  request,
}) => {
  const { session } = await userWithIdentification(page, request, 'insufficient');
  const balance = 50;
  await cardTopUpThroughApi(request, session, balance);
  const withdrawals = recordRequests(page, '/api/Transaction/WithDrawalMoney');

  await page.goto('/Withdrawal');
  await chooseWithdrawalGateway(page, 'MoMo');
  await expect(page.getByText(`Available: ${cedis(balance)}`)).toBeVisible();
  await page.getByLabel('Amount', { exact: true }).fill(String(balance + 30));
  await page.getByLabel('MoMo Mobile Number').fill(APPROVED_MOMO);
  await page.getByRole('button', { name: 'Withdraw Funds' }).click();
  await expect(page.getByText('Insufficient funds')).toBeVisible();
  await expect(page.getByLabel('Amount', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('dialog', { name: 'Success' })).toHaveCount(0);
  expect(withdrawals, 'a withdrawal above the balance is refused before it is sent').toHaveLength(0);

  // The server checks too: the balance shrank elsewhere (another device) while this form was open.
  const elsewhere = 40;
  await momoWithdrawalThroughApi(request, session, elsewhere);
  await page.getByLabel('Amount', { exact: true }).fill('30');
  await expect(page.getByText('Insufficient funds')).toHaveCount(0);
  const answer = page.waitForResponse((response) =>
    response.url().includes('/api/Transaction/WithDrawalMoney'),
  );
  await page.getByRole('button', { name: 'Withdraw Funds' }).click();
  await confirmReview(page);
  expect((await answer).status()).toBe(400);
  await expect(page.getByText('Insufficient funds')).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Success' })).toHaveCount(0);
  expect(withdrawals).toHaveLength(1);

  // Nothing changed: only the top-up and the other device's withdrawal are on file.
  expect(await walletAmountFromApi(request, session)).toBe(balance - elsewhere);
  const history = await historyFromApi(request, session);
  expect(history.map((movement) => movement.kind)).toEqual(['momo_withdrawal', 'card_top_up']);
  await expectDashboardBalance(page, balance - elsewhere);
});

test('at 360 px the done screen keeps its figures inside the card and the whole reference in its box, with Copy (issue 23)', async ({
  page,
  context,
  request,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.setViewportSize({ width: 360, height: 780 });
  const { user, session } = await userWithIdentification(page, request, 'reference-box');
  await page.goto('/WalletTopUp');
  await chooseTopUpGateway(page, 'Card');
  await fillCardForm(page, user, APPROVED_CARD, 2_999);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await confirmReview(page, [`Amount${cedis(2_999)}`, `Balance after${cedis(2_999)}`]);
  await expect(page.getByRole('heading', { level: 2, name: 'Wallet Recharged' })).toBeVisible();
  const [row] = await historyFromApi(request, session);

  const card = await page.locator('.wizard > .card').boundingBox();
  const box = page.locator('.reference-box');
  const text = box.locator('.reference-text');
  // The whole reference, shown in full: nothing clipped or scrolled out of its box.
  await expect(text).toHaveText(row!.referenceNumber);
  await expect(text).toBeVisible();
  expect(await text.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);
  // The box and every figure stay inside the card, clear of its border.
  const inside = async (
    what: string,
    element: { boundingBox: () => Promise<{ x: number; width: number } | null> },
  ) => {
    const rect = (await element.boundingBox())!;
    expect(rect.x, `${what} starts inside the card`).toBeGreaterThanOrEqual(card!.x);
    expect(rect.x + rect.width, `${what} ends inside the card`).toBeLessThanOrEqual(
      card!.x + card!.width - 1,
    );
  };
  await inside('the reference box', box);
  for (const figure of await page.locator('.summary dd').all()) await inside('a figure', figure);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // Copy puts it on the clipboard and says so (a live region).
  await box.getByRole('button', { name: 'Copy' }).click();
  await expect(box.locator('.reference-copied')).toHaveText('Copied');
  await expect(box.locator('.reference-copied')).toHaveAttribute('aria-live', 'polite');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(row!.referenceNumber);
});

test.describe('axe scans', () => {
  test('top-up: gateway choice, card form (empty and with errors), MoMo waiting and Wallet Recharged', async ({
    page,
    request,
  }) => {
    await userWithIdentification(page, request, 'axe-top-up');
    await page.goto('/WalletTopUp');
    await expect(page.getByRole('heading', { name: 'How do you want to pay?' })).toBeVisible();
    await expectNoViolations(page, 'top-up: gateway choice');

    await chooseTopUpGateway(page, 'Card');
    await expectNoViolations(page, 'top-up: card form');
    await page.getByLabel('Card number').pressSequentially('1234');
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(page.getByLabel('Card number')).toHaveAttribute('aria-invalid', 'true');
    await expectNoViolations(page, 'top-up: card form with errors');

    await page.getByRole('button', { name: 'Change payment method' }).click();
    await chooseTopUpGateway(page, 'MoMo');
    await expectNoViolations(page, 'top-up: MoMo form');
    await page.getByLabel('Amount (GH₵)').fill('5');
    await page.getByLabel('MoMo number').fill(APPROVED_MOMO);
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Check and confirm' })).toBeVisible();
    await expectNoViolations(page, 'top-up: the review');
    await confirmReview(page);
    await expect(page.getByRole('heading', { name: 'Waiting for your approval' })).toBeVisible();
    await expectNoViolations(page, 'top-up: waiting for the MoMo approval');
    await expect(page.getByRole('heading', { name: 'Wallet Recharged' })).toBeVisible({
      timeout: MOMO_DECISION_TIMEOUT,
    });
    await expectNoViolations(page, 'top-up: Wallet Recharged');
  });

  test('withdrawal: gateway choice, MoMo form (empty and with errors), Success dialog', async ({
    page,
    request,
  }) => {
    const { session } = await userWithIdentification(page, request, 'axe-withdrawal');
    await cardTopUpThroughApi(request, session, 20);
    await page.goto('/Withdrawal');
    await expect(page.getByRole('heading', { name: 'Where should the money go?' })).toBeVisible();
    await expectNoViolations(page, 'withdrawal: gateway choice');

    await chooseWithdrawalGateway(page, 'MoMo');
    await expectNoViolations(page, 'withdrawal: MoMo form');
    await page.getByLabel('Amount', { exact: true }).fill('500');
    await page.getByLabel('MoMo Mobile Number').fill('12');
    await page.getByRole('button', { name: 'Withdraw Funds' }).click();
    await expect(page.getByText('Insufficient funds')).toBeVisible();
    await expectNoViolations(page, 'withdrawal: MoMo form with errors');

    // GH₵ 10, the smallest MoMo withdrawal (issue 21).
    await page.getByLabel('Amount', { exact: true }).fill('10');
    await page.getByLabel('MoMo Mobile Number').fill(APPROVED_MOMO);
    await page.getByRole('button', { name: 'Withdraw Funds' }).click();
    await expect(page.getByRole('heading', { name: 'Check and confirm' })).toBeVisible();
    await expectNoViolations(page, 'withdrawal: the review');
    await confirmReview(page);
    await expect(page.getByRole('dialog', { name: 'Success' })).toBeVisible({
      timeout: MOMO_DECISION_TIMEOUT,
    });
    await expectNoViolations(page, 'withdrawal: Success dialog');
  });

  test('wallet history, empty and with movements', async ({ page, request }) => {
    const { session } = await userWithIdentification(page, request, 'axe-history');
    await page.goto('/Dashboard/walletHistory');
    await expect(page.getByText('No history to show')).toBeVisible();
    await expectNoViolations(page, 'wallet history (empty)');

    for (const amount of [10, 20, 30, 40, 50, 60]) await cardTopUpThroughApi(request, session, amount);
    await momoWithdrawalThroughApi(request, session, 15);
    await page.reload();
    await expect(page.getByText('Showing 1-5 of 7')).toBeVisible();
    await expectNoViolations(page, 'wallet history (a pending withdrawal and top-ups)');
    await page.getByRole('button', { name: 'Show: Wallet' }).click();
    await expect(page.getByRole('link', { name: 'Billing History' })).toBeVisible();
    await expectNoViolations(page, 'wallet history with the Filter menu open');
  });

  test('wallet history on a phone: a list of cards, nothing scrolls sideways', async ({ page, request }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    const { session } = await userWithIdentification(page, request, 'phone-history');
    await cardTopUpThroughApi(request, session, 25);
    await momoWithdrawalThroughApi(request, session, 10);
    await page.goto('/Dashboard/walletHistory');
    await expect(page.getByText('Showing 1-2 of 2')).toBeVisible();
    const pageOverflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(pageOverflow).toBeLessThanOrEqual(0);
    // Issue 12: below the breakpoint the movements are cards (tables on wide screens).
    const cards = page.getByRole('list', { name: 'Movements of your wallet, newest first' });
    await expect(cards.getByRole('listitem')).toHaveCount(2);
    await expect(page.getByRole('table')).toHaveCount(0);
    await expectNoViolations(page, 'wallet history on a phone');
  });
});
