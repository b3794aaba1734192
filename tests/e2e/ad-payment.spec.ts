import { expect, test, type Page } from '@playwright/test';
import { completeFixedAd } from './ad-steps';
import { HOST, day, signIn } from './helpers';

// Issue 16: a host pays for a new fixed-price ad in the Stripe sandbox's hosted checkout (SPEC §4 "Payment flow (ad)").

async function signedIn(page: Page) {
  await page.goto('/dashboard/login');
  await signIn(page, HOST.email, HOST.password);
  await expect(page).toHaveURL(/\/dashboard\/conversations$/);
}

async function card(page: Page, number: string) {
  await page.getByLabel('Kortnummer').fill(number);
  await page.getByLabel('Giltigt till (MM / ÅÅ)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Betala / }).click();
}

/** Today in Stockholm a year on, as the page writes it. */
const inAYear = () => {
  const [y, m, d] = day(0).split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat('sv-SE', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Stockholm' }).format(new Date(Date.UTC(y + 1, m - 1, d, 12)));
};

test('a new host pays package 10 + a ranking boost + English in Checkout: declined, 3-D Secure failed, then paid; the ad is paid for a year and sent for review', async ({ page }) => {
  test.setTimeout(120_000);
  await signedIn(page);
  const editor = await completeFixedAd(page, 'Stuga vid Orsasjön');
  await page.getByRole('link', { name: 'Fortsätt' }).click();
  await expect(page).toHaveURL(`${editor}/payment`);

  // Step 0: nothing chosen, nothing to pay; 'Endast annons' hides the add-ons; package 10 shows them.
  const pay = page.getByRole('button', { name: /^Betala / });
  await expect(pay).toBeDisabled();
  await page.getByLabel('Endast annons').check();
  await expect(page.getByRole('heading', { name: 'Tillägg' })).toBeHidden();
  await page.getByLabel('S-certifierad annons').check();
  await page.getByLabel('Rankingboost, 3 månader').check();
  await page.getByLabel('Rankingboost, 6 månader').check();
  await expect(page.getByLabel('Rankingboost, 3 månader')).not.toBeChecked();
  await page.getByLabel('Rankingboost, 3 månader').check();
  await page.getByLabel('Engelsk översättning').check();
  await expect(page.getByTestId('order-total')).toHaveText('790 kr');

  // The terms come first: the ad goes for review once paid.
  await page.getByRole('button', { name: 'Betala 790 kr' }).click();
  const terms = page.getByRole('dialog', { name: 'Innan du betalar' });
  for (const box of ['Jag godkänner Stugas allmänna villkor', 'Jag godkänner bokningsvillkoren för uthyrare', 'Jag kontaktar inte gäster och tar inte emot betalning utanför tjänsten']) {
    await terms.getByLabel(box).check();
  }
  await terms.getByRole('button', { name: 'Betala 790 kr' }).click();

  // Stripe's hosted checkout (the sandbox): a declined card, then 3-D Secure failed, then passed.
  await expect(page).toHaveURL(/\/sandbox\/stripe\/checkout\/cs_test_/);
  await expect(page.getByTestId('checkout-total')).toHaveText('790 kr');
  await card(page, '4000 0000 0000 0002');
  await expect(page.getByText('Your card was declined.')).toBeVisible();
  await card(page, '4000 0027 6000 3184');
  await page.getByRole('button', { name: 'Misslyckas med autentiseringen' }).click();
  await expect(page.getByText('We are unable to authenticate your payment method', { exact: false })).toBeVisible();
  await card(page, '4000 0027 6000 3184');
  await page.getByRole('button', { name: 'Slutför autentiseringen' }).click();

  // Back on the payment page: the status is polled until paid, the query goes, the done text shows.
  await expect(page.getByTestId('payment-done')).toHaveText('Klart! Vi har tagit emot din betalning och granskar din annons inom 24 timmar.');
  await expect(page).toHaveURL(`${editor}/payment`);
  await expect(page.getByTestId('paid-until')).toHaveText(`Annonsen är betald till: ${inAYear()}`);

  // The receipt carries the products and Swedish VAT (25 %: 790 kr = 632 kr + 158 kr).
  await page.getByRole('link', { name: 'Visa kvittot' }).click();
  await expect(page).toHaveURL(/\/dashboard\/orders\/\d+$/);
  await expect(page.getByText('Rankingboost, 3 månader')).toBeVisible();
  await expect(page.getByText('Engelsk översättning')).toBeVisible();
  await expect(page.getByText('Moms 25 %')).toBeVisible();
  await expect(page.getByText('158 kr')).toBeVisible();
  await expect(page.getByText('632 kr')).toBeVisible();

  // The editor now says the ad was sent for review.
  await page.goto(editor);
  await expect(page.getByRole('button', { name: 'Du har skickat din annons för granskning' })).toBeDisabled();
});

test('leaving Checkout without paying comes back to the order; products can be changed, and a free package is paid at once', async ({ page }) => {
  test.setTimeout(120_000);
  await signedIn(page);
  const editor = await completeFixedAd(page, 'Stuga vid Tisjön');
  await page.goto(`${editor}/payment`);
  await page.getByLabel('Endast annons').check();
  await page.getByRole('button', { name: 'Betala 1 500 kr' }).click();
  const terms = page.getByRole('dialog', { name: 'Innan du betalar' });
  await expect(terms.getByRole('checkbox')).toHaveCount(3);
  for (const box of await terms.getByRole('checkbox').all()) await box.check();
  await terms.getByRole('button', { name: 'Betala 1 500 kr' }).click();
  await expect(page).toHaveURL(/\/sandbox\/stripe\/checkout\/cs_test_/);
  await page.getByRole('button', { name: 'Tillbaka utan att betala' }).click();
  await expect(page).toHaveURL(/checkout=cancel/);
  await expect(page.getByText('Betalningen avbröts. Betala igen eller ändra produkterna.')).toBeVisible();
  await expect(page.locator('[aria-current="step"]')).toHaveText('2. Betala');

  // Change products: back to step 0 with the choice kept; the free package needs no card.
  await page.getByRole('button', { name: 'Ändra produkter' }).click();
  await expect(page.getByLabel('Endast annons')).toBeChecked();
  await page.getByLabel('S-certifierad annons').check();
  await page.getByRole('button', { name: 'Bekräfta beställningen' }).click();
  await expect(page.getByTestId('payment-done')).toHaveText('Klart! Vi granskar din annons, normalt inom 24 timmar.');
  await expect(page.getByTestId('paid-until')).toHaveText(`Annonsen är betald till: ${inAYear()}`);
});
