import { expect, test, type Browser, type Page } from '@playwright/test';
import { GUEST, HOST, day } from './helpers';
import { activate, expectFocusVisible, signInByKeyboard, tabTo, typeDate, typeInto } from './focus';

// SPEC's main flows with the keyboard only (Tab, Shift+Tab, Enter, Space, arrows, typing): no
// clicks. Every Tab stop must show where focus is, and closing a dialog gives focus back to its opener.
test.describe.configure({ mode: 'serial', timeout: 240_000 });

let guest: Page;
let host: Page;
let conversationPath = '';
let bookingPath = '';

async function newPage(browser: Browser) {
  return (await browser.newContext()).newPage();
}

test('both sides sign in with the keyboard', async ({ browser }) => {
  guest = await newPage(browser);
  host = await newPage(browser);
  await signInByKeyboard(guest, GUEST);
  await signInByKeyboard(host, HOST);
});

test('the guest writes to a host from the ad, then sends a message and an attachment', async () => {
  await guest.goto('/sv/stuga/3');
  await typeInto(guest, guest.getByLabel('Ditt meddelande'), 'Hej! Går det att hyra stugan med tangentbordet?');
  await activate(guest, guest.getByRole('button', { name: 'Skicka meddelande' }));
  await expect(guest).toHaveURL(/\/dashboard\/conversations\/\d+$/);
  conversationPath = new URL(guest.url()).pathname;

  // Enter in the message field sends.
  const field = guest.getByLabel('Skriv ett meddelande…');
  await typeInto(guest, field, 'Vi kommer med två barn.');
  await guest.keyboard.press('Enter');
  // (.last(): a retry of this serial group writes into the same conversation again.)
  await expect(guest.getByTestId('message').filter({ hasText: 'Vi kommer med två barn.' }).last()).toBeVisible();
  await expect(field).toHaveValue('');

  // The attach button opens the file chooser from the keyboard.
  const attach = guest.getByRole('button', { name: /Bifoga en fil/ });
  await tabTo(guest, attach);
  const chooser = guest.waitForEvent('filechooser');
  await guest.keyboard.press('Enter');
  await (await chooser).setFiles({ name: 'packlista.txt', mimeType: 'text/plain', buffer: Buffer.from('Lakan, handdukar.') });
  await expect(guest.getByTestId('file-link').filter({ hasText: 'packlista.txt' }).last()).toBeVisible();

  // The off-platform question takes focus and gives it back to the message field.
  await typeInto(guest, field, 'Ring mig på 070-123 45 67', { back: true });
  await guest.keyboard.press('Enter');
  const question = guest.getByRole('alertdialog', { name: 'Håll kontakten i Stuga' });
  await expect(question.getByRole('button', { name: 'Avbryt' })).toBeFocused();
  await expectFocusVisible(guest);
  await guest.keyboard.press('Enter');
  await expect(question).toBeHidden();
  await expect(field).toBeFocused();
  await expect(field).toHaveValue(/^Ring mig på\s*$/);
});

test('the host sends an offer from the conversation', async () => {
  await host.goto(conversationPath);
  await activate(host, host.getByRole('link', { name: 'Skapa erbjudande' }));
  await expect(host).toHaveURL(/\/bookings\/new$/);
  await expect(host.getByLabel('Annons')).toHaveValue('3');
  await typeDate(host, host.getByLabel('Incheckning'), day(400));
  await typeDate(host, host.getByLabel('Utcheckning'), day(404));
  await typeInto(host, host.getByLabel('Antal gäster'), '4');
  // A closed select changes with the arrow keys.
  await tabTo(host, host.getByLabel('Avbokningsvillkor'));
  await host.keyboard.press('ArrowDown');
  await expect(host.getByLabel('Avbokningsvillkor')).not.toHaveValue('');
  await typeInto(host, host.getByLabel('Totalpris (kr)'), '8000');
  await typeDate(host, host.getByLabel('Tidsgräns för gästen att godkänna'), day(10));
  await activate(host, host.getByRole('button', { name: 'Förhandsgranska' }));

  // Focus moves to the preview, which shows dates in the reader's format.
  const preview = host.getByTestId('offer-preview');
  await expect(preview.getByRole('heading', { name: 'Kontrollera erbjudandet innan du skickar' })).toBeFocused();
  await expect(preview).not.toContainText(day(400));
  await expect(preview).toContainText('kl. 12:00');
  // Back to the form and forward again keep focus where the reader is.
  await activate(host, host.getByRole('button', { name: 'Tillbaka och ändra' }));
  await expect(host.getByRole('button', { name: 'Förhandsgranska' })).toBeFocused();
  await host.keyboard.press('Enter');
  await expect(preview.getByRole('heading', { name: 'Kontrollera erbjudandet innan du skickar' })).toBeFocused();

  await activate(host, host.getByLabel('Jag godkänner villkoren för uthyrare och skickar erbjudandet på dessa villkor'), 'Space');
  await activate(host, host.getByRole('button', { name: 'Skicka erbjudandet' }));
  await expect(host).toHaveURL(/\/bookings\/\d+$/);
  bookingPath = new URL(host.url()).pathname;
});

test('the guest accepts and pays the offer with the sandbox card', async () => {
  await guest.goto(bookingPath);
  await activate(guest, guest.getByLabel('Jag godkänner bokningsvillkoren, inklusive vistelseförsäkringen från Omocom'), 'Space');
  // Into the card group, then the arrow keys choose.
  await tabTo(guest, guest.getByLabel('Visa / Mastercard'));
  await guest.keyboard.press('Space');
  await expect(guest.getByLabel('Visa / Mastercard')).toBeChecked();
  await activate(guest, guest.getByRole('button', { name: /Godkänn och betala/ }));
  await expect(guest).toHaveURL(/\/sandbox\/mangopay\//);
  await typeInto(guest, guest.getByLabel('Kortnummer'), '4970 1051 9192 3460');
  await typeInto(guest, guest.getByLabel('Giltigt till (MM/ÅÅ)'), '12/39');
  await typeInto(guest, guest.getByLabel('CVC'), '123');
  await guest.keyboard.press('Enter');
  await expect(guest).toHaveURL(new RegExp(`${bookingPath}\\?transaction=`));
  await expect(guest.getByTestId('status-banner')).toHaveAttribute('data-status', 'PAID');
});

test('the guest cancels; closing the cancel box gives focus back to its button', async () => {
  await guest.goto(bookingPath);
  const cancel = guest.getByRole('button', { name: 'Avboka' });
  await activate(guest, cancel);
  await expect(guest.getByTestId('cancel-box')).toBeVisible();
  await activate(guest, guest.getByRole('button', { name: 'Behåll bokningen' }));
  await expect(guest.getByTestId('cancel-box')).toBeHidden();
  await expect(cancel).toBeFocused();
  await expectFocusVisible(guest);

  await guest.keyboard.press('Enter');
  await typeInto(guest, guest.getByLabel('Anledning till avbokningen'), 'Vi kan tyvärr inte resa.');
  await activate(guest, guest.getByRole('button', { name: 'Bekräfta avbokningen' }));
  await expect(guest.getByTestId('status-banner')).toHaveAttribute('data-status', 'CANCELLED');
});

test("the host edits an ad's text and calendar; each dialog gives focus back to its step", async () => {
  await host.goto('/dashboard/cottages/3');
  const textStep = host.getByRole('link', { name: 'Rubrik och beskrivning' });
  await activate(host, textStep);
  const dialog = host.getByRole('dialog', { name: 'Rubrik och beskrivning' });
  await expect(dialog).toBeVisible();
  await typeInto(host, dialog.getByLabel('Rubrik (tyska)'), 'Rotes Häuschen in Grisslehamn');
  await activate(host, dialog.getByRole('button', { name: 'Spara' }));
  await expect(dialog).toBeHidden();
  await expect(textStep).toBeFocused();
  await expectFocusVisible(host);

  // Escape closes an untouched dialog; focus is back on its step.
  const imagesStep = host.getByRole('link', { name: 'Bilder' });
  await activate(host, imagesStep);
  await expect(host.getByRole('dialog', { name: 'Bilder' })).toBeVisible();
  await host.keyboard.press('Escape');
  await expect(host.getByRole('dialog')).toBeHidden();
  await expect(imagesStep).toBeFocused();

  // The calendar: a state chosen with the arrow keys, two days marked with Enter, saved.
  // Back up the step list to it.
  const calendarStep = host.getByRole('link', { name: 'Kalender', exact: true });
  await activate(host, calendarStep, 'Enter', { back: true });
  const calendar = host.getByRole('dialog', { name: 'Kalender', exact: true });
  await expect(calendar).toBeVisible();
  // The state radios are one Tab stop, behind the month buttons.
  await tabTo(host, calendar.getByRole('radio', { checked: true }), { back: true });
  await host.keyboard.press('ArrowLeft');
  await host.keyboard.press('ArrowLeft');
  await expect(calendar.getByRole('radio', { name: 'Ej tillgänglig' })).toBeChecked();
  await expectFocusVisible(host);
  const start = calendar.locator('[data-day][tabindex="0"]');
  await tabTo(host, start);
  const today = await start.getAttribute('data-day');
  const later = (n: number) => new Date(Date.parse(`${today}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
  // A week on, two nights.
  await host.keyboard.press('ArrowDown');
  await host.keyboard.press('Enter');
  await host.keyboard.press('ArrowRight');
  await host.keyboard.press('Enter');
  for (const n of [7, 8]) await expect(calendar.locator(`[data-day="${later(n)}"]`)).toHaveAttribute('data-state', '2');
  await activate(host, calendar.getByRole('button', { name: 'Spara' }));
  await expect(calendar).toBeHidden();
  await expect(calendarStep).toBeFocused();
  await expectFocusVisible(host);
});
