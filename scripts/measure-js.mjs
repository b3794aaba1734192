// First-load JS of dashboard pages: the gzip size of every script a page loads, summed.
// node scripts/measure-js.mjs [baseURL]   (signs in as MEASURE_USER, default the demo host; MEASURE_PATHS=comma,separated)
// Every page loads in a fresh browser context (an empty cache), signed in with the same cookies.
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

const base = process.argv[2] ?? 'http://localhost:3000';
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});

/**
 * First-load JS as Next counts it: the scripts the page's HTML names (script src and preloads), gzip -9
 * each; and, beside it, everything fetched until the network is idle (lazy widgets, polling).
 */
async function measure(storageState, path) {
  const context = await browser.newContext({ storageState });
  const page = await context.newPage();
  const scripts = new Map();
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    try {
      scripts.set(new URL(response.url()).pathname, gzipSync(await response.body(), { level: 9 }).length);
    } catch {
      // A script whose body is gone (navigation) is not counted.
    }
  });
  await page.goto(base + path, { waitUntil: 'networkidle' });
  // The scripts named by the server's HTML, before any dynamic import adds its own.
  const html = await (await context.request.get(base + path)).text();
  const initial = [...html.matchAll(/(?:src|href)="([^"]+\.js)(?:\?[^"]*)?"/g)].map((m) => new URL(m[1], base).pathname);
  await context.close();
  const sum = (list) => list.reduce((a, b) => a + b, 0);
  const firstLoad = sum([...new Set(initial)].map((p) => scripts.get(p) ?? 0));
  return { path, 'first-load kB': +(firstLoad / 1024).toFixed(1), 'all until idle kB': +(sum([...scripts.values()]) / 1024).toFixed(1) };
}

const rows = [await measure(undefined, '/dashboard/login')];
const signedIn = await browser.newContext();
const response = await signedIn.request.post(`${base}/api/auth/login`, {
  headers: { origin: base, 'content-type': 'application/json' },
  data: { username: process.env.MEASURE_USER ?? 'host@example.com', password: process.env.MEASURE_PASSWORD ?? 'demo-host-1' },
});
if (!response.ok()) throw new Error(`sign-in failed: ${response.status()}`);
const state = await signedIn.storageState();
await signedIn.close();
const paths = process.env.MEASURE_PATHS?.split(',') ?? [
  '/dashboard/conversations',
  '/dashboard/conversations/1',
  '/dashboard/bookings',
  '/dashboard/profile',
  '/dashboard/profile/payout',
  '/dashboard/cottages/3/payment',
  '/dashboard/to-do',
  '/dashboard/news/1',
  '/dashboard/change-password',
  '/dashboard/cottages',
  '/dashboard/cottages/3',
  '/dashboard/cottages/3/calendar',
  '/dashboard/cottages/3/images',
  '/sv/stuga/3',
];
for (const path of paths) rows.push(await measure(state, path));
console.table(rows);
await browser.close();
