import { expect, type Locator, type Page } from '@playwright/test';

/**
 * What shows where focus is: an outline or a Tailwind ring on the focused element, or, for a
 * visually hidden control (a radio drawn as a chip), on its label. Null when something shows.
 */
export async function focusProblem(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body || el === document.documentElement) return 'focus is on the page itself';
    const shows = (node: Element) => {
      const style = getComputedStyle(node);
      const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
      const ring = style.getPropertyValue('--tw-ring-shadow').trim();
      return outline || (ring !== '' && !ring.startsWith('0 0 #0000'));
    };
    if (shows(el)) return null;
    const label = (el as HTMLInputElement).labels?.[0] ?? el.closest('label');
    if (label && shows(label)) return null;
    return `no visible focus on ${el.outerHTML.slice(0, 160)}`;
  });
}

export async function expectFocusVisible(page: Page) {
  expect(await focusProblem(page)).toBeNull();
}

/** Whether `target` (the first match) has focus. */
export async function isFocused(target: Locator): Promise<boolean> {
  return target.first().evaluate((el) => el === document.activeElement);
}

/** Presses Tab (or Shift+Tab) until `target` has focus, checking at every stop that focus shows. */
export async function tabTo(page: Page, target: Locator, { back = false, max = 200 } = {}) {
  await target.first().waitFor();
  // A lazily loaded form shows its fields disabled until its script is in; Tab skips disabled fields.
  await expect(target.first()).toBeEnabled();
  // Already there (a field that takes focus itself, or the previous stop).
  if (await isFocused(target)) return expectFocusVisible(page);
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    await expectFocusVisible(page);
    if (await isFocused(target)) return;
  }
  throw new Error(`Tab never reached ${target}`);
}

/** Tabs to `target` and presses a key on it (Enter by default). */
export async function activate(page: Page, target: Locator, key = 'Enter', options: { back?: boolean } = {}) {
  await tabTo(page, target, options);
  await page.keyboard.press(key);
}

/** Tabs to a field, clears it with the keyboard, and types `text`. */
export async function typeInto(page: Page, field: Locator, text: string, options: { back?: boolean } = {}) {
  await tabTo(page, field, options);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await page.keyboard.type(text);
}

/**
 * The order Chromium's date field takes its parts in follows the browser's own language, not the
 * page's: found once by typing 01, 02, 2003 into a blank field on a page of its own.
 */
async function dateOrder(page: Page): Promise<('y' | 'm' | 'd')[]> {
  const probe = await page.context().newPage();
  await probe.setContent('<input type="date" aria-label="probe">');
  await probe.keyboard.press('Tab');
  await probe.keyboard.type('01022003');
  const value = await probe.locator('input').inputValue();
  await probe.close();
  if (value === '2003-01-02') return ['m', 'd', 'y'];
  if (value === '2003-02-01') return ['d', 'm', 'y'];
  return ['y', 'm', 'd'];
}

/** Tabs to a date field and types a day (YYYY-MM-DD) part by part. */
export async function typeDate(page: Page, field: Locator, day: string) {
  const order = await dateOrder(page);
  await tabTo(page, field);
  const [y, m, d] = day.split('-') as [string, string, string];
  for (const part of order) await page.keyboard.type({ y, m, d }[part]);
  await expect(field).toHaveValue(day);
}

/** Signs in through the login steps with the keyboard only. */
export async function signInByKeyboard(page: Page, who: { email: string; password: string }) {
  await page.goto('/dashboard/login');
  await typeInto(page, page.getByLabel('E-post'), who.email);
  await activate(page, page.getByRole('button', { name: 'Fortsätt' }));
  // The password step takes focus itself.
  await expect(page.getByLabel('Lösenord')).toBeFocused();
  await expectFocusVisible(page);
  await page.keyboard.type(who.password);
  await activate(page, page.getByRole('button', { name: 'Logga in' }));
  await expect(page).toHaveURL(/\/dashboard\/conversations$/);
}
