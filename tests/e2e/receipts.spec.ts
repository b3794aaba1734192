import { expect, test, type Locator, type Page } from '@playwright/test';
import { GUEST, HOST, as, day } from './helpers';

// SPEC §2 /orders and /orders/{id} in Chromium, on the demo data: the guest's card payments and
// refunds, the host's payouts and fees, the type filter in the address, a receipt's lines and VAT,
// and someone else's receipt as Not found.

/** '1 020 kr' or '1 020,50 kr' as öre. */
function ore(text: string): number {
  const match = /(\d[\d\s\u00a0]*(?:,\d{2})?)\s*kr$/.exec(text.trim());
  if (!match) throw new Error(`No amount in "${text}"`);
  return Math.round(Number(match[1]!.replace(/[\s\u00a0]/g, '').replace(',', '.')) * 100);
}

/** The amount a list row shows. */
const rowAmount = async (row: Locator) => ore((await row.getByTestId('receipt-amount').textContent()) ?? '');

/** Opens the first row showing `type` and answers its receipt's path and the amount the row showed. */
async function openFirst(page: Page, type: string): Promise<{ path: string; amount: number }> {
  const row = page.getByTestId('receipt-row').filter({ hasText: type }).first();
  const amount = await rowAmount(row);
  await row.getByRole('link', { name: /^(Kvitto|Receipt) #\d+$/ }).click();
  await expect(page).toHaveURL(/\/dashboard\/orders\/\d+$/);
  return { path: new URL(page.url()).pathname, amount };
}

test('the guest sees card payments and refunds, filters by type, and a refund receipt shows its amount without VAT', async ({ browser }) => {
  const guest = await as(browser, GUEST);
  await guest.goto('/dashboard/orders');
  await expect(guest.getByRole('heading', { level: 1, name: 'Mina kvitton' })).toBeVisible();
  const rows = guest.getByTestId('receipt-row');
  await expect(rows.filter({ hasText: 'Kortbetalning' }).first()).toBeVisible();
  await expect(rows.filter({ hasText: 'Återbetalning' }).first()).toBeVisible();
  // A guest is paid nothing and charged no fee.
  await expect(rows.filter({ hasText: /Utbetalning|Serviceavgift/ })).toHaveCount(0);
  // A booking's receipts name the ad and the day paid.
  await expect(rows.first()).toContainText(/Betald \d{1,2} \p{L}+ \d{4}/u);

  // Only refunds, and the address says so.
  await guest.getByLabel('Typ', { exact: true }).selectOption({ label: 'Återbetalning' });
  await expect(guest).toHaveURL(/[?&]type=refund(&|$)/);
  await expect(rows.filter({ hasText: 'Kortbetalning' })).toHaveCount(0);
  await expect(rows.first()).toBeVisible();
  for (const text of await rows.allTextContents()) expect(text).toContain('Återbetalning');

  // A paid-from day after today leaves nothing; clearing it brings the refunds back.
  const tomorrow = day(1);
  await guest.getByLabel('Betald från').fill(tomorrow);
  await expect(guest).toHaveURL(new RegExp(`paid_at_from=${tomorrow}`));
  await expect(guest.getByText('Inga kvitton hittades')).toBeVisible();
  await guest.getByLabel('Betald från').fill('');
  await expect(guest).not.toHaveURL(/paid_at_from/);
  await expect(rows.first()).toBeVisible();

  // The refund's receipt: the amount, the line, who sold and who bought, and no VAT.
  const refund = await openFirst(guest, 'Återbetalning');
  const receipt = guest.getByTestId('receipt');
  await expect(receipt.getByRole('heading', { level: 1 })).toHaveText(/^Kvitto #\d+$/);
  await expect(receipt).toContainText('Återbetalning till ditt kort');
  await expect(receipt).toContainText(/Bokning #\d+ · Vistelse/);
  expect(ore((await guest.getByTestId('receipt-total').textContent()) ?? '')).toBe(refund.amount);
  await expect(guest.getByTestId('receipt-seller')).toContainText('Stuga AB');
  await expect(guest.getByTestId('receipt-buyer')).toContainText('Erik Johansson');
  await expect(receipt.getByText(/Moms \d+ %/)).toHaveCount(0);
  await expect(receipt.getByText('Netto')).toHaveCount(0);
  await expect(receipt).toContainText('Ingen moms: hyran förmedlas till uthyraren.');
  await expect(guest.getByRole('button', { name: 'Skriv ut' })).toBeVisible();
  await guest.getByRole('link', { name: 'Tillbaka till kvittona' }).click();
  await expect(guest).toHaveURL(/\/dashboard\/orders$/);

  // The card payment's receipt, in English.
  await guest.goto('/dashboard/orders?type=payin&lang=en');
  const payin = await openFirst(guest, 'Card payment');
  await expect(guest.getByTestId('receipt')).toContainText('Rent paid by card');
  expect(ore((await guest.getByTestId('receipt-total').textContent()) ?? '')).toBe(payin.amount);
  await expect(guest.getByTestId('receipt')).toContainText('No VAT: rent passes through the platform to the host.');
  await guest.goto('/dashboard/orders?lang=sv');
});

test('the host sees payouts and fees; a fee receipt shows VAT 25 % with net + VAT = total; someone else’s receipt is Not found', async ({ browser }) => {
  const host = await as(browser, HOST);
  await host.goto('/dashboard/orders');
  const rows = host.getByTestId('receipt-row');
  await expect(rows.filter({ hasText: 'Utbetalning' }).first()).toBeVisible();
  await expect(rows.filter({ hasText: 'Serviceavgift' }).first()).toBeVisible();
  await expect(rows.filter({ hasText: /Kortbetalning|Återbetalning/ })).toHaveCount(0);

  // The DAC7 report is offered exactly to hosts the API says may see it.
  const me = (await (await host.request.get('/api/user')).json()) as { dac7_valid: boolean; has_reviewed_cottages: boolean };
  await expect(host.getByRole('link', { name: 'Skatteuppgifter (DAC7)' })).toHaveCount(me.dac7_valid && me.has_reviewed_cottages ? 1 : 0);

  // Largest amount first.
  await host.getByLabel('Sortera efter').selectOption({ label: 'Högst belopp' });
  await expect(host).toHaveURL(/order=amount_desc/);
  await expect(rows.first()).toContainText('Utbetalning');
  await expect
    .poll(async () => {
      const amounts = await Promise.all((await rows.all()).map(rowAmount));
      return amounts.length > 1 && amounts.every((a, i) => i === 0 || amounts[i - 1]! >= a);
    })
    .toBe(true);

  // The fee: the platform's own sale, with its VAT.
  await host.getByLabel('Typ', { exact: true }).selectOption({ label: 'Serviceavgift' });
  await expect(host).toHaveURL(/type=fee/);
  await expect(rows.filter({ hasText: 'Utbetalning' })).toHaveCount(0);
  const fee = await openFirst(host, 'Serviceavgift');
  const receipt = host.getByTestId('receipt');
  await expect(receipt).toContainText('Bokningens serviceavgift');
  await expect(host.getByTestId('receipt-vat')).toContainText('Moms 25 %');
  const net = ore((await host.getByTestId('receipt-net').textContent()) ?? '');
  const vat = ore((await host.getByTestId('receipt-vat').textContent()) ?? '');
  const total = ore((await host.getByTestId('receipt-total').textContent()) ?? '');
  expect(total).toBe(fee.amount);
  expect(net + vat).toBe(total);
  expect(vat).toBe(total - Math.round(total / 1.25));
  await expect(receipt).not.toContainText('Ingen moms');
  await expect(host.getByTestId('receipt-buyer')).toContainText('Karin Lindqvist');

  // The payout: no VAT.
  await host.goto('/dashboard/orders?type=payout');
  await openFirst(host, 'Utbetalning');
  await expect(host.getByTestId('receipt')).toContainText('Utbetalning av hyra till ditt bankkonto');
  await expect(host.getByTestId('receipt')).toContainText('Ingen moms: hyran förmedlas till uthyraren.');

  // The guest's receipt is not the host's: Not found, for the host as for an unknown id.
  const guest = await as(browser, GUEST);
  await guest.goto('/dashboard/orders');
  const href = await guest.getByTestId('receipt-row').first().getByRole('link').getAttribute('href');
  expect(href).toMatch(/^\/dashboard\/orders\/\d+$/);
  const response = await host.goto(href!);
  expect(response?.status()).toBe(404);
  await expect(host.getByRole('heading', { name: 'Sidan hittades inte' })).toBeVisible();
  await expect(host.getByTestId('receipt')).toHaveCount(0);
  // And the other way round: the host's fee is not the guest's.
  await guest.goto(fee.path);
  await expect(guest.getByRole('heading', { name: 'Sidan hittades inte' })).toBeVisible();
  await host.goto('/dashboard/orders/999999');
  await expect(host.getByRole('heading', { name: 'Sidan hittades inte' })).toBeVisible();
});
