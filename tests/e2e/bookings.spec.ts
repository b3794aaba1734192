import { expect, test, type Browser, type Page } from '@playwright/test';
import { GUEST, HOST, signIn } from './helpers';

async function as(browser: Browser, who: { email: string; password: string }): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/dashboard/login');
  await signIn(page, who.email, who.password);
  await expect(page).toHaveURL(/\/dashboard\/conversations$/);
  return page;
}

/** A day n days from today (UTC date arithmetic is enough this far ahead). */
const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

/** The host fills the offer form and goes to the preview. */
async function fillOffer(host: Page, conversationPath: string, stay: { checkIn: string; checkOut: string; total: string }) {
  await host.goto(`${conversationPath}/bookings/new`);
  await host.getByLabel('Incheckning').fill(stay.checkIn);
  await host.getByLabel('Utcheckning').fill(stay.checkOut);
  await host.getByLabel('Antal gäster').fill('4');
  await host.getByLabel('Avbokningsvillkor').selectOption({ label: 'Måttlig — full återbetalning upp till 14 dagar, hälften upp till 7 dagar före ankomst' });
  await host.getByLabel('Totalpris (kr)').fill(stay.total);
  await host.getByLabel('Tidsgräns för gästen att godkänna').fill(day(5));
  await host.getByRole('button', { name: 'Förhandsgranska' }).click();
  await expect(host.getByTestId('offer-preview')).toBeVisible();
}

async function sendOffer(host: Page): Promise<string> {
  await host.getByLabel('Jag godkänner villkoren för uthyrare och skickar erbjudandet på dessa villkor').check();
  await host.getByRole('button', { name: 'Skicka erbjudandet' }).click();
  await expect(host).toHaveURL(/\/bookings\/\d+$/);
  return new URL(host.url()).pathname;
}

/** The guest accepts and pays on the booking page, then types a card on the provider's page. */
async function payWith(guest: Page, bookingPath: string, card: string) {
  await guest.goto(bookingPath);
  await guest.getByLabel('Jag godkänner bokningsvillkoren, inklusive vistelseförsäkringen från Omocom').check();
  await guest.getByLabel('Visa / Mastercard').check();
  await guest.getByRole('button', { name: /Godkänn och betala/ }).click();
  await expect(guest).toHaveURL(/\/sandbox\/mangopay\//);
  await expect(guest.getByText('Inga riktiga pengar dras')).toBeVisible();
  await guest.getByLabel('Kortnummer').fill(card);
  await guest.getByLabel('Giltigt till (MM/ÅÅ)').fill('12/39');
  await guest.getByLabel('CVC').fill('123');
  await guest.getByRole('button', { name: 'Betala', exact: true }).click();
  await expect(guest).toHaveURL(new RegExp(`${bookingPath}\\?transaction=`));
}

test('host sends offers (overlap acknowledged); guest pays, a declined card shows the bank’s message, cancelling refunds in full', async ({ browser }) => {
  test.setTimeout(180_000);
  const guest = await as(browser, GUEST);
  const host = await as(browser, HOST);

  // The guest writes about ad 3; the host answers with offers in that conversation.
  await guest.goto('/sv/stuga/3');
  await guest.getByLabel('Ditt meddelande').fill('Hej! Kan vi hyra stugan i augusti?');
  await guest.getByRole('button', { name: 'Skicka meddelande' }).click();
  await expect(guest).toHaveURL(/\/dashboard\/conversations\/\d+$/);
  const conversationPath = new URL(guest.url()).pathname;

  // First offer: the fee hint shows while typing the price.
  await host.goto(`${conversationPath}/bookings/new`);
  await host.getByLabel('Totalpris (kr)').fill('12500');
  await expect(host.getByTestId('fee-hint')).toContainText('1 500 kr');
  await fillOffer(host, conversationPath, { checkIn: day(300), checkOut: day(307), total: '12500' });
  await expect(host.getByTestId('overlap-warning')).toHaveCount(0);
  const first = await sendOffer(host);
  await expect(host.getByTestId('status-banner')).toContainText('Väntar på att gästen ska godkänna och betala');
  await expect(host.getByText('Gästen måste bestämma sig senast')).toBeVisible();

  // A second offer for overlapping nights: the preview warns, and Send waits for the acknowledgement.
  await fillOffer(host, conversationPath, { checkIn: day(305), checkOut: day(310), total: '9000' });
  const warning = host.getByTestId('overlap-warning');
  await expect(warning).toContainText(`Bokning #${first.split('/').pop()}`);
  await host.getByLabel('Jag godkänner villkoren för uthyrare och skickar erbjudandet på dessa villkor').check();
  await expect(host.getByRole('button', { name: 'Skicka erbjudandet' })).toBeDisabled();
  await warning.getByLabel('Jag vet, skicka erbjudandet ändå').check();
  const second = await sendOffer(host);

  // The guest sees the offer in the chat and pays the first with a declined card: the bank's message shows.
  await guest.goto(conversationPath);
  await expect(guest.getByTestId('booking-message').first()).toBeVisible();
  // The guest also rates the host, anonymously, with details.
  const rating = guest.getByTestId('host-review');
  await rating.getByRole('button', { name: 'Ja' }).click();
  await rating.getByLabel('Svarar snabbt').check();
  await rating.getByRole('button', { name: 'Skicka' }).click();
  await expect(guest.getByText('Tack! Ditt svar är anonymt.')).toBeVisible();
  await payWith(guest, first, '4970 1000 0000 1001');
  await expect(guest.getByTestId('provider-message')).toContainText('Otillräckligt saldo på kortet');
  await expect(guest.getByTestId('status-banner')).toHaveAttribute('data-status', 'PENDING');

  // Then with a success card: the success text and the paid banner.
  await payWith(guest, first, '4970 1051 9192 3460');
  await expect(guest.getByText('Din betalning lyckades och bokningen är nu betald')).toBeVisible();
  await expect(guest.getByTestId('status-banner')).toHaveAttribute('data-status', 'PAID');
  await expect(guest.getByTestId('status-banner')).toContainText('Betald');

  // The host sees the insurance box and that only support can cancel.
  await host.goto(first);
  await expect(host.getByTestId('insurance-box')).toContainText('OMO-');
  await expect(host.getByText('En betald bokning kan inte avbokas här')).toBeVisible();
  await expect(host.getByRole('button', { name: 'Avboka' })).toHaveCount(0);

  // The guest cancels well before the deadline: the full amount comes back.
  await guest.goto(first);
  await guest.getByRole('button', { name: 'Avboka' }).click();
  await expect(guest.getByTestId('refund-now')).toContainText('12 500 kr (100 %)');
  await guest.getByLabel('Anledning till avbokningen').fill('Vi kan tyvärr inte resa.');
  await guest.getByRole('button', { name: 'Bekräfta avbokningen' }).click();
  await expect(guest.getByTestId('status-banner')).toHaveAttribute('data-status', 'CANCELLED');
  await expect(guest.getByTestId('status-banner')).toContainText('av gästen');
  await expect(guest.getByTestId('timeline').locator('[data-type="REFUNDED"]')).toContainText('12 500 kr');

  // My Bookings: filtering by status shows the cancelled one and not the open offer.
  await guest.goto('/dashboard/bookings');
  await guest.getByLabel('Status').selectOption({ label: 'Avbokad' });
  await expect(guest).toHaveURL(/status=cancelled/);
  const rows = guest.getByTestId('booking-row');
  await expect(rows.filter({ hasText: `#${first.split('/').pop()}` })).toHaveCount(1);
  await expect(rows.filter({ hasText: `#${second.split('/').pop()}` })).toHaveCount(0);
  await guest.getByLabel('Status').selectOption({ label: 'Väntar' });
  await expect(guest).toHaveURL(/status=pending/);
  await expect(guest.getByTestId('booking-row').filter({ hasText: `#${second.split('/').pop()}` })).toHaveCount(1);
});

test('a booking prints as one clean page without the menu', async ({ browser }) => {
  const host = await as(browser, HOST);
  await host.goto('/dashboard/bookings?checkInFrom=2000-01-01');
  await host.getByRole('link', { name: 'Visa bokning' }).first().click();
  await expect(host.getByTestId('status-banner')).toBeVisible();
  await host.emulateMedia({ media: 'print' });
  await expect(host.locator('#side-menu')).toBeHidden();
  await expect(host.getByRole('button', { name: 'Skriv ut' })).toBeHidden();
  await expect(host.getByTestId('timeline')).toBeVisible();
  const pdf = await host.pdf({ format: 'A4' });
  const pages = pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? [];
  expect(pages.length).toBe(1);
});

test('an ad without DAC7 data blocks the offer until the fix dialog saves it, then the preview follows', async ({ browser }) => {
  const host = await as(browser, HOST);
  // The demo fixed-price ad has no address or property designation.
  await host.getByTestId('conversation-row').filter({ hasText: 'Fjällstuga i Funäsdalen' }).first().click();
  await expect(host).toHaveURL(/\/dashboard\/conversations\/\d+$/);
  await host.getByRole('link', { name: 'Skapa erbjudande' }).click();
  await expect(host.getByLabel('Annons')).toHaveValue(/\d+/);
  await host.getByLabel('Incheckning').fill(day(200));
  await host.getByLabel('Utcheckning').fill(day(203));
  await host.getByLabel('Antal gäster').fill('2');
  await host.getByLabel('Avbokningsvillkor').selectOption({ index: 1 });
  await host.getByLabel('Totalpris (kr)').fill('6000');
  await host.getByLabel('Tidsgräns för gästen att godkänna').fill(day(4));
  await host.getByRole('button', { name: 'Förhandsgranska' }).click();
  const dialog = host.getByRole('dialog', { name: 'Komplettera annonsens uppgifter' });
  await expect(dialog).toBeVisible();
  await expect(host.getByTestId('offer-preview')).toHaveCount(0);
  await dialog.getByLabel('Fastighetsbeteckning').fill('Härjedalen Funäsdalen 1:45');
  await dialog.getByLabel('Gatuadress').fill('Fjällvägen 12');
  await dialog.getByLabel('Postnummer').fill('84095');
  await dialog.getByLabel('Ort').fill('Funäsdalen');
  await dialog.getByRole('button', { name: 'Spara och försök igen' }).click();
  await expect(host.getByTestId('offer-preview')).toBeVisible();
  // The ad keeps what was entered.
  const ad = await host.request.get(`/api/cottages/4`);
  expect(await ad.json()).toMatchObject({ property_designation: 'Härjedalen Funäsdalen 1:45', address_city: 'Funäsdalen', dac7_valid: true });
});
