import { expect, test } from '@playwright/test';
import { followMailLink, HOST, signIn } from './helpers';

test('host signs in with password and lands on the conversations root', async ({ page }) => {
  await page.goto('/dashboard/login');
  await expect(page.getByRole('heading', { name: 'Logga in' })).toBeVisible();
  await signIn(page, HOST.email, HOST.password);
  await expect(page).toHaveURL(/\/dashboard\/conversations$/);
  await expect(page.getByRole('heading', { name: 'Mina meddelanden' })).toBeVisible();
  // A signed-in visitor of /login is sent on.
  await page.goto('/dashboard/login?next=/to-do');
  await expect(page).toHaveURL(/\/dashboard\/conversations$/);
});

test('login validates on blur and explains a wrong password in Swedish', async ({ page }) => {
  await page.goto('/dashboard/login');
  const email = page.getByLabel('E-post');
  await email.focus();
  await email.blur();
  await expect(page.getByText('Måste fyllas i')).toBeVisible();
  await email.fill('karin@');
  await email.blur();
  await expect(page.getByText('Fyll i en riktig e-postadress')).toBeVisible();
  await email.fill(HOST.email);
  await page.getByRole('button', { name: 'Fortsätt' }).click();
  await page.getByRole('button', { name: 'Logga in' }).click();
  await expect(page.getByText('Vänligen fyll i ditt lösenord')).toBeVisible();
  await page.getByLabel('Lösenord').fill('not-the-password');
  await page.getByRole('button', { name: 'Logga in' }).click();
  await expect(page.getByText('Fel lösenord, försök igen')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/login/);
  // 'change email' returns to step 1.
  await page.getByRole('button', { name: 'Byt e-postadress' }).click();
  await expect(page.getByLabel('E-post')).toBeVisible();
});

test('an unknown e-mail is offered a new account, which is created and mailed a login link', async ({ page }) => {
  const email = `new-${Date.now()}@example.com`;
  await page.goto('/dashboard/login');
  await page.getByLabel('E-post').fill(email);
  await page.getByRole('button', { name: 'Fortsätt' }).click();
  await expect(page.getByText(`Det finns inget konto för ${email}. Vill du skapa ett?`)).toBeVisible();
  await page.getByRole('button', { name: 'Skapa konto' }).click();
  await expect(page.getByText('Ditt konto har skapats.', { exact: false })).toBeVisible();
  await followMailLink(page, email);
  await expect(page).toHaveURL(/\/dashboard\/conversations$/);
});

test('a SOFT user signs in through the login link in the outbox', async ({ page }) => {
  await page.goto('/dashboard/login');
  await page.getByLabel('E-post').fill('soft@example.com');
  await page.getByRole('button', { name: 'Fortsätt' }).click();
  await page.getByRole('button', { name: 'Skicka en inloggningslänk till mig' }).click();
  await expect(page.getByText('Vi har skickat ett e-postmeddelande med en inloggningslänk.', { exact: false })).toBeVisible();
  await followMailLink(page, 'soft@example.com');
  await expect(page).toHaveURL(/\/dashboard\/conversations$/);
  // The profile is incomplete: the completion dialog shows once per session.
  await expect(page.getByRole('dialog', { name: 'Fyll i din profil' })).toBeVisible();
  await page.getByRole('button', { name: 'Senare' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await page.getByRole('link', { name: 'Att göra' }).click();
  await expect(page.getByRole('heading', { name: 'Att göra' })).toBeVisible();
  await expect(page.getByRole('dialog')).toBeHidden();
  // The link was single-use: opening it again leads to login.
  await page.context().clearCookies();
  await followMailLink(page, 'soft@example.com');
  await expect(page).toHaveURL(/\/dashboard\/login/);
});

test('password reset through the outbox, then sign-in with the new password', async ({ page }) => {
  const email = 'company@example.com';
  await page.goto('/dashboard/login');
  await page.getByLabel('E-post').fill(email);
  await page.getByRole('button', { name: 'Fortsätt' }).click();
  await page.getByRole('button', { name: 'Glömt lösenordet?' }).click();
  await expect(page.getByText('Vi har skickat ett e-postmeddelande med instruktioner', { exact: false })).toBeVisible();
  await followMailLink(page, email);
  await expect(page.getByRole('heading', { name: 'Välj ett nytt lösenord' })).toBeVisible();
  await page.getByLabel('Nytt lösenord').fill('12345');
  await page.getByLabel('Upprepa det nya lösenordet').fill('12345');
  await page.getByRole('button', { name: 'Spara lösenord' }).click();
  await expect(page.getByText('Lösenordet måste ha minst 6 tecken')).toBeVisible();
  await page.getByLabel('Nytt lösenord').fill('ny-stuga-2026');
  await page.getByLabel('Upprepa det nya lösenordet').fill('ny-stuga-2026');
  await page.getByRole('button', { name: 'Spara lösenord' }).click();
  await expect(page.getByText('Ditt lösenord har återställts. Du kan nu logga in.')).toBeVisible();
  await page.getByRole('link', { name: 'Till inloggningen' }).click();
  await signIn(page, email, 'ny-stuga-2026');
  await expect(page).toHaveURL(/\/dashboard\/conversations$/);
});

test('an unauthenticated visit to /dashboard/bookings goes to login with next and returns there', async ({ page }) => {
  await page.goto('/dashboard/bookings');
  await expect(page).toHaveURL(/\/dashboard\/login\?next=\/bookings$/);
  await signIn(page, HOST.email, HOST.password);
  await expect(page).toHaveURL(/\/dashboard\/bookings$/);
});

test('logout ends the session on the server', async ({ page, context }) => {
  await page.goto('/dashboard/login');
  await signIn(page, HOST.email, HOST.password);
  await expect(page).toHaveURL(/\/dashboard\/conversations$/);
  const before = (await context.cookies()).find((c) => c.name === 'stuga_session');
  expect(before?.httpOnly).toBe(true);
  expect(before?.sameSite).toBe('Lax');
  await page.getByRole('link', { name: 'Logga ut' }).click();
  await expect(page).toHaveURL(/\/dashboard\/login/);
  // The old cookie, put back, no longer opens the dashboard.
  await context.addCookies([before!]);
  await page.goto('/dashboard/to-do');
  await expect(page).toHaveURL(/\/dashboard\/login\?next=/);
});
