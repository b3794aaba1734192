import { expect, test, type Page } from '@playwright/test';
import { ADMIN, GUEST, HOST, as, day } from './helpers';

// SPEC §2 /reviews, /reviews/new and /reviews/edit, §4–§6 review rules, §8 review messages, in
// Chromium on the demo data: the host asks for a review in the chat, the guest follows it to the form
// (and reviews the finished stay from My bookings), the administrator
// approves it, it shows on the public ad with its averages, the host replies once, the guest edits
// it (waiting again) and deletes it, which makes the stay reviewable again.

const TEXT = 'En underbar vecka vid havet, stugan var precis som i annonsen.';
const EDITED = 'Ändrad: en fin vecka, men sängarna var lite hårda.';

/** One score's group of stars in the form. */
const stars = (page: Page, legend: string) => page.getByRole('group', { name: legend });

test('a guest reviews a finished stay; the admin approves it; it is public; the host replies once; the guest edits and deletes it', async ({ browser }) => {
  test.setTimeout(180_000);
  const guest = await as(browser, GUEST);

  // My bookings: the finished stay offers 'Add review'.
  await guest.goto('/dashboard/bookings');
  const add = guest.getByRole('link', { name: 'Lämna omdöme' });
  await expect(add).toHaveCount(1);
  const href = (await add.getAttribute('href'))!;
  const [, cottageId, bookingId] = /^\/dashboard\/reviews\/new\/(\d+)\/(\d+)$/.exec(href)!;

  // The host asks for a review after check-out; the guest follows the chat message's link to the form.
  const { conversation_id } = (await (await guest.request.get(`/api/bookings/${bookingId}`)).json()) as { conversation_id: number };
  const hostAsks = await as(browser, HOST);
  await hostAsks.goto(`/dashboard/conversations/${conversation_id}`);
  const ask = hostAsks.getByRole('button', { name: 'Be om ett omdöme' });
  const asked = hostAsks.getByText('Du bad gästen om ett omdöme.').first();
  // Once per stay: a retry of this test finds the request its first try sent, and no button.
  await expect(ask.or(asked)).toBeVisible();
  if (await ask.isVisible()) {
    await ask.click();
    await hostAsks.getByRole('button', { name: 'Skicka förfrågan' }).click();
  }
  await expect(asked).toBeVisible();
  await hostAsks.context().close();
  await guest.goto(`/dashboard/conversations/${conversation_id}`);
  await guest.getByTestId('review-request').last().getByRole('link', { name: 'Skriv ett omdöme' }).click();
  await expect(guest).toHaveURL(new RegExp(`${href}$`));

  // The stars query pre-fills the overall score.
  await guest.goto(`${href}?stars=4`);
  await expect(stars(guest, 'Helhetsbetyg').getByLabel('4 stjärnor')).toBeChecked();
  await guest.goto('/dashboard/bookings');
  await add.click();
  await expect(guest).toHaveURL(new RegExp(`${href}$`));
  await expect(guest.getByRole('heading', { level: 1, name: 'Skriv ett omdöme' })).toBeVisible();

  // All four scores are required.
  await guest.getByLabel('Ditt omdöme (valfritt)').fill('För kort');
  await guest.getByRole('button', { name: 'Skicka omdöme' }).click();
  for (const legend of ['Helhetsbetyg', 'Stämmer med annonsen', 'Renlighet', 'Läge']) await expect(stars(guest, legend)).toContainText('Måste fyllas i');

  await stars(guest, 'Helhetsbetyg').getByLabel('5 stjärnor').check();
  await stars(guest, 'Stämmer med annonsen').getByLabel('4 stjärnor').check();
  await stars(guest, 'Renlighet').getByLabel('5 stjärnor').check();
  // The stars are a radio group: the arrow keys choose.
  await stars(guest, 'Läge').getByLabel('1 stjärna').check();
  await guest.keyboard.press('ArrowRight');
  await guest.keyboard.press('ArrowRight');
  await expect(stars(guest, 'Läge').getByLabel('3 stjärnor')).toBeChecked();
  await expect(stars(guest, 'Läge')).not.toContainText('Måste fyllas i');
  // A text, when given, has at least 10 characters.
  await guest.getByRole('button', { name: 'Skicka omdöme' }).click();
  await expect(guest.getByText('Texten måste vara minst 10 tecken lång')).toBeVisible();
  await expect(guest).toHaveURL(new RegExp(`${href}$`));
  await expect(guest.getByLabel('År för vistelsen')).toHaveValue(day(0).slice(0, 4));
  await guest.getByLabel('Ditt omdöme (valfritt)').fill(TEXT);
  await expect(guest.getByText(`${TEXT.length} / 1000 tecken`)).toBeVisible();
  await guest.getByRole('button', { name: 'Skicka omdöme' }).click();

  // Saved, waiting for approval; the stay no longer offers 'Add review'.
  await expect(guest).toHaveURL(/\/dashboard\/reviews$/);
  await expect(guest.getByText('Omdömet har sparats')).toBeVisible();
  const mine = guest.getByTestId('review').filter({ hasText: TEXT });
  await expect(mine).toBeVisible();
  await expect(mine.getByTestId('review-state')).toHaveText('Väntar på godkännande');
  await expect(mine.getByRole('img', { name: '4 av 5' })).toBeVisible();
  await guest.goto(href);
  await expect(guest.getByText('Du har redan lämnat ett omdöme för den här bokningen')).toBeVisible();
  await guest.goto('/dashboard/bookings');
  await expect(guest.getByTestId('booking-row').first()).toBeVisible();
  await expect(guest.getByRole('link', { name: 'Lämna omdöme' })).toHaveCount(0);

  // Not yet public.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`/sv/stuga/${cottageId}`);
  await expect(visitor.getByTestId('reviews-count')).toHaveText('Inga omdömen ännu');

  // The administrator approves it from 'Waiting for approval'.
  const admin = await as(browser, ADMIN);
  await admin.goto('/dashboard/reviews');
  await admin.getByRole('link', { name: 'Väntar på godkännande' }).click();
  await expect(admin).toHaveURL(/\/dashboard\/reviews\?tab=waiting$/);
  const waiting = admin.getByTestId('waiting-review').filter({ hasText: TEXT });
  await expect(waiting).toBeVisible();
  await expect(waiting.getByTestId('flagged')).toHaveCount(0);
  await waiting.getByRole('button', { name: 'Godkänn' }).click();
  await expect(admin.getByText('Godkänt och publicerat')).toBeVisible();
  await expect(waiting).toHaveCount(0);

  // Public, with the averages.
  await visitor.reload();
  const section = visitor.getByTestId('public-reviews');
  await expect(section.getByTestId('reviews-count')).toHaveText('1 omdöme');
  const averages = section.getByTestId('review-averages');
  await expect(averages.getByRole('img', { name: '5,0 av 5' })).toHaveCount(2);
  await expect(averages.getByRole('img', { name: '4,0 av 5' })).toBeVisible();
  await expect(averages.getByRole('img', { name: '3,0 av 5' })).toBeVisible();
  await expect(section.getByTestId('public-review')).toContainText(TEXT);

  // The host replies once; the Reply action is then gone.
  const host = await as(browser, HOST);
  await host.goto('/dashboard/reviews');
  const theirs = host.getByTestId('review').filter({ hasText: TEXT });
  await expect(theirs).toContainText('Omdöme från');
  await expect(theirs.getByRole('link', { name: 'Ändra omdöme' })).toHaveCount(0);
  await theirs.getByRole('button', { name: 'Svara' }).click();
  await expect(theirs.getByLabel('Ditt svar')).toBeFocused();
  await theirs.getByLabel('Ditt svar').fill('Tack för att ni bodde hos oss, välkomna tillbaka!');
  await theirs.getByRole('button', { name: 'Skicka svar' }).click();
  await expect(host.getByText('Svaret har sparats')).toBeVisible();
  await expect(theirs.getByTestId('reply')).toContainText('Tack för att ni bodde hos oss');
  await expect(theirs.getByTestId('reply').getByTestId('review-state')).toHaveText('Väntar på godkännande');
  await expect(theirs.getByRole('button', { name: 'Svara' })).toHaveCount(0);
  await host.reload();
  await expect(theirs.getByRole('button', { name: 'Svara' })).toHaveCount(0);
  await expect(theirs.getByRole('button', { name: 'Ändra svar' })).toBeVisible();
  // A host cannot review their own ad.
  await host.goto(href);
  await expect(host.getByText('Du har inte behörighet att lämna ett omdöme för den här annonsen')).toBeVisible();

  // The guest edits it: waiting again, off the public ad.
  await guest.goto('/dashboard/reviews');
  await mine.getByRole('link', { name: 'Ändra omdöme' }).click();
  await expect(guest).toHaveURL(/\/dashboard\/reviews\/edit\/\d+$/);
  const editPath = new URL(guest.url()).pathname;
  await expect(guest.getByLabel('Ditt omdöme (valfritt)')).toHaveValue(TEXT);
  await expect(stars(guest, 'Stämmer med annonsen').getByLabel('4 stjärnor')).toBeChecked();
  await guest.getByLabel('Ditt omdöme (valfritt)').fill(EDITED);
  await stars(guest, 'Helhetsbetyg').getByLabel('3 stjärnor').check();
  await guest.getByRole('button', { name: 'Spara ändringar' }).click();
  await expect(guest).toHaveURL(/\/dashboard\/reviews$/);
  await expect(guest.getByText('Omdömet har ändrats')).toBeVisible();
  const edited = guest.getByTestId('review').filter({ hasText: EDITED });
  await expect(edited.getByTestId('review-state').first()).toHaveText('Väntar på godkännande');
  await visitor.reload();
  await expect(visitor.getByTestId('reviews-count')).toHaveText('Inga omdömen ännu');

  // Someone else's or an unknown review cannot be edited: back to the list.
  for (const path of [editPath, '/dashboard/reviews/edit/999999']) {
    await host.goto(path);
    await expect(host).toHaveURL(/\/dashboard\/reviews$/);
  }

  // The guest deletes it (after confirming); the stay can be reviewed again.
  await edited.getByRole('button', { name: 'Ta bort omdöme' }).click();
  const confirm = guest.getByRole('dialog', { name: 'Ta bort omdömet?' });
  await confirm.getByRole('button', { name: 'Ta bort' }).click();
  await expect(guest.getByText('Omdömet har tagits bort')).toBeVisible();
  await expect(guest.getByTestId('reviews-empty')).toHaveText('Du har inga omdömen ännu');
  await guest.goto('/dashboard/reviews?lang=en');
  await expect(guest.getByTestId('reviews-empty')).toHaveText("You don't have any reviews yet");
  await guest.goto('/dashboard/bookings?lang=sv');
  await expect(guest.getByRole('link', { name: 'Lämna omdöme' })).toHaveAttribute('href', `/dashboard/reviews/new/${cottageId}/${bookingId}`);
});
