// Issue 10, treasure shop, gateway and game, as a new user tries it: the 6,500-gem pack chosen in /treasure-shop,
// the choice kept through a reload of /PaymentGateway, paid from the wallet there ('Pay with Wallet'), then /Game
// shows the new gem balance and the purchase; axe scans of the three screens at 360 px and desktop.
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, logIn, newUser, signUpThroughApi, test, type TestUser } from './support/app';
import {
  addGhanaCardThroughApi,
  apiLogIn,
  cardTopUpThroughApi,
  cedis,
  expectNoViolations,
  walletAmountFromApi,
  type ApiSession,
} from './support-wallet';

/** US dollars as the app shows them in English: '$49.99' (the sign on the number; only GH₵ takes a space). */
const dollars = (amount: string) => `$${amount}`;

/** A user with GH₵ `topUp` in the wallet (the top-up needs an identification; the shop itself does not). */
async function shopper(
  request: APIRequestContext,
  topUp: number,
): Promise<{ user: TestUser; session: ApiSession }> {
  const user = newUser('gems');
  await signUpThroughApi(request, user);
  const session = await apiLogIn(request, user);
  await addGhanaCardThroughApi(request, session);
  await cardTopUpThroughApi(request, session, topUp);
  return { user, session };
}

async function choosePack(page: Page, gems: string): Promise<void> {
  await page.goto('/treasure-shop');
  await expect(page.getByRole('heading', { level: 1, name: 'Treasure Shop' })).toBeVisible();
  await page.getByRole('radio', { name: gems }).check();
}

test.describe('treasure shop, gateway and game', () => {
  test('buys the 6,500-gem pack from the wallet through the gateway; /Game shows the gems and the purchase', async ({
    page,
    request,
  }) => {
    const { user, session } = await shopper(request, 700);
    await logIn(page, user);

    // Paying with no pack chosen says what is missing.
    await page.goto('/treasure-shop');
    await page.getByRole('button', { name: 'Pay with Wallet' }).click();
    await expect(page.getByRole('alert')).toHaveText('Please select a card before making a payment.');
    // The three packs of the spec, priced in GH₵ at the USD rate (0.08) and in dollars.
    await expect(page.getByText(`${cedis(249.88)} (${dollars('19.99')})`)).toBeVisible();
    await expect(page.getByText(`${cedis(1249.88)} (${dollars('99.99')})`)).toBeVisible();

    await choosePack(page, '6,500 gems');
    await page.getByRole('button', { name: 'Pay with Wallet' }).click();
    await expect(page).toHaveURL(/\/PaymentGateway$/);
    // The choice survives a reload on the way.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Payment gateway' })).toBeVisible();
    await expect(page.getByText('6,500 gems')).toBeVisible();
    await expect(page.getByText(dollars('49.99'))).toBeVisible();
    await expect(page.getByText(cedis(624.88)).first()).toBeVisible();
    // The user's details, without the ones the spec hides.
    await expect(page.getByText(user.email)).toBeVisible();
    await expect(page.getByText('totalBeneficiaries')).toHaveCount(0);

    await page.getByRole('button', { name: 'Pay with Wallet' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Payment successful!' })).toHaveText(
      'Payment successful! Thank you for your purchase.',
    );
    expect(await walletAmountFromApi(request, session)).toBe(75.12);
    await expect(page.getByRole('link', { name: 'Back to Treasure Shop' })).toBeVisible();

    await page.getByRole('link', { name: 'See my gems' }).click();
    await expect(page).toHaveURL(/\/Game$/);
    const balance = page.getByRole('region', { name: 'Your gems' });
    await expect(balance.getByText('6,500 gems')).toBeVisible();
    const purchases = page.getByRole('table', { name: 'Gem purchases' });
    await expect(purchases.getByRole('row')).toHaveCount(2);
    await expect(purchases.getByRole('cell', { name: cedis(624.88) })).toBeVisible();
    await expect(purchases.getByRole('cell', { name: dollars('49.99') })).toBeVisible();
  });

  for (const [label, size] of [
    ['360 px', { width: 360, height: 740 }],
    ['desktop', { width: 1280, height: 900 }],
  ] as const) {
    test(`the shop, the gateway and the game pass axe at ${label}`, async ({ page, request }) => {
      await page.setViewportSize(size);
      const { user } = await shopper(request, 300);
      await logIn(page, user);
      await choosePack(page, '2,500 gems');
      await expectNoViolations(page, `treasure shop at ${label}`);
      await page.getByRole('button', { name: 'Pay with Wallet' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Payment gateway' })).toBeVisible();
      await expect(page.getByText(cedis(249.88)).first()).toBeVisible();
      await expectNoViolations(page, `gateway at ${label}`);
      await page.getByRole('button', { name: 'Pay with Wallet' }).click();
      await expect(page.getByText('Payment successful! Thank you for your purchase.')).toBeVisible();
      await expectNoViolations(page, `gateway paid at ${label}`);
      await page.goto('/Game');
      // A table on a wide screen; cards on a phone, where nothing scrolls sideways.
      await expect(
        page.getByRole(size.width < 768 ? 'list' : 'table', { name: 'Gem purchases' }),
      ).toBeVisible();
      expect(
        await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        ),
      ).toBe(0);
      await expectNoViolations(page, `game at ${label}`);
    });
  }
});
