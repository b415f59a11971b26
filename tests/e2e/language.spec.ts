// i18n: the Language select switches the screens to French (catalog loaded on demand) and the choice is kept.
import { expect, test } from './support/app';

test('choosing Français translates the log-in screen and survives a reload', async ({ page }) => {
  await page.goto('/LogIn');
  await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', /^en/);

  await page.getByLabel('Language').selectOption({ label: 'Français' });
  await expect(page.getByRole('heading', { level: 1, name: 'Connexion' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByLabel('Langue')).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Connexion' })).toBeVisible();

  await page.getByLabel('Langue').selectOption({ label: 'English' });
  await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
});
