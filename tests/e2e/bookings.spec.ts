import { expect, test, type Page } from '@playwright/test';
import { GUEST, HOST, acceptAndPay, as, contactHost, day, fillOffer, sendOffer } from './helpers';

/** The guest pays a booking with a card and comes back to it. */
async function payWith(guest: Page, bookingPath: string, card: string) {
  await guest.goto(bookingPath);
  await acceptAndPay(guest, card);
  await expect(guest).toHaveURL(new RegExp(`${bookingPath}\\?transaction=`));
}

test('host sends offers (overlap acknowledged); guest pays, a declined card shows the bank’s message, cancelling refunds in full', async ({ browser }) => {
  test.setTimeout(180_000);
  const guest = await as(browser, GUEST);
  const host = await as(browser, HOST);

  // The guest writes about ad 3; the host answers with offers in that conversation.
  const conversationPath = await contactHost(guest, 3, 'Hej! Kan vi hyra stugan i augusti?');

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
