import { expect, type Page } from '@playwright/test';
import sharp from 'sharp';

// The ad editor's steps (SPEC §2 /cottages/{id}), as a host fills them in Chromium.

export async function jpeg(width: number, height: number, colour: string) {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
}

/** Saves the open step dialog and waits for it to close. */
export async function saveStep(page: Page) {
  await page.getByRole('dialog').getByRole('button', { name: 'Spara' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
}

export async function fillText(page: Page, title: string) {
  await page.getByRole('link', { name: 'Rubrik och beskrivning' }).click();
  await page.getByLabel('Rubrik (svenska)').fill(title);
  await page.getByLabel('Beskrivning (svenska)').fill('Liten stuga med utsikt över Siljan, nära Rättvik.');
  await saveStep(page);
}

/** Position; a commission ad also needs its address and property designation (SPEC §5, DAC7). */
export async function fillPosition(page: Page, commission: boolean) {
  await page.getByRole('link', { name: 'Position och adress' }).click();
  await page.getByLabel('Latitud').fill('60.89');
  await page.getByLabel('Longitud').fill('15.12');
  await page.getByLabel('Län').selectOption({ label: 'Dalarnas län' });
  if (commission) {
    await page.getByLabel('Gatuadress').fill('Sjövägen 4');
    await page.getByLabel('Postnummer').fill('79530');
    await page.getByLabel('Ort').fill('Rättvik');
    await page.getByLabel('Fastighetsbeteckning').fill('Rättvik Vikarbyn 1:23');
  }
  await saveStep(page);
}

/** Three available nights, marked by keyboard from the calendar's first focusable day. */
export async function fillCalendar(page: Page) {
  await page.getByRole('link', { name: 'Kalender', exact: true }).click();
  await page.locator('[data-day][tabindex="0"]').focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-state="5"]')).toHaveCount(3);
  await saveStep(page);
}

export async function addImage(page: Page) {
  await page.getByRole('link', { name: 'Bilder' }).click();
  await page.getByTestId('image-input').setInputFiles({ name: 'stugan.jpg', mimeType: 'image/jpeg', buffer: await jpeg(640, 600, '#a8322a') });
  await expect(page.getByTestId('image-card')).toHaveCount(1);
  await page.getByRole('dialog').getByRole('button', { name: 'Stäng' }).click();
}

/** Verifies the host with the sandbox BankID, answering as `name` (the profile's own identity). */
export async function verifyWithBankId(page: Page, editor: string, name: string) {
  await page.getByRole('link', { name: 'Verifiera identitet' }).click();
  await page.getByRole('button', { name: 'Legitimera med BankID' }).click();
  await expect(page.getByRole('heading', { name: 'BankID (sandlåda)' })).toBeVisible();
  await page.getByRole('button', { name: new RegExp(`Legitimera som ${name}`) }).click();
  await expect(page).toHaveURL(new RegExp(`${editor.replace(/[/.]/g, '\\$&')}$`));
  await expect(page.getByTestId('step-verify')).toHaveAttribute('data-done', 'true');
}

/** A new fixed-price ad of the signed-in demo host, every step done (BankID as Karin Lindqvist): answers the editor's path. */
export async function completeFixedAd(page: Page, title: string) {
  await page.goto('/dashboard/cottages/new/fixed');
  await page.getByRole('button', { name: 'Skapa annons' }).click();
  await expect(page).toHaveURL(/\/dashboard\/cottages\/\d+\/base$/);
  const editor = page.url().replace(/\/base$/, '');
  await page.getByLabel('Yta (m²)').fill('54');
  await page.getByLabel('Bäddar', { exact: true }).fill('4');
  await saveStep(page);
  await fillText(page, title);
  await fillPosition(page, false);
  await page.getByRole('link', { name: 'Plats', exact: true }).click();
  await page.getByLabel('Lägg till ort').selectOption({ label: 'Rättvik' });
  await saveStep(page);
  await fillCalendar(page);
  await addImage(page);
  await verifyWithBankId(page, editor, 'Karin Lindqvist');
  await expect(page.getByRole('link', { name: 'Fortsätt' })).toBeVisible();
  return editor;
}
