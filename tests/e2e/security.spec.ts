import { expect, test, type Page } from '@playwright/test';
import { HOST, signIn } from './helpers';

// Every page carries a nonce-based CSP and the hardening headers, and works under it: no script is
// refused, the pages that take payment included. Another site cannot sign anybody out.

function collectCspViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to (execute|load|connect|apply)/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

test('pages answer with a nonce CSP and security headers, and run under it', async ({ page }) => {
  const violations = collectCspViolations(page);
  const response = await page.goto('/dashboard/login');
  const headers = response!.headers();
  const csp = headers['content-security-policy'] ?? '';
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  expect(nonce).toBeTruthy();
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['cross-origin-opener-policy']).toBe('same-origin');
  expect(headers['permissions-policy']).toBeTruthy();
  // Next's own scripts carry this response's nonce; a second load gets another one.
  expect(await page.locator(`script[nonce]`).count()).toBeGreaterThan(0);
  const again = await page.request.get('/dashboard/login');
  expect(again.headers()['content-security-policy']).not.toContain(nonce!);

  // The interactive flow still works under the policy (client components hydrated).
  await signIn(page, HOST.email, HOST.password);
  await expect(page).toHaveURL(/\/dashboard\/conversations/);
  await page.goto('/dashboard/bookings');
  await page.goto('/dashboard/cottages/3');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(violations).toEqual([]);
});

test('injected markup cannot run script: inline handlers and javascript: URLs are refused', async ({ page }) => {
  const violations = collectCspViolations(page);
  await page.goto('/dashboard/login');
  await page.evaluate(() => {
    const holder = document.createElement('div');
    holder.innerHTML = '<img src="/img/none.jpg" onerror="window.__injected = true"><a id="js" href="javascript:window.__clicked = true">x</a>';
    document.body.appendChild(holder);
  });
  await page.locator('#js').click();
  await page.waitForTimeout(300);
  const ran = await page.evaluate(() => {
    const w = window as unknown as { __injected?: boolean; __clicked?: boolean };
    return Boolean(w.__injected || w.__clicked);
  });
  expect(ran).toBe(false);
  expect(violations.length).toBeGreaterThan(0);
});

test('API answers are nosniff and not cached', async ({ request }) => {
  const response = await request.get('/api/flags');
  expect(response.headers()['x-content-type-options']).toBe('nosniff');
  expect(response.headers()['cache-control']).toBe('no-store');
});

test("a path that does not decode is a Bad URL (400) in the visitor's language, never a 500", async ({ playwright, baseURL }) => {
  const paths = ['/api/cottages/%c0', '/api/news/%E0%A4%A', '/api/flags/%ed%a0%80', '/dashboard/%c0', '/img/%c0', '/sv/stuga/%ff'];
  for (const [lang, text] of [
    ['sv', 'Felaktig adress. Kontrollera adressen.'],
    ['en', 'Bad URL. Please check the URL.'],
  ] as const) {
    const client = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { cookie: `lang=${lang}` } });
    for (const path of paths) {
      const response = await client.get(path);
      expect(response.status(), path).toBe(400);
      expect((await response.json()).message, path).toBe(text);
    }
    await client.dispose();
  }
  // A path that decodes still reaches the API, which refuses what it finds there (an encoded NUL).
  expect((await (await playwright.request.newContext({ baseURL })).get('/api/conversations/%00')).status()).toBe(400);
});

test('another site cannot sign the user out; the user can', async ({ page, baseURL }) => {
  await page.goto('/dashboard/login');
  await signIn(page, HOST.email, HOST.password);
  await expect(page).toHaveURL(/\/dashboard\/conversations/);
  // 127.0.0.1 is another site than localhost: a link there to our sign-out is a cross-site request.
  const foreign = baseURL!.replace('localhost', '127.0.0.1');
  // The sign-out path, plainly and percent-encoded (the marketplace routes both to the same handler).
  for (const path of ['/api/auth/logout', '/api/auth/%6Cogout']) {
    await page.goto(`${foreign}/dashboard/login`);
    await Promise.all([
      page.waitForURL((url) => url.host !== new URL(foreign).host),
      page.evaluate((target) => {
        window.location.href = target;
      }, `${baseURL}${path}`),
    ]);
    const me = await page.request.get('/api/user');
    expect(me.status(), path).toBe(200);
  }
  // The user's own sign-out (same origin) still works.
  await page.goto('/dashboard/logout');
  await expect(page).toHaveURL(/\/dashboard\/login/);
  expect((await page.request.get('/api/user')).status()).toBe(401);
});

test('a client-chosen X-Forwarded-For does not make one client many (per-address limits hold)', async ({ playwright, baseURL }) => {
  // Anonymous error reports are limited per address; each request claims another address.
  const client = await playwright.request.newContext({ baseURL });
  const statuses: number[] = [];
  for (let i = 0; i < 25; i++) {
    const response = await client.post('/api/errors', { headers: { 'x-forwarded-for': `203.0.113.${i}`, 'content-type': 'application/json' }, data: { message: `probe ${i}` } });
    statuses.push(response.status());
  }
  expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(20);
  expect(statuses.at(-1)).toBe(429);
  await client.dispose();
});
