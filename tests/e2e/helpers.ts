import { expect, type Browser, type Page } from '@playwright/test';

export const HOST = { email: 'host@example.com', password: 'demo-host-1' };
export const GUEST = { email: 'guest@example.com', password: 'demo-guest-1' };
export const ADMIN = { email: 'admin@example.com', password: 'demo-admin-1' };

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

type Account = { email: string; password: string };

/** A fresh browser context signed in as `who`, on the inbox. */
export async function as(browser: Browser, who: Account): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/dashboard/login');
  await signIn(page, who.email, who.password);
  await expect(page).toHaveURL(/\/dashboard\/conversations$/);
  return page;
}

/** The day `n` days from today in Stockholm (the app's days), as YYYY-MM-DD: near midnight UTC's date is another day. */
export const day = (n: number) => {
  const [y, m, d] = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Stockholm' }).format(new Date()).split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
};

/** The guest writes to the host from the public ad; answers the new conversation's path. */
export async function contactHost(guest: Page, cottageId: number, text: string): Promise<string> {
  await guest.goto(`/sv/stuga/${cottageId}`);
  await guest.getByLabel('Ditt meddelande').fill(text);
  await guest.getByRole('button', { name: 'Skicka meddelande' }).click();
  await expect(guest).toHaveURL(/\/dashboard\/conversations\/\d+$/);
  return new URL(guest.url()).pathname;
}

/** The host fills the offer form of a conversation and goes to the preview (unless `preview: false`). */
export async function fillOffer(host: Page, conversationPath: string, stay: { checkIn: string; checkOut: string; total: string; guests?: string; preview?: boolean }) {
  await host.goto(`${conversationPath}/bookings/new`);
  await host.getByLabel('Incheckning').fill(stay.checkIn);
  await host.getByLabel('Utcheckning').fill(stay.checkOut);
  await host.getByLabel('Antal gäster').fill(stay.guests ?? '4');
  await host.getByLabel('Avbokningsvillkor').selectOption({ label: 'Måttlig — full återbetalning upp till 14 dagar, hälften upp till 7 dagar före ankomst' });
  await host.getByLabel('Totalpris (kr)').fill(stay.total);
  await host.getByLabel('Tidsgräns för gästen att godkänna').fill(day(5));
  if (stay.preview === false) return;
  await host.getByRole('button', { name: 'Förhandsgranska' }).click();
  await expect(host.getByTestId('offer-preview')).toBeVisible();
}

/** The host accepts the host terms and sends the previewed offer; answers the booking's path. */
export async function sendOffer(host: Page): Promise<string> {
  await host.getByLabel('Jag godkänner villkoren för uthyrare och skickar erbjudandet på dessa villkor').check();
  await host.getByRole('button', { name: 'Skicka erbjudandet' }).click();
  await expect(host).toHaveURL(/\/bookings\/\d+$/);
  return new URL(host.url()).pathname;
}

/** On the booking page the guest accepts the terms and pays; then types a card on the provider's page. */
export async function acceptAndPay(guest: Page, card: string) {
  await guest.getByLabel(/Jag godkänner bokningsvillkoren/).check();
  await guest.getByLabel('Visa / Mastercard').check();
  await guest.getByRole('button', { name: /Godkänn och betala/ }).click();
  await expect(guest).toHaveURL(/\/sandbox\/mangopay\//);
  await expect(guest.getByText('Inga riktiga pengar dras')).toBeVisible();
  await guest.getByLabel('Kortnummer').fill(card);
  await guest.getByLabel('Giltigt till (MM/ÅÅ)').fill('12/39');
  await guest.getByLabel('CVC').fill('123');
  await guest.getByRole('button', { name: 'Betala', exact: true }).click();
}
