import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { GUEST, HOST } from './helpers';

// Every route of the product, in Swedish and English, as a signed-out visitor, a guest and a host,
// with the demo data the e2e server seeds: zero axe violations of WCAG 2.2 A and AA.
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
type Lang = 'sv' | 'en';
type Who = { email: string; password: string };
type Route = { path: string; ready?: string; name?: string };

const texts = {
  sv: { email: 'E-post', password: 'Lösenord', next: 'Fortsätt', logIn: 'Logga in' },
  en: { email: 'E-mail', password: 'Password', next: 'Continue', logIn: 'Log in' },
};

/** A fresh context in `lang` (the ?lang cookie), signed in as `who` when given. */
async function open(browser: Browser, lang: Lang, who?: Who): Promise<Page> {
  const page = await (await browser.newContext({ locale: lang === 'sv' ? 'sv-SE' : 'en-GB' })).newPage();
  await page.goto(`/dashboard/login?lang=${lang}`);
  if (who) {
    await page.getByLabel(texts[lang].email).fill(who.email);
    await page.getByRole('button', { name: texts[lang].next }).click();
    await page.getByLabel(texts[lang].password).fill(who.password);
    await page.getByRole('button', { name: texts[lang].logIn }).click();
    await expect(page).toHaveURL(/\/dashboard\/conversations$/);
  }
  return page;
}

/** Hrefs of the links on `path` that match `pattern`, in page order. */
async function hrefs(page: Page, path: string, pattern: RegExp): Promise<string[]> {
  await page.goto(path);
  await page.locator('main').first().waitFor();
  const all = await page.locator('a[href]').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  return [...new Set(all.filter((href) => pattern.test(href)))];
}

/** axe in the page itself (legacy mode: no cross-origin frames here), without a second page per run. */
const axe = (page: Page) => new AxeBuilder({ page }).withTags(TAGS).setLegacyMode(true).analyze();

async function scan(page: Page, route: Route, lang: Lang, role: string): Promise<number> {
  await page.goto(route.path);
  await page
    .locator(route.ready ?? 'h1')
    .first()
    .waitFor({ timeout: 20_000 });
  const { violations } = await axe(page);
  const found = violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  const count = violations.reduce((sum, v) => sum + v.nodes.length, 0);
  test.info().annotations.push({ type: 'axe', description: `${lang} ${role} ${route.name ?? route.path}: ${count}` });
  expect.soft(found, `${lang} ${role} ${route.path}`).toEqual([]);
  return count;
}

async function scanAll(page: Page, routes: Route[], lang: Lang, role: string) {
  for (const route of routes) await scan(page, route, lang, role);
}

const DIALOGS = ['base', 'text', 'position', 'location', 'amenities', 'pricing', 'calendar', 'images', 'verify', 'sync', 'rules'];

for (const lang of ['sv', 'en'] as const) {
  test.describe(`every route in ${lang}`, () => {
    test('signed out', async ({ browser }) => {
      test.setTimeout(180_000);
      const page = await open(browser, lang);
      await scanAll(
        page,
        [
          { path: '/dashboard/login' },
          { path: '/dashboard/reset-password/not-a-real-hash' },
          { path: '/dashboard/redirect?token=not-a-real-token', name: '/dashboard/redirect (invalid token → login)' },
          { path: '/dashboard/no-such-page', name: 'not found' },
          { path: '/dashboard/dev/outbox' },
          { path: `/${lang}/stuga/3`, name: '/[lang]/stuga/[id]' },
          { path: `/${lang}/stuga/2`, name: '/[lang]/stuga/[id] (unpublished: not found)' },
          { path: '/sandbox/insurance/OMO-TEST1234', name: '/sandbox/insurance/[id]' },
        ],
        lang,
        'visitor',
      );
      // The login's later steps: password, and a new account's prompt.
      await page.goto('/dashboard/login');
      await page.getByLabel(texts[lang].email).fill(GUEST.email);
      await page.getByRole('button', { name: texts[lang].next }).click();
      await page.getByRole('button', { name: texts[lang].logIn }).click();
      await page.locator('[aria-invalid="true"]').waitFor();
      expect.soft((await axe(page)).violations, 'login: password step with an error').toEqual([]);
      await page.goto('/dashboard/login');
      await page.getByLabel(texts[lang].email).fill('nobody-yet@example.com');
      await page.getByRole('button', { name: texts[lang].next }).click();
      await page.getByText('nobody-yet@example.com').first().waitFor();
      expect.soft((await axe(page)).violations, 'login: create-account step').toEqual([]);
    });

    test('as a guest', async ({ browser }) => {
      test.setTimeout(240_000);
      const page = await open(browser, lang, GUEST);
      const [conversation] = await hrefs(page, '/dashboard/conversations', /^\/dashboard\/conversations\/\d+$/);
      const [booking] = await hrefs(page, '/dashboard/bookings?checkInFrom=2000-01-01', /^\/dashboard\/conversations\/\d+\/bookings\/\d+$/);
      const [receipt] = await hrefs(page, '/dashboard/orders?type=refund', /^\/dashboard\/orders\/\d+$/);
      const [newReview] = await hrefs(page, '/dashboard/bookings', /^\/dashboard\/reviews\/new\/\d+\/\d+$/);
      expect(conversation && booking && receipt && newReview).toBeTruthy();
      await scanAll(
        page,
        [
          { path: '/dashboard/conversations' },
          { path: '/dashboard/conversations?tag=3', name: '/dashboard/conversations (archived)' },
          { path: conversation!, ready: '[data-testid="messages"]', name: '/dashboard/conversations/[id]' },
          { path: `${conversation}/bookings`, name: '/dashboard/conversations/[id]/bookings' },
          { path: booking!, ready: '[data-testid="status-banner"]', name: '/dashboard/conversations/[id]/bookings/[bookingId]' },
          { path: '/dashboard/conversations/999999', ready: '[role="alert"], .text-red-800, main', name: 'an unknown conversation' },
          { path: '/dashboard/bookings' },
          { path: '/dashboard/bookings?checkInFrom=2000-01-01&status=cancelled', name: '/dashboard/bookings (filtered)' },
          { path: '/dashboard/cottages' },
          { path: '/dashboard/cottages/3', ready: 'main', name: "/dashboard/cottages/[id] (someone else's: not allowed)" },
          { path: '/dashboard/orders', ready: '[data-testid="receipt-row"]' },
          { path: '/dashboard/orders?type=payout', ready: '[data-testid="receipts-empty"]', name: '/dashboard/orders (filtered: none)' },
          { path: receipt!, ready: '[data-testid="receipt"]', name: '/dashboard/orders/[id] (refund, no VAT)' },
          { path: '/dashboard/reviews', ready: '[data-testid="reviews-empty"], [data-testid="review"]' },
          { path: `${newReview}?stars=4`, ready: '[data-testid="review-form"]', name: '/dashboard/reviews/new/[cottageId]/[bookingId]' },
          { path: '/dashboard/to-do' },
          { path: '/dashboard/news' },
          { path: '/dashboard/change-password' },
          { path: '/dashboard/profile', ready: 'form', name: '/dashboard/profile' },
          { path: '/dashboard/profile?next=/bookings&booking=true', ready: 'form', name: '/dashboard/profile (completing for a booking)' },
          { path: `/${lang}/stuga/3`, ready: '#contact-host', name: '/[lang]/stuga/[id] (contact form)' },
          { path: '/dashboard/no-such-page', name: 'not found (signed in)' },
        ],
        lang,
        'guest',
      );
      // The profile's dialogs: the password prompt of a STRICT save and the account deletion.
      await page.goto('/dashboard/profile');
      await page.locator('form').first().waitFor();
      await page.locator('input[name="phone_2"]').fill('+46812345678');
      await page.locator('button[type="submit"]').first().click();
      await page.getByRole('dialog').waitFor();
      expect.soft((await axe(page)).violations, 'profile: password prompt').toEqual([]);
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'hidden' });
      await page.getByRole('button', { name: lang === 'sv' ? 'Radera mitt konto' : 'Delete my account' }).click();
      await page.getByRole('dialog').waitFor();
      expect.soft((await axe(page)).violations, 'profile: delete account').toEqual([]);
    });

    test('as a host', async ({ browser }) => {
      test.setTimeout(420_000);
      const page = await open(browser, lang, HOST);
      const [conversation] = await hrefs(page, '/dashboard/conversations', /^\/dashboard\/conversations\/\d+$/);
      const [booking] = await hrefs(page, '/dashboard/bookings?checkInFrom=2000-01-01', /^\/dashboard\/conversations\/\d+\/bookings\/\d+$/);
      const [news] = await hrefs(page, '/dashboard/news', /^\/dashboard\/news\/\d+$/);
      const [receipt] = await hrefs(page, '/dashboard/orders?type=fee', /^\/dashboard\/orders\/\d+$/);
      expect(conversation && booking && news && receipt).toBeTruthy();
      await scanAll(
        page,
        [
          { path: '/dashboard/conversations' },
          { path: conversation!, ready: '[data-testid="messages"]', name: '/dashboard/conversations/[id]' },
          { path: `${conversation}/bookings`, name: '/dashboard/conversations/[id]/bookings' },
          { path: `${conversation}/bookings/new`, ready: 'form', name: '/dashboard/conversations/[id]/bookings/new' },
          { path: booking!, ready: '[data-testid="status-banner"]', name: '/dashboard/conversations/[id]/bookings/[bookingId]' },
          { path: `${booking}/edit`, name: '/dashboard/conversations/[id]/bookings/[bookingId]/edit' },
          { path: '/dashboard/bookings?checkInFrom=2000-01-01', name: '/dashboard/bookings' },
          { path: '/dashboard/cottages' },
          { path: '/dashboard/cottages/new' },
          { path: '/dashboard/cottages/new/fixed' },
          { path: '/dashboard/cottages/3', name: '/dashboard/cottages/[id]' },
          { path: '/dashboard/cottages/4', name: '/dashboard/cottages/[id] (fixed price, incomplete)' },
          ...DIALOGS.map((dialog) => ({ path: `/dashboard/cottages/3/${dialog}`, ready: 'dialog[open] h2', name: `/dashboard/cottages/[id]/${dialog}` })),
          { path: '/dashboard/cottages/999999', name: 'an unknown cottage (not found)' },
          { path: '/dashboard/to-do' },
          { path: '/dashboard/news' },
          { path: news!, name: '/dashboard/news/[id]' },
          { path: '/dashboard/change-password' },
          { path: '/dashboard/profile', ready: 'form', name: '/dashboard/profile' },
          { path: '/dashboard/profile/payout', ready: 'form', name: '/dashboard/profile/payout' },
          { path: '/dashboard/profile/id-verification', ready: 'main', name: '/dashboard/profile/id-verification' },
          { path: '/dashboard/payout', ready: '[data-phase="error"]', name: '/dashboard/payout (no recipient)' },
          { path: '/dashboard/profile/sca-enroll', ready: 'main', name: '/dashboard/profile/sca-enroll (no payout account)' },
          { path: '/dashboard/orders', ready: '[data-testid="receipt-row"]' },
          { path: receipt!, ready: '[data-testid="receipt"]', name: '/dashboard/orders/[id] (fee, with VAT)' },
          { path: '/dashboard/reviews', ready: '[data-testid="reviews-empty"], [data-testid="review"]' },
          { path: '/dashboard/reviews/new/3', ready: '[role="alert"]', name: '/dashboard/reviews/new/[cottageId] (own ad: not allowed)' },
          { path: '/dashboard/orders/dac7/info', ready: 'main', name: '/dashboard/orders/dac7/info' },
          { path: '/dashboard/cottages/3/payment', name: '/dashboard/cottages/[id]/payment (commission)' },
          { path: '/dashboard/cottages/4/payment', name: '/dashboard/cottages/[id]/payment (fixed price, incomplete)' },
          { path: `/${lang}/stuga/3`, name: '/[lang]/stuga/[id] (own ad)' },
          { path: `/${lang}/stuga/4`, ready: 'main', name: '/[lang]/stuga/[id] (own ad, not published: preview)' },
        ],
        lang,
        'host',
      );
    });
  });
}
