import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { GUEST, HOST, as, contactHost, day, fillOffer, sendOffer, signIn } from './helpers';

// Issue 18: a host imports another site's calendar (served here by a local test server), sees its
// nights blocked with their source, copies the export address; an offer over those nights is refused.

const compact = (d: string) => d.replaceAll('-', '');

/** An Airbnb-like feed: one all-day stay (end exclusive), as other sites export them. */
function airbnbFeed(from: string, to: string) {
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Airbnb Inc//Hosting Calendar 1.0//EN',
    'BEGIN:VEVENT',
    `DTSTART;VALUE=DATE:${compact(from)}`,
    `DTEND;VALUE=DATE:${compact(to)}`,
    'UID:e2e-airbnb-1@airbnb.com',
    'SUMMARY:Reserved',
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

let feedServer: Server;
let feedUrl: string;
const importedFrom = day(40);
const importedTo = day(43);

test.beforeAll(async () => {
  feedServer = createServer((request, response) => {
    if (request.url === '/airbnb.ics') {
      response.writeHead(200, { 'content-type': 'text/calendar; charset=utf-8' });
      response.end(airbnbFeed(importedFrom, importedTo));
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => feedServer.listen(0, '127.0.0.1', resolve));
  feedUrl = `http://127.0.0.1:${(feedServer.address() as AddressInfo).port}/airbnb.ics`;
});
test.afterAll(() => new Promise<void>((resolve) => feedServer.close(() => resolve())));

test('a host imports a calendar, sees its nights blocked with the source, copies the export address; an offer over them is refused', async ({ browser }) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
  const host = await context.newPage();
  await host.goto('/dashboard/login');
  await signIn(host, HOST.email, HOST.password);
  await expect(host).toHaveURL(/\/dashboard\/conversations$/);

  // From the editor's list to the sync dialog.
  await host.goto('/dashboard/cottages/3');
  await host.getByRole('link', { name: 'Kalendersynk' }).click();
  const dialog = host.getByRole('dialog', { name: 'Kalendersynk' });
  await expect(dialog.getByText('Inga kalendrar är importerade än.')).toBeVisible();

  // Import the feed: it is fetched at once, its one stay counted.
  await dialog.getByLabel('Namn (sajten)').fill('Airbnb');
  await dialog.getByLabel('Kalenderns adress (iCal)').fill(feedUrl);
  await dialog.getByRole('button', { name: 'Importera', exact: true }).click();
  const feed = dialog.getByTestId('feed');
  await expect(feed).toContainText('Airbnb');
  await expect(feed).toContainText('1 period');
  await expect(feed).toContainText('Senast synkad');
  await expect(dialog.getByTestId('feed-error')).toHaveCount(0);

  // The same address twice is refused on the field.
  await dialog.getByLabel('Namn (sajten)').fill('Airbnb igen');
  await dialog.getByLabel('Kalenderns adress (iCal)').fill(feedUrl);
  await dialog.getByRole('button', { name: 'Importera', exact: true }).click();
  await expect(dialog.getByText('Den här kalendern är redan importerad.')).toBeVisible();
  await expect(dialog.getByTestId('feed')).toHaveCount(1);

  // Copy the export address: the clipboard holds it, and it serves the ad's calendar with the imported nights.
  await dialog.getByRole('button', { name: 'Kopiera adressen' }).click();
  await expect(dialog.getByText('Adressen är kopierad')).toBeVisible();
  const copied = await host.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(/\/ical\/3\/[A-Za-z0-9_-]{32}\.ics$/);
  await expect(dialog.getByTestId('export-url')).toHaveValue(copied);
  const exported = await host.request.get(copied);
  expect(exported.status()).toBe(200);
  const ics = await exported.text();
  expect(ics).toContain('BEGIN:VCALENDAR');
  expect(ics).toContain(`DTSTART;VALUE=DATE:${compact(importedFrom)}`);
  expect(ics).not.toContain('guest@example.com');

  // The calendar step shows the imported nights in their own colour, with the source, and keeps them out of reach.
  await host.goto('/dashboard/cottages/3/calendar');
  const calendar = host.getByRole('dialog', { name: 'Kalender', exact: true });
  const first = calendar.locator(`[data-day="${importedFrom}"]`);
  await expect(first).toHaveAttribute('data-state', 'imported');
  await expect(first).toHaveAttribute('data-source', 'Airbnb');
  await expect(first).toHaveAttribute('aria-label', /bokat på Airbnb$/);
  await expect(calendar.locator(`[data-day="${importedTo}"]`)).not.toHaveAttribute('data-state', 'imported');
  await expect(calendar.getByText('Bokat på en annan sajt')).toBeVisible();

  // The public ad shows those nights as booked (state 1), the night after them free as before.
  await host.goto('/sv/stuga/3');
  await expect(host.locator(`[data-day="${importedFrom}"]`)).toHaveAttribute('data-state', '1');
  await expect(host.locator(`[data-day="${day(42)}"]`)).toHaveAttribute('data-state', '1');

  // An offer over the imported nights is refused, naming the other site.
  const guest = await as(browser, GUEST);
  const conversationPath = await contactHost(guest, 3, 'Hej! Går det att hyra stugan då?');
  await fillOffer(host, conversationPath, { checkIn: day(41), checkOut: day(45), total: '6000' });
  await host.getByLabel('Jag godkänner villkoren för uthyrare och skickar erbjudandet på dessa villkor').check();
  await host.getByRole('button', { name: 'Skicka erbjudandet' }).click();
  await expect(host.getByText('Nätterna är bokade på Airbnb.').first()).toBeVisible();
  await expect(host).toHaveURL(/\/bookings\/new$/);

  // Removing the feed frees its nights again.
  await host.goto('/dashboard/cottages/3/sync');
  await dialog.getByRole('button', { name: 'Ta bort' }).click();
  await dialog.getByRole('button', { name: 'Ta bort' }).last().click();
  await expect(dialog.getByText('Inga kalendrar är importerade än.')).toBeVisible();
});

/** Next July's first Saturday, and a Monday in that July (UTC dates; the rule's weekdays are calendar days). */
function nextJuly() {
  const now = new Date();
  const year = now.getUTCMonth() >= 6 ? now.getUTCFullYear() + 1 : now.getUTCFullYear();
  const first = new Date(Date.UTC(year, 6, 1));
  const saturday = new Date(Date.UTC(year, 6, 1 + ((6 - first.getUTCDay() + 7) % 7)));
  const iso = (d: Date) => d.toISOString().slice(0, 10);
  const plus = (d: Date, n: number) => new Date(d.getTime() + n * 86_400_000);
  return { saturday: iso(saturday), nextSaturday: iso(plus(saturday, 7)), monday: iso(plus(saturday, 2)), thursday: iso(plus(saturday, 5)) };
}

test('a July Saturday-to-Saturday rule shows on the public ad and warns in the offer form; the host may send anyway', async ({ browser }) => {
  test.setTimeout(180_000);
  const host = await as(browser, HOST);
  const july = nextJuly();

  // The rule, in the editor's stay-rules step: a week from Saturday to Saturday in July.
  await host.goto('/dashboard/cottages/3');
  await host.getByRole('link', { name: 'Vistelseregler' }).click();
  const dialog = host.getByRole('dialog', { name: 'Vistelseregler' });
  await dialog.getByRole('button', { name: 'Lägg till en regel' }).click();
  const rule = dialog.getByTestId('stay-rule');
  await rule.getByLabel('Från … till …').check();
  await rule.getByLabel('Kortaste vistelse (nätter)').fill('7');
  await rule.getByRole('group', { name: 'Incheckningsdagar' }).getByLabel('lördag').check();
  await rule.getByRole('group', { name: 'Utcheckningsdagar' }).getByLabel('lördag').check();
  await expect(rule.getByTestId('stay-rule-summary')).toHaveText('1 juli – 31 juli: minst 7 nätter, incheckning lördag, utcheckning lördag');
  await dialog.getByRole('button', { name: 'Spara', exact: true }).click();
  await expect(host).toHaveURL(/\/dashboard\/cottages\/3$/);

  // Guests see it on the public ad, in both languages.
  await host.goto('/sv/stuga/3');
  await expect(host.getByTestId('stay-rules')).toContainText('1 juli – 31 juli: minst 7 nätter, incheckning lördag, utcheckning lördag');
  await host.goto('/en/stuga/3');
  await expect(host.getByTestId('stay-rules')).toContainText('1 July – 31 July: at least 7 nights, check-in Saturday, check-out Saturday');

  // The offer form warns, in words, about a Monday-to-Thursday stay in July.
  const guest = await as(browser, GUEST);
  const conversationPath = await contactHost(guest, 3, 'Hej! Kan vi komma några dagar i juli?');
  await fillOffer(host, conversationPath, { checkIn: july.monday, checkOut: july.thursday, total: '5000', preview: false });
  const warning = host.getByTestId('stay-rules-warning');
  await expect(warning).toContainText('Datumen bryter mot annonsens vistelseregler:');
  await expect(warning).toContainText('Vistelsen är kortare än den kortaste vistelse annonsen tar emot.');
  await expect(warning).toContainText('Annonsen tar inte emot incheckning den här veckodagen.');

  // Without the override the API refuses; with it, the offer is sent.
  await host.getByRole('button', { name: 'Förhandsgranska' }).click();
  await host.getByLabel('Jag godkänner villkoren för uthyrare och skickar erbjudandet på dessa villkor').check();
  await host.getByRole('button', { name: 'Skicka erbjudandet' }).click();
  await expect(host.getByText('Vistelsen bryter mot annonsens vistelseregler.').first()).toBeVisible();
  await expect(host).toHaveURL(/\/bookings\/new$/);
  await host.getByLabel('Skicka erbjudandet ändå (det bryter mot mina vistelseregler)').check();
  await host.getByRole('button', { name: 'Förhandsgranska' }).click();
  await sendOffer(host);

  // A Saturday-to-Saturday week breaks nothing: no warning.
  await fillOffer(host, conversationPath, { checkIn: july.saturday, checkOut: july.nextSaturday, total: '9000', preview: false });
  await expect(host.getByTestId('stay-rules-warning')).toBeAttached();
  await expect(host.getByTestId('stay-rules-warning')).not.toContainText('Datumen bryter');

  // Back to no rules, so that the ad is as the other flows expect it.
  await host.goto('/dashboard/cottages/3/rules');
  await dialog.getByRole('button', { name: 'Ta bort regeln' }).click();
  await dialog.getByRole('button', { name: 'Spara', exact: true }).click();
  await expect(host).toHaveURL(/\/dashboard\/cottages\/3$/);
  await host.goto('/sv/stuga/3');
  await expect(host.getByTestId('stay-rules')).toHaveCount(0);
});
