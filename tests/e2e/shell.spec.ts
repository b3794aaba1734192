import { expect, test } from '@playwright/test';
import { GUEST, signIn } from './helpers';

test('?lang=en switches the texts, and the choice stays', async ({ page }) => {
  await page.goto('/dashboard/login?lang=en');
  await expect(page).toHaveURL(/\/dashboard\/login$/);
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.getByLabel('E-mail').fill(GUEST.email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Password').fill(GUEST.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { name: 'My messages' })).toBeVisible();
  await page.getByRole('link', { name: 'To do list' }).click();
  await expect(page.getByRole('heading', { name: 'To do list' })).toBeVisible();
  // Switch back in the shell.
  await page.getByRole('link', { name: 'Svenska' }).first().click();
  await expect(page.getByRole('heading', { name: 'Att göra' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'sv');
});

test('an unknown path shows the Not found page', async ({ page }) => {
  const response = await page.goto('/dashboard/no-such-page/here');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Sidan hittades inte' })).toBeVisible();
});

test('the to-do badge drops after opening a news item', async ({ page }) => {
  await page.goto('/dashboard/login');
  await signIn(page, GUEST.email, GUEST.password);
  await expect(page).toHaveURL(/\/dashboard\/conversations$/);
  const badge = page.getByTestId('todo-badge');
  // Two unread news items and the demo guest's open booking offers (other tests may add offers).
  await expect(badge).toHaveText(/^\d+$/);
  const before = Number(await badge.textContent());
  expect(before).toBeGreaterThanOrEqual(2);
  await page.getByRole('link', { name: 'Att göra' }).click();
  await page.getByRole('link', { name: /Nyhet: Nu kan du få utbetalningar snabbare/ }).click();
  await expect(page.getByRole('heading', { name: 'Nu kan du få utbetalningar snabbare' })).toBeVisible();
  await expect(badge).toHaveText(String(before - 1));
  await page.getByRole('link', { name: 'Att göra' }).click();
  await expect(page.getByRole('link', { name: /Nu kan du få utbetalningar snabbare/ })).toContainText('Läst');
});

test('on a narrow screen the menu is a drawer behind a button', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/dashboard/login');
  await signIn(page, GUEST.email, GUEST.password);
  await expect(page).toHaveURL(/\/dashboard\/conversations$/);
  const drawer = page.locator('#side-menu');
  await expect(drawer).not.toBeInViewport();
  await page.getByRole('button', { name: 'Öppna menyn' }).click();
  await expect(drawer).toBeInViewport();
  await drawer.getByRole('link', { name: 'Nyheter' }).click();
  await expect(page.getByRole('heading', { name: 'Nyheter' })).toBeVisible();
  await expect(drawer).not.toBeInViewport();
});

test('change password: unsaved changes ask before leaving, wrong current password is refused', async ({ page }) => {
  await page.goto('/dashboard/login');
  await signIn(page, GUEST.email, GUEST.password);
  await expect(page).toHaveURL(/\/dashboard\/conversations$/);
  await page.goto('/dashboard/change-password');
  await expect(page.getByRole('heading', { name: 'Byt lösenord' })).toBeVisible();
  await page.getByLabel('Nuvarande lösenord').fill('not-my-password');
  await page.getByRole('link', { name: 'Att göra' }).click();
  const prompt = page.getByRole('dialog', { name: 'Osparade ändringar' });
  await expect(prompt).toContainText('Du har osparade ändringar på den här sidan.');
  await prompt.getByRole('button', { name: 'Stanna på sidan' }).click();
  await expect(page).toHaveURL(/\/dashboard\/change-password$/);
  await page.getByLabel('Nytt lösenord').fill('guest-new-1');
  await page.getByLabel('Upprepa det nya lösenordet').fill('guest-new-1');
  await page.getByRole('button', { name: 'Byt lösenord' }).click();
  await expect(page.getByTestId('snackbar')).toHaveText(/Lösenordet kunde inte ändras: Ditt nuvarande lösenord är felaktigt/);
  await page.getByRole('link', { name: 'Att göra' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Lämna sidan' }).click();
  await expect(page.getByRole('heading', { name: 'Att göra' })).toBeVisible();
});
