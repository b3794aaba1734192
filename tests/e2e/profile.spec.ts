import { expect, test, type Browser, type Page } from '@playwright/test';
import { ADMIN, GUEST, HOST, acceptAndPay, as, contactHost, day, fillOffer, followMailLink, sendOffer, signIn } from './helpers';
import { addImage, fillCalendar, fillPosition, fillText, saveStep, verifyWithBankId } from './ad-steps';

const COMPANY = { email: 'company@example.com', password: 'demo-company-1' };

/** The demo company signs in; auth.spec's password-reset test changes its password to 'ny-stuga-2026' when it runs first. */
async function asCompany(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  for (const password of [COMPANY.password, 'ny-stuga-2026']) {
    await page.goto('/dashboard/login');
    await signIn(page, COMPANY.email, password);
    const signedIn = await page.waitForURL(/\/dashboard\/conversations$/, { timeout: 15_000 }).then(
      () => true,
      () => false,
    );
    if (signedIn) return page;
  }
  throw new Error('the demo company could not sign in');
}

/** A brand-new account through the login page and its e-mailed link. */
async function newUser(page: Page, label: string): Promise<string> {
  const email = `${label}-${Date.now()}@example.com`;
  await page.goto('/dashboard/login');
  await page.getByLabel('E-post').fill(email);
  await page.getByRole('button', { name: 'Fortsätt' }).click();
  await page.getByRole('button', { name: 'Skapa konto' }).click();
  await expect(page.getByText('Ditt konto har skapats.', { exact: false })).toBeVisible();
  await followMailLink(page, email);
  await expect(page).toHaveURL(/\/dashboard\/conversations$/);
  await page.getByRole('button', { name: 'Senare' }).click();
  return email;
}

async function fillPerson(page: Page) {
  await page.getByLabel('Förnamn', { exact: true }).fill('Linnea');
  await page.getByLabel('Efternamn', { exact: true }).fill('Ström');
  await page.getByLabel('Födelsedag').fill('1992-06-15');
  await page.getByLabel('Medborgarskap').selectOption('SE');
  await page.getByLabel('Telefon', { exact: true }).fill('+46702223344');
  await page.getByLabel('Adress', { exact: true }).fill('Åsgatan 5');
  await page.getByLabel('Postnummer').fill('75320');
  await page.getByLabel('Ort').fill('Uppsala');
  await page.getByLabel('Län eller region').fill('Uppsala län');
  await page.getByLabel('Bosättningsland').selectOption('SE');
}

test('a new guest completes the profile from the offer, sets a password, is sent back and pays', async ({ browser }) => {
  test.setTimeout(180_000);
  const guest = await (await browser.newContext()).newPage();
  await newUser(guest, 'newguest');
  const conversationPath = await contactHost(guest, 3, 'Hej! Är stugan ledig i september?');

  const host = await as(browser, HOST);
  await fillOffer(host, conversationPath, { checkIn: day(200), checkOut: day(203), total: '4500', guests: '2' });
  const bookingPath = await sendOffer(host);

  // The guest cannot pay yet: the booking sends them to the profile, with next and booking=true.
  await guest.goto(bookingPath);
  await guest.getByRole('link', { name: 'Gå till din profil' }).click();
  await expect(guest).toHaveURL(/\/dashboard\/profile\?next=.*booking=true/);
  await expect(guest.getByText('Innan du skapar en bokning, fyll i uppgifterna nedan')).toBeVisible();

  // Bad input is explained on its field, then the profile saves.
  await fillPerson(guest);
  await guest.getByLabel('Telefon', { exact: true }).fill('0702');
  await guest.getByRole('button', { name: 'Spara', exact: true }).click();
  await expect(guest.getByText('Ogiltigt telefonnummer')).toBeVisible();
  await guest.getByLabel('Telefon', { exact: true }).fill('+46702223344');
  await guest.getByRole('button', { name: 'Spara', exact: true }).click();
  await expect(guest.getByText('Dina uppgifter har sparats')).toBeVisible();

  // The password panel (SOFT): once set, the profile is complete and next leads back to the offer.
  await guest.getByLabel('Lösenord', { exact: true }).and(guest.locator('input')).fill('ny-gast-1');
  await guest.getByLabel('Upprepa lösenordet').fill('ny-gast-1');
  await guest.getByRole('button', { name: 'Spara lösenord' }).click();
  await expect(guest).toHaveURL(new RegExp(`${bookingPath}$`));

  await acceptAndPay(guest, '4970 1051 9192 3460');
  await expect(guest.getByTestId('status-banner')).toHaveAttribute('data-status', 'PAID');
});

test('a new host completes a company profile, publishes a commission ad through the terms dialog, sends an offer and adds a payout account', async ({ browser }) => {
  test.setTimeout(300_000);
  const page = await (await browser.newContext()).newPage();
  await newUser(page, 'newhost');

  // The company profile, then the password: the profile is complete.
  await page.goto('/dashboard/profile');
  await fillPerson(page);
  await page.getByLabel('Jag hyr ut eller bokar som').selectOption('LEGAL');
  await page.getByLabel('Företagsform').selectOption('BUSINESS');
  await page.getByLabel('Företagsnamn').fill('Strömstugor AB');
  await page.getByLabel('Organisationsnummer').fill('556677-8899');
  await page.getByLabel('Momsregistrerad').selectOption('YES');
  await page.getByLabel('Momsregistreringsnummer').fill('SE556677889901');
  await page.getByLabel('Momssats (%)').fill('25');
  await page.getByRole('button', { name: 'Spara', exact: true }).click();
  await expect(page.getByText('Dina uppgifter har sparats')).toBeVisible();
  await page.getByLabel('Lösenord', { exact: true }).and(page.locator('input')).fill('ny-vard-1');
  await page.getByLabel('Upprepa lösenordet').fill('ny-vard-1');
  await page.getByRole('button', { name: 'Spara lösenord' }).click();
  await expect(page.getByText('Ditt lösenord har sparats')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Företagsnamn')).toHaveValue('Strömstugor AB');

  // A new ad, every required step, BankID as the profile's own person.
  await page.goto('/dashboard/cottages');
  await page.getByRole('link', { name: 'Skapa ny annons' }).click();
  await expect(page).toHaveURL(/\/dashboard\/cottages\/new$/);
  await page.getByRole('button', { name: 'Skapa annons' }).click();
  await expect(page).toHaveURL(/\/dashboard\/cottages\/\d+\/base$/);
  const editor = page.url().replace(/\/base$/, '');
  const adId = Number(editor.split('/').pop());
  await page.getByLabel('Yta (m²)').fill('48');
  await page.getByLabel('Bäddar', { exact: true }).fill('4');
  await page.getByLabel('Typ av boende').selectOption({ label: 'Stuga' });
  await page.getByLabel('Vad hyr du ut?').selectOption({ label: 'Hela bostaden' });
  await saveStep(page);
  await fillText(page, 'Strömstugan');
  await fillPosition(page, true);
  await page.getByRole('link', { name: 'Plats', exact: true }).click();
  await page.getByLabel('Lägg till ort').selectOption({ label: 'Rättvik' });
  await saveStep(page);
  await fillCalendar(page);
  await addImage(page);
  await verifyWithBankId(page, editor, 'Linnea Ström');

  // Continue leads to the payment page; commission asks for the three terms first (SPEC §5).
  await page.getByRole('link', { name: 'Fortsätt' }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/cottages/${adId}/payment$`));
  await expect(page.getByRole('heading', { name: `Betalning för annons #${adId}` })).toBeVisible();
  await page.getByRole('button', { name: 'Välj provision' }).click();
  const terms = page.getByRole('dialog', { name: 'Välj provision' });
  await terms.getByRole('button', { name: 'Välj provision' }).click();
  await expect(terms.getByText('Kryssa i rutan för att fortsätta')).toHaveCount(3);
  await terms.getByLabel('Jag godkänner Stugas allmänna villkor').check();
  await terms.getByLabel('Jag godkänner bokningsvillkoren för uthyrare').check();
  await terms.getByLabel('Jag kontaktar inte gäster och tar inte emot betalning utanför tjänsten').check();
  await terms.getByRole('button', { name: 'Välj provision' }).click();
  await expect(page.getByText('Klart! Vi granskar din annons, normalt inom 24 timmar.')).toBeVisible();

  // The marketplace approves; a guest writes; the new host sends an offer.
  const admin = await as(browser, ADMIN);
  await admin.goto(`/sv/stuga/${adId}`);
  await admin.getByRole('button', { name: 'Godkänn annonsen' }).click();
  await expect(admin.getByText('Förhandsgranskning: annonsen är inte publicerad än.')).toBeHidden();
  const guest = await as(browser, GUEST);
  const conversationPath = await contactHost(guest, adId, 'Hej! Är Strömstugan ledig i juli?');
  await fillOffer(page, conversationPath, { checkIn: day(220), checkOut: day(224), total: '6400', guests: '3' });
  const bookingPath = await sendOffer(page);
  await guest.goto(bookingPath);
  await expect(guest.getByTestId('status-banner')).toHaveAttribute('data-status', 'PENDING');

  // With an approved ad the payout tab opens: host information and the bank account (issue 15).
  await page.goto('/dashboard/profile');
  await page.getByRole('link', { name: 'Utbetalning' }).click();
  await expect(page).toHaveURL(/\/dashboard\/profile\/payout$/);
  await expect(page.getByText('Utbetalningar till ditt bankkonto kräver en engångsverifiering med ID-handlingar')).toBeVisible();
  await page.getByLabel('Bankkonto (IBAN)').fill('SE45 5000 0000 0583 9825 7467');
  await page.getByLabel('Skatteregistreringsnummer (TIN)').fill('9206151234');
  await page.getByRole('button', { name: 'Spara', exact: true }).click();
  await expect(page.getByText('Ogiltigt IBAN')).toBeVisible();
  await expect(page.getByText('Godkänn betalningsvillkoren för att fortsätta')).toBeVisible();
  await page.getByLabel('Bankkonto (IBAN)').fill('SE45 5000 0000 0583 9825 7466');
  await page.getByLabel('Adress', { exact: true }).fill('Hamngatan 2');
  await page.getByLabel('Postnummer').fill('11147');
  await page.getByLabel('Ort').fill('Stockholm');
  await page.getByLabel('Jag godkänner betaltjänstens villkor för utbetalningar').check();
  await page.getByRole('button', { name: 'Spara', exact: true }).click();
  const prompt = page.getByRole('dialog', { name: 'Bekräfta med ditt lösenord' });
  await prompt.getByLabel('Lösenord', { exact: true }).and(prompt.locator('input')).fill('ny-vard-1');
  await prompt.getByRole('button', { name: 'Bekräfta' }).click();
  // A new bank account is confirmed with SCA at the payment provider: failed once, resumed, then passed.
  await expect(page).toHaveURL(/\/sandbox\/mangopay\/sca\/rcpt_/);
  await page.getByRole('button', { name: 'Misslyckas' }).click();
  await expect(page).toHaveURL(/\/dashboard\/payout\?rid=rcpt_.*controlStatus=FAILED/);
  await expect(page.getByText('Verifieringen är inte slutförd. Du kan återuppta den.')).toBeVisible();
  await page.getByRole('button', { name: 'Återuppta verifieringen' }).click();
  await expect(page).toHaveURL(/\/sandbox\/mangopay\/sca\/rcpt_/);
  await page.getByRole('button', { name: 'Bekräfta' }).click();
  await expect(page.getByText('Ditt bankkonto är verifierat. Utbetalningar går dit.')).toBeVisible();
  await page.getByRole('link', { name: 'Tillbaka till utbetalning' }).click();
  await expect(page.getByTestId('payout-step-1')).toHaveAttribute('data-done', 'true');
  await expect(page.getByTestId('payout-account')).toContainText('SE45 •••• 7466');

  // Step 2: the ID documents. A driving licence needs both sides; the desk refuses it, a passport passes.
  await page.getByRole('link', { name: 'Ladda upp ID-handlingar' }).click();
  await expect(page).toHaveURL(/\/dashboard\/profile\/id-verification$/);
  await page.getByLabel('Handling', { exact: true }).selectOption('DRIVING_LICENCE');
  await page.getByRole('button', { name: 'Skicka för verifiering' }).click();
  await expect(page.getByText('Välj framsidan')).toBeVisible();
  await expect(page.getByText('Välj baksidan')).toBeVisible();
  await expect(page.getByText('Godkänn villkoren för att fortsätta')).toBeVisible();
  await page.getByLabel('Framsida').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') });
  await expect(page.getByText('Filen måste vara GIF, JPEG, PNG eller PDF')).toBeVisible();
  await page.getByLabel('Framsida').setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: PNG });
  await page.getByLabel('Baksida').setInputFiles({ name: 'back.pdf', mimeType: 'application/pdf', buffer: PDF });
  await page.getByLabel('Jag intygar att handlingen är min och giltig', { exact: false }).check();
  await page.getByRole('button', { name: 'Skicka för verifiering' }).click();
  await expect(page.getByText('Dina ID-handlingar har skickats.', { exact: false })).toBeVisible();
  await expect(page.getByTestId('kyc-status')).toHaveText('Dina ID-handlingar granskas.');
  await decideKyc(browser, 'Linnea Ström', 'refuse');
  await page.reload();
  await expect(page.getByTestId('kyc-status')).toHaveText('Dina ID-handlingar nekades. Ladda upp nya.');
  await expect(page.getByTestId('kyc-documents')).toContainText('Anledning: The document has expired.');
  await page.getByLabel('Framsida').or(page.getByLabel('Fotosida')).setInputFiles({ name: 'passport.png', mimeType: 'image/png', buffer: PNG });
  await page.getByLabel('Jag intygar att handlingen är min och giltig', { exact: false }).check();
  await page.getByRole('button', { name: 'Skicka för verifiering' }).click();
  await expect(page.getByTestId('kyc-status')).toHaveText('Dina ID-handlingar granskas.');
  await decideKyc(browser, 'Linnea Ström', 'approve');
  await page.goto('/dashboard/profile/payout');
  await expect(page.getByTestId('payout-step-2')).toHaveAttribute('data-done', 'true');
  await expect(page.getByTestId('kyc-status')).toHaveText('Din identitet är verifierad.');
});

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(2048, 7)]);
const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(2048, 32)]);

/** The administrator decides the host's waiting document on the MangoPay emulation's KYC desk. */
async function decideKyc(browser: Browser, names: string, decision: 'approve' | 'refuse') {
  const desk = await as(browser, ADMIN);
  await desk.goto('/sandbox/mangopay/kyc');
  const item = desk.getByRole('listitem').filter({ hasText: names }).first();
  if (decision === 'approve') await item.getByRole('button', { name: 'Godkänn' }).click();
  else {
    await item.getByLabel('Anledning till nekandet').selectOption('DOCUMENT_HAS_EXPIRED');
    await item.getByRole('button', { name: 'Neka' }).click();
  }
  await expect(desk.getByRole('listitem').filter({ hasText: names })).toHaveCount(0);
  await desk.context().close();
}

test('a STRICT user confirms a save with the password; a wrong one is explained in the prompt', async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await as(browser, GUEST);
  await page.goto('/dashboard/profile');
  await expect(page.getByRole('heading', { name: 'Min profil' })).toBeVisible();
  await page.getByLabel('Annat telefonnummer (valfritt)').fill('+46812345678');
  await page.getByRole('button', { name: 'Spara', exact: true }).click();
  const prompt = page.getByRole('dialog', { name: 'Bekräfta med ditt lösenord' });
  await prompt.getByLabel('Lösenord', { exact: true }).and(prompt.locator('input')).fill('wrong-pass');
  await prompt.getByRole('button', { name: 'Bekräfta' }).click();
  await expect(prompt.getByText('Fel lösenord', { exact: false }).or(prompt.getByText('Lösenordet stämmer inte'))).toBeVisible();
  await prompt.getByLabel('Lösenord', { exact: true }).and(prompt.locator('input')).fill('demo-guest-1');
  await prompt.getByRole('button', { name: 'Bekräfta' }).click();
  await expect(page.getByText('Dina uppgifter har sparats')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Annat telefonnummer (valfritt)')).toHaveValue('+46812345678');
});

test('a BankID-verified user saves after BankID; a mismatch lists the fields', async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await asCompany(browser);
  await page.goto('/dashboard/profile');
  await expect(page.getByLabel('Förnamn')).toHaveAttribute('readonly');
  await page.getByLabel('Ort').fill('Åre');
  await page.getByRole('button', { name: 'Spara', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Legitimera dig med BankID' });
  await expect(dialog.getByRole('img', { name: 'Skanna QR-koden med BankID-appen i din telefon.' })).toBeVisible();

  // A stranger identifies in the app: the fields BankID disagrees on are listed.
  let app = page.waitForEvent('popup');
  await dialog.getByRole('link', { name: 'Öppna BankID på den här enheten' }).click();
  let popup = await app;
  await popup.getByRole('button', { name: /Sven Svensson/ }).click();
  await expect(dialog.getByText('Informationen från BankID stämmer inte', { exact: false }).or(dialog.getByRole('alert'))).toBeVisible();
  await expect(dialog.getByText('Förnamn: profilen "Anders", BankID "Sven"', { exact: false })).toBeVisible();
  await popup.close();
  await dialog.getByRole('button', { name: 'Avbryt' }).click();

  // Then the user's own identity: the save goes through.
  await page.getByRole('button', { name: 'Spara', exact: true }).click();
  app = page.waitForEvent('popup');
  await dialog.getByRole('link', { name: 'Öppna BankID på den här enheten' }).click();
  popup = await app;
  await popup.getByRole('button', { name: /Anders Nilsson/ }).click();
  await expect(page.getByText('Dina uppgifter har sparats')).toBeVisible();
  await popup.close();
});

test('deleting an account is refused while it has ads, and works without', async ({ browser }) => {
  test.setTimeout(120_000);
  const host = await as(browser, HOST);
  await host.goto('/dashboard/profile');
  await host.getByRole('button', { name: 'Radera mitt konto' }).click();
  const dialog = host.getByRole('dialog', { name: 'Radera mitt konto' });
  await dialog.getByLabel('Jag förstår, radera mitt konto').check();
  await dialog.getByLabel('Skriv "ta bort mitt konto permanent" för att bekräfta').fill('ta bort mitt konto permanent');
  await dialog.getByRole('button', { name: 'Radera mitt konto' }).click();
  await expect(dialog.getByText('Ditt konto innehåller annonser.', { exact: false })).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Till mina annonser' })).toBeVisible();

  const page = await (await browser.newContext()).newPage();
  await newUser(page, 'leaving');
  await page.goto('/dashboard/profile');
  await page.getByRole('button', { name: 'Radera mitt konto' }).click();
  const own = page.getByRole('dialog', { name: 'Radera mitt konto' });
  await own.getByRole('button', { name: 'Radera mitt konto' }).click();
  await expect(own.getByText('Kryssa i rutan för att bekräfta')).toBeVisible();
  await own.getByLabel('Jag förstår, radera mitt konto').check();
  await own.getByLabel('Skriv "ta bort mitt konto permanent" för att bekräfta').fill('delete account');
  await own.getByRole('button', { name: 'Radera mitt konto' }).click();
  await expect(own.getByText('Ditt konto har raderats', { exact: false })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/login/, { timeout: 15_000 });
});
