import { expect, type Page } from '@playwright/test';

export const HOST = { email: 'host@example.com', password: 'demo-host-1' };
export const GUEST = { email: 'guest@example.com', password: 'demo-guest-1' };

/** Signs in through the login page's two steps (e-mail, then password). */
export async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel('E-post').fill(email);
  await page.getByRole('button', { name: 'Fortsätt' }).click();
  await page.getByLabel('Lösenord').fill(password);
  await page.getByRole('button', { name: 'Logga in' }).click();
}

/** Opens the newest outbox mail to `to` and follows its link. */
export async function followMailLink(page: Page, to: string) {
  await page.goto('/dashboard/dev/outbox');
  const mail = page
    .getByTestId('mail')
    .filter({ has: page.getByTestId('mail-to').getByText(to, { exact: true }) })
    .first();
  await expect(mail).toBeVisible();
  const href = await mail.getByRole('link').first().getAttribute('href');
  expect(href).toBeTruthy();
  await page.goto(href!);
}
