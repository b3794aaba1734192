import { expect, test, type Browser } from '@playwright/test';
import { ADMIN, HOST, as } from './helpers';

// Issue 15 in Chromium: the demo host's paid stay (check-in two days ago) has a payout due since
// yesterday. Without payout details it waits: the host sees the to-do and the booking's timeline says
// so. The host adds the bank account (SCA passed), gets the ID approved on the KYC desk, and the next
// sweep (every minute) pays the host: the timeline shows the payout.

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(2048, 7)]);
/** The seeded stay whose payout is due (the third demo booking). */
const DUE_BOOKING = 3;

async function approveOnDesk(browser: Browser) {
  const desk = await as(browser, ADMIN);
  await desk.goto('/sandbox/mangopay/kyc');
  const item = desk.getByRole('listitem').filter({ hasText: 'Karin' }).first();
  await item.getByRole('button', { name: 'Godkänn' }).click();
  await expect(desk.getByRole('listitem').filter({ hasText: 'Karin' })).toHaveCount(0);
  await desk.context().close();
}

test('a host without payout details sees the waiting payout and the to-do; once verified, the payout is made', async ({ browser }) => {
  test.setTimeout(300_000);
  const page = await as(browser, HOST);
  const booking = async () => (await (await page.request.get(`/api/bookings/${DUE_BOOKING}`)).json()) as { conversation_id: number; Timeline: { type: string; state: string }[] };

  // The sweep ran when the server started: the payout waits.
  await expect.poll(async () => (await booking()).Timeline.some((e) => e.type === 'PAY_OUT_PENDING'), { timeout: 90_000 }).toBe(true);
  const { conversation_id } = await booking();
  await page.goto(`/dashboard/conversations/${conversation_id}/bookings/${DUE_BOOKING}`);
  await expect(page.getByText('Utbetalningen väntar på uthyrarens utbetalningsuppgifter (bankkonto och ID-verifiering)')).toBeVisible();
  await page.goto('/dashboard/to-do');
  await page.getByRole('link', { name: /En utbetalning väntar: fyll i dina utbetalningsuppgifter/ }).click();
  await expect(page).toHaveURL(/\/dashboard\/profile\/payout$/);

  // Bank account, confirmed with SCA.
  await page.getByLabel('Bankkonto (IBAN)').fill('SE45 5000 0000 0583 9825 7466');
  await page.getByLabel('Skatteregistreringsnummer (TIN)').fill('8504121230');
  await page.getByLabel('Jag godkänner betaltjänstens villkor för utbetalningar').check();
  await page.getByRole('button', { name: 'Spara', exact: true }).click();
  const prompt = page.getByRole('dialog', { name: 'Bekräfta med ditt lösenord' });
  await prompt.getByLabel('Lösenord', { exact: true }).and(prompt.locator('input')).fill(HOST.password);
  await prompt.getByRole('button', { name: 'Bekräfta' }).click();
  await expect(page).toHaveURL(/\/sandbox\/mangopay\/sca\/rcpt_/);
  await page.getByRole('button', { name: 'Bekräfta' }).click();
  await expect(page.getByText('Ditt bankkonto är verifierat. Utbetalningar går dit.')).toBeVisible();

  // ID documents, approved on the desk.
  await page.goto('/dashboard/profile/id-verification');
  await page.getByLabel('Fotosida').setInputFiles({ name: 'passport.png', mimeType: 'image/png', buffer: PNG });
  await page.getByLabel('Jag intygar att handlingen är min och giltig', { exact: false }).check();
  await page.getByRole('button', { name: 'Skicka för verifiering' }).click();
  await expect(page.getByTestId('kyc-status')).toHaveText('Dina ID-handlingar granskas.');
  await approveOnDesk(browser);

  // The next sweep pays (it runs every minute).
  await expect.poll(async () => (await booking()).Timeline.some((e) => e.type === 'PAY_OUT' && e.state === 'SUCCESS'), { timeout: 100_000, intervals: [5_000] }).toBe(true);
  await page.goto(`/dashboard/conversations/${conversation_id}/bookings/${DUE_BOOKING}`);
  await expect(page.getByText('Utbetalt till uthyraren', { exact: true })).toBeVisible();
  await page.goto('/dashboard/to-do');
  await expect(page.getByRole('link', { name: /En utbetalning väntar/ })).toContainText('Läst');

  // The payout is a receipt, with the platform's fee beside it; the host's tax data is complete now, so
  // the DAC7 report opens (issue 16): per ad and quarter, printable.
  await page.goto('/dashboard/orders?type=payout');
  await expect(page.getByTestId('receipt-row').filter({ hasText: 'Utbetalning' }).first()).toBeVisible();
  await page.goto('/dashboard/orders/dac7/info');
  const listing = page.locator('[data-testid^="dac7-"]').first();
  await expect(listing).toBeVisible();
  await expect(listing.getByRole('rowheader', { name: 'Utbetalning' })).toBeVisible();
  await page.evaluate(() => {
    window.print = () => document.body.setAttribute('data-printed', 'yes');
  });
  await page.getByRole('button', { name: 'Skriv ut' }).click();
  await expect(page.locator('body')).toHaveAttribute('data-printed', 'yes');
});
