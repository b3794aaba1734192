// Screenshots of the booking screens, sv and en, desktop and mobile, on the demo data:
// node scripts/screenshots-bookings.mjs [baseURL]   (a fresh demo database: booking ids 1–8 as seeded)
import { mkdirSync } from 'node:fs';
import { chromium } from '@playwright/test';

const base = process.argv[2] ?? 'http://localhost:3000';
const out = 'screenshots';
mkdirSync(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
const labels = {
  sv: { email: 'E-post', cont: 'Fortsätt', pw: 'Lösenord', login: 'Logga in', preview: 'Förhandsgranska', price: 'Totalpris (kr)', guests: 'Antal gäster' },
  en: { email: 'E-mail', cont: 'Continue', pw: 'Password', login: 'Log in', preview: 'Preview', price: 'Total price (SEK)', guests: 'Number of guests' },
};
const users = { host: ['host@example.com', 'demo-host-1'], guest: ['guest@example.com', 'demo-guest-1'] };

async function session(lang, who, width) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  await context.addCookies([{ name: 'lang', value: lang, url: base }]);
  const page = await context.newPage();
  const l = labels[lang];
  await page.goto(`${base}/dashboard/login`);
  await page.getByLabel(l.email).fill(users[who][0]);
  await page.getByRole('button', { name: l.cont }).click();
  await page.getByLabel(l.pw).fill(users[who][1]);
  await page.getByRole('button', { name: l.login }).click();
  await page.waitForURL(/conversations$/);
  return { page, context, l };
}

async function shot(page, name, lang, width) {
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${out}/${name}-${lang}-${width}.png`, fullPage: true });
}

// The demo conversation about the commission ad holds the seeded bookings.
const conversationOf = async (page) => {
  await page.goto(`${base}/dashboard/bookings?checkInFrom=2000-01-01`);
  const href = await page
    .getByRole('link', { name: /Go to conversation|Gå till konversationen/ })
    .first()
    .getAttribute('href');
  return href;
};

for (const lang of ['sv', 'en']) {
  for (const width of [1280, 390]) {
    const host = await session(lang, 'host', width);
    const conversation = await conversationOf(host.page);
    await shot(host.page, 'bookings-list-host', lang, width);
    await host.page.goto(`${base}${conversation}/bookings/new`);
    await shot(host.page, 'offer-form', lang, width);
    await host.page.getByLabel(host.l.price).fill('50');
    await host.page.getByLabel(host.l.guests).fill('200');
    await host.page.getByRole('button', { name: host.l.preview }).click();
    await shot(host.page, 'offer-form-errors', lang, width);
    if (width === 1280) {
      // Overlapping the seeded pending offer (check-in in 20 days): the preview warns.
      const day = (n) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
      await host.page.goto(`${base}${conversation}/bookings/new`);
      await host.page.locator('input[type=date]').nth(0).fill(day(21));
      await host.page.locator('input[type=date]').nth(1).fill(day(23));
      await host.page.getByLabel(host.l.guests).fill('4');
      await host.page.locator('select').nth(2).selectOption({ index: 2 });
      await host.page.getByLabel(host.l.price).fill('7500');
      await host.page.locator('input[type=date]').nth(2).fill(day(3));
      await host.page.getByRole('button', { name: host.l.preview }).click();
      await shot(host.page, 'offer-preview', lang, width);
      for (const id of [1, 2, 3, 4, 5, 6, 7, 8]) {
        await host.page.goto(`${base}${conversation}/bookings/${id}`);
        await shot(host.page, `booking-${id}-host`, lang, width);
      }
      await host.page.goto(`${base}${conversation}/bookings/1`);
      await host.page.emulateMedia({ media: 'print' });
      await host.page.setViewportSize({ width: 794, height: 1123 });
      await shot(host.page, 'booking-print', lang, 794);
      await host.page.emulateMedia({ media: 'screen' });
      await host.page.setViewportSize({ width, height: 900 });
      await host.page.goto(`${base}${conversation}/bookings`);
      await shot(host.page, 'offers-tab', lang, width);
      await host.page.goto(`${base}${conversation}/bookings/7/edit`);
      await shot(host.page, 'booking-edit', lang, width);
    }
    await host.context.close();

    const guest = await session(lang, 'guest', width);
    for (const id of width === 1280 ? [1, 2, 3, 4, 5, 6, 7] : [7]) {
      await guest.page.goto(`${base}${conversation}/bookings/${id}`);
      await shot(guest.page, `booking-${id}-guest`, lang, width);
    }
    if (width === 1280) {
      // The sandbox provider's card page, and its 3-D Secure step.
      await guest.page.goto(`${base}${conversation}/bookings/8`);
      await guest.page.locator('[data-testid="pay-box"] input[type=checkbox]').check();
      await guest.page.locator('input[value=CB_VISA_MASTERCARD]').check();
      await guest.page.locator('[data-testid="pay-box"] button').click();
      await guest.page.waitForURL(/sandbox\/mangopay/);
      await shot(guest.page, 'sandbox-card', lang, width);
      await guest.page.locator('input[autocomplete=cc-number]').fill('4970105181818183');
      await guest.page.locator('input[autocomplete=cc-exp]').fill('12/39');
      await guest.page.locator('input[autocomplete=cc-csc]').fill('123');
      await guest.page.locator('form button[type=submit]').click();
      await guest.page.getByTestId('secure-step').waitFor();
      await shot(guest.page, 'sandbox-secure', lang, width);
    }
    await guest.page.goto(`${base}${conversation}/bookings/7?transaction=failed&errorCode=001001&errorMessage=Unsufficient%20wallet%20balance`);
    await shot(guest.page, 'payment-failed', lang, width);
    await guest.page.goto(`${base}${conversation}/bookings/5?transaction=success`);
    await shot(guest.page, 'payment-success', lang, width);
    await guest.page.goto(`${base}/dashboard/bookings`);
    await shot(guest.page, 'bookings-list-guest', lang, width);
    await guest.page.goto(`${base}/dashboard/bookings?status=expired&checkInFrom=2030-01-01`);
    await shot(guest.page, 'bookings-empty', lang, width);
    await guest.page.goto(`${base}${conversation}`);
    await shot(guest.page, 'chat-with-bookings', lang, width);
    await guest.context.close();
  }
}
await browser.close();
console.log('screenshots written to', out);
