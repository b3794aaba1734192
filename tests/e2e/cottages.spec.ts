import { expect, test, type Page } from '@playwright/test';
import { ADMIN, GUEST, HOST, signIn } from './helpers';
import sharp from 'sharp';
import { addImage, fillCalendar, fillPosition, fillText, jpeg, saveStep as save, verifyWithBankId } from './ad-steps';

async function signedIn(page: Page, who: { email: string; password: string }) {
  await page.goto('/dashboard/login');
  await signIn(page, who.email, who.password);
  await expect(page).toHaveURL(/\/dashboard\/conversations$/);
}

test('a host creates an ad from scratch through every step until Continue is enabled', async ({ page }) => {
  await signedIn(page, HOST);
  await page.getByRole('link', { name: 'Mina annonser' }).click();
  // The demo host has a fixed-price ad, so the create button leads to the fixed-price variant.
  await page.getByRole('link', { name: 'Skapa ny annons' }).click();
  await expect(page).toHaveURL(/\/dashboard\/cottages\/new\/fixed$/);
  await page.getByRole('button', { name: 'Skapa annons' }).click();
  await expect(page).toHaveURL(/\/dashboard\/cottages\/\d+\/base$/);
  const editor = page.url().replace(/\/base$/, '');

  // Base: validation first, then the facts.
  await page.getByRole('dialog').getByRole('button', { name: 'Spara' }).click();
  await expect(page.getByRole('dialog').getByText('Måste fyllas i').first()).toBeVisible();
  await page.getByLabel('Yta (m²)').fill('0');
  await page.getByRole('dialog').getByRole('button', { name: 'Spara' }).click();
  await expect(page.getByRole('dialog').getByText('Ange ett tal från 1 till 10000')).toBeVisible();
  await page.getByLabel('Yta (m²)').fill('54');
  await page.getByLabel('Bäddar', { exact: true }).fill('4');
  await save(page);
  await expect(page.getByTestId('step-base')).toHaveAttribute('data-done', 'true');
  await expect(page.getByRole('button', { name: 'Fortsätt' })).toBeDisabled();

  await fillText(page, 'Stuga vid Siljan');
  await fillPosition(page, false);

  await page.getByRole('link', { name: 'Plats', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Spara' }).click();
  await expect(page.getByRole('dialog').getByText('Lägg till minst 1 ort')).toBeVisible();
  await page.getByLabel('Lägg till ort').selectOption({ label: 'Rättvik' });
  await save(page);

  await fillCalendar(page);
  await addImage(page);
  await verifyWithBankId(page, editor, 'Karin Lindqvist');

  for (const step of ['base', 'text', 'position', 'location', 'calendar', 'images', 'verify']) {
    await expect(page.getByTestId(`step-${step}`)).toHaveAttribute('data-done', 'true');
  }
  await expect(page.getByRole('link', { name: 'Fortsätt' })).toBeVisible();
  await expect(page.getByText('När du är klar med din annons klickar du bara på Fortsätt')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Förhandsgranska' })).toBeVisible();
});

test('the calendar is edited by keyboard, shows the state colours and keeps them', async ({ page }) => {
  await signedIn(page, HOST);
  await page.goto('/dashboard/cottages/3/calendar');
  await page.getByText('Ej tillgänglig', { exact: true }).click();
  const start = page.locator('[data-day][tabindex="0"]');
  const day = await start.getAttribute('data-day');
  await start.focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  const chosen = page.locator(`[data-day="${day}"]`);
  await expect(chosen).toHaveAttribute('data-state', '2');
  await expect(chosen).toHaveClass(/bg-gray-600/);
  await save(page);
  await page.goto('/dashboard/cottages/3/calendar');
  await expect(page.locator(`[data-day="${day}"]`)).toHaveAttribute('data-state', '2');
});

test('images are uploaded, a small one refused, and reordered', async ({ page }) => {
  await signedIn(page, HOST);
  await page.goto('/dashboard/cottages/1/images');
  await page.getByTestId('image-input').setInputFiles([
    { name: 'first.jpg', mimeType: 'image/jpeg', buffer: await jpeg(700, 700, '#335577') },
    { name: 'second.jpg', mimeType: 'image/jpeg', buffer: await jpeg(800, 600, '#775533') },
    {
      name: 'tiny.png',
      mimeType: 'image/png',
      buffer: await sharp({ create: { width: 400, height: 400, channels: 3, background: '#000' } })
        .png()
        .toBuffer(),
    },
  ]);
  await expect(page.getByTestId('image-card')).toHaveCount(2);
  await expect(page.getByTestId('snackbar')).toContainText('tiny.png');
  const before = await page.getByTestId('image-card').evaluateAll((cards) => cards.map((c) => c.getAttribute('data-filename')));
  // The new order shows at once and is saved behind it: reload only once the save has answered.
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/cottages/1/images_reorder') && r.request().method() === 'PUT');
  await page.getByRole('button', { name: 'Flytta bild 2 tidigare' }).click();
  await expect.poll(() => page.getByTestId('image-card').evaluateAll((cards) => cards.map((c) => c.getAttribute('data-filename')))).toEqual([before[1], before[0]]);
  expect((await saved).ok()).toBe(true);
  await page.goto('/dashboard/cottages/1/images');
  await expect.poll(() => page.getByTestId('image-card').evaluateAll((cards) => cards.map((c) => c.getAttribute('data-filename')))).toEqual([before[1], before[0]]);
  // Deleting asks first, inside the dialog.
  await page.getByRole('button', { name: 'Ta bort bilden' }).first().click();
  await page.getByRole('alertdialog', { name: 'Ta bort bilden' }).getByRole('button', { name: 'Ta bort' }).click();
  await expect(page.getByTestId('image-card')).toHaveCount(1);
  await expect(page.getByTestId('image-card')).toHaveAttribute('data-filename', before[0]!);
});

test('an administrator approves an ad sent for review and it appears on its public page', async ({ page, browser }) => {
  const visitor = await browser.newPage();
  expect((await visitor.goto('/sv/stuga/2'))?.status()).toBe(404);
  await signedIn(page, ADMIN);
  await page.goto('/sv/stuga/2');
  await expect(page.getByText('Förhandsgranskning: annonsen är inte publicerad än.')).toBeVisible();
  await page.getByRole('button', { name: 'Godkänn annonsen' }).click();
  await expect(page.getByText('Förhandsgranskning: annonsen är inte publicerad än.')).toBeHidden();
  await visitor.goto('/sv/stuga/2');
  await expect(visitor.getByRole('heading', { name: 'Timrad stuga vid Rimbosjön' })).toBeVisible();
  await expect(visitor.getByRole('heading', { name: 'Kontakta uthyraren' })).toBeVisible();
  await visitor.close();
});

test("a guest opening the host's editor sees the not-allowed text", async ({ page }) => {
  await signedIn(page, GUEST);
  await page.goto('/dashboard/cottages/3');
  await expect(page.getByText('Du har inte behörighet att se den här sidan', { exact: false })).toBeVisible();
  await page.goto('/dashboard/cottages/3/pricing?lang=en');
  await expect(page.getByText('You are not allowed to view this page, this can happen if you logged in with another e-mail address', { exact: false })).toBeVisible();
});

test('closing an editor dialog with unsaved changes asks first', async ({ page }) => {
  await signedIn(page, HOST);
  await page.goto('/dashboard/cottages/3/text');
  await page.getByLabel('Rubrik (engelska)').fill('Changed title');
  await page.keyboard.press('Escape');
  const prompt = page.getByRole('alertdialog', { name: 'Osparade ändringar' });
  await expect(prompt).toBeVisible();
  await prompt.getByRole('button', { name: 'Stanna på sidan' }).click();
  await expect(page.getByLabel('Rubrik (engelska)')).toHaveValue('Changed title');
  await page.getByRole('button', { name: 'Stäng' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Lämna sidan' }).click();
  await expect(page).toHaveURL(/\/dashboard\/cottages\/3$/);
  await page.goto('/dashboard/cottages/3/text');
  await expect(page.getByLabel('Rubrik (engelska)')).toHaveValue('Red cottage in Grisslehamn');
});
