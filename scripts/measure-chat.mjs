// How long a chat message takes to appear on the other side: node scripts/measure-chat.mjs [baseURL]
// (the demo host writes 20 messages in its conversation with company@example.com; median and max)
import { chromium } from '@playwright/test';

const base = process.argv[2] ?? 'http://localhost:3000';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });

async function signedIn(username, password) {
  const context = await browser.newContext();
  const response = await context.request.post(`${base}/api/auth/login`, { headers: { origin: base, 'content-type': 'application/json' }, data: { username, password } });
  if (!response.ok()) throw new Error(`sign-in failed for ${username}`);
  return context.newPage();
}

const host = await signedIn('host@example.com', 'demo-host-1');
const company = await signedIn('company@example.com', 'demo-company-1');
const inbox = await (await company.request.get(`${base}/api/conversations`)).json();
const id = inbox.results[0].id;
await host.goto(`${base}/dashboard/conversations/${id}`);
await company.goto(`${base}/dashboard/conversations/${id}`);
await company.waitForTimeout(1500);

const delays = [];
for (let i = 0; i < 20; i++) {
  const text = `Mätning ${Date.now()}-${i}`;
  const sent = Date.now();
  await host.request.post(`${base}/api/conversations/${id}/messages`, { headers: { origin: base, 'content-type': 'application/json' }, data: { text } });
  await company.getByText(text, { exact: true }).waitFor({ timeout: 10_000 });
  delays.push(Date.now() - sent);
}
delays.sort((a, b) => a - b);
console.log(JSON.stringify({ messages: delays.length, medianMs: delays[Math.floor(delays.length / 2)], maxMs: delays.at(-1), minMs: delays[0] }));
await browser.close();
