import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { GUEST, signIn } from './helpers';

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('the login steps have no serious accessibility violations', async ({ page }) => {
  await page.goto('/dashboard/login');
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByLabel('E-post').fill(GUEST.email);
  await page.getByRole('button', { name: 'Fortsätt' }).click();
  await page.getByRole('button', { name: 'Logga in' }).click();
  await expect(page.getByText('Vänligen fyll i ditt lösenord')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the shell, to-do list and news have no serious accessibility violations', async ({ page }) => {
  await page.goto('/dashboard/login');
  await signIn(page, GUEST.email, GUEST.password);
  await expect(page).toHaveURL(/\/dashboard\/conversations$/);
  for (const path of ['/dashboard/to-do', '/dashboard/news', '/dashboard/change-password']) {
    await page.goto(path);
    expect(await seriousViolations(page), path).toEqual([]);
  }
});

test('the listings, the editor, the inbox and a chat have no serious accessibility violations', async ({ page }) => {
  await page.goto('/dashboard/login');
  await signIn(page, 'host@example.com', 'demo-host-1');
  await expect(page).toHaveURL(/\/dashboard\/conversations$/);
  for (const path of ['/dashboard/conversations', '/dashboard/cottages', '/dashboard/cottages/3', '/dashboard/cottages/3/calendar', '/sv/stuga/3']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle').catch(() => undefined);
    expect(await seriousViolations(page), path).toEqual([]);
  }
});
