// Screenshots of the foundation's pages, sv and en, desktop and mobile: node scripts/screenshots.mjs [baseURL]
import { mkdirSync } from 'node:fs';
import { chromium } from '@playwright/test';

const base = process.argv[2] ?? 'http://localhost:3000';
const out = 'screenshots';
mkdirSync(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});

async function shoot(name, { lang, width, height = 900, steps }) {
  const context = await browser.newContext({ viewport: { width, height } });
  await context.addCookies([{ name: 'lang', value: lang, url: base }]);
  const page = await context.newPage();
  await steps(page);
  await page.screenshot({ path: `${out}/${name}-${lang}-${width}.png`, fullPage: true });
  await context.close();
}

const t = {
  sv: { email: 'E-post', cont: 'Fortsätt', pw: 'Lösenord', login: 'Logga in' },
  en: { email: 'E-mail', cont: 'Continue', pw: 'Password', login: 'Log in' },
};

for (const lang of ['sv', 'en']) {
  const l = t[lang];
  await shoot('login-1-email', { lang, width: 1280, steps: (p) => p.goto(`${base}/dashboard/login`) });
  await shoot('login-1-errors', {
    lang,
    width: 1280,
    steps: async (p) => {
      await p.goto(`${base}/dashboard/login`);
      await p.getByLabel(l.email).fill('karin@');
      await p.getByLabel(l.email).blur();
      await p.waitForTimeout(200);
    },
  });
  await shoot('login-2-password', {
    lang,
    width: 1280,
    steps: async (p) => {
      await p.goto(`${base}/dashboard/login`);
      await p.getByLabel(l.email).fill('host@example.com');
      await p.getByRole('button', { name: l.cont }).click();
      await p.getByLabel(l.pw).fill('wrong-password');
      await p.getByRole('button', { name: l.login }).click();
      await p.waitForTimeout(1500);
    },
  });
  await shoot('login-3-soft', {
    lang,
    width: 390,
    steps: async (p) => {
      await p.goto(`${base}/dashboard/login`);
      await p.getByLabel(l.email).fill('soft@example.com');
      await p.getByRole('button', { name: l.cont }).click();
      await p.waitForTimeout(800);
    },
  });
  await shoot('login-create', {
    lang,
    width: 1280,
    steps: async (p) => {
      await p.goto(`${base}/dashboard/login`);
      await p.getByLabel(l.email).fill('nobody-yet@example.com');
      await p.getByRole('button', { name: l.cont }).click();
      await p.waitForTimeout(800);
    },
  });
  for (const width of [1280, 390]) {
    for (const [name, path] of [
      ['shell-todo', '/dashboard/to-do'],
      ['shell-news', '/dashboard/news/1'],
      ['shell-change-password', '/dashboard/change-password'],
      ['inbox', '/dashboard/conversations'],
      ['chat', 'first-conversation'],
    ]) {
      await shoot(name, {
        lang,
        width,
        steps: async (p) => {
          await p.goto(`${base}/dashboard/login`);
          await p.getByLabel(l.email).fill('guest@example.com');
          await p.getByRole('button', { name: l.cont }).click();
          await p.getByLabel(l.pw).fill('demo-guest-1');
          await p.getByRole('button', { name: l.login }).click();
          await p.waitForURL('**/conversations');
          if (path === 'first-conversation') await p.getByTestId('conversation-row').first().click();
          else await p.goto(`${base}${path}`);
          await p.waitForTimeout(500);
        },
      });
    }
  }
  await shoot('not-found', { lang, width: 1280, steps: (p) => p.goto(`${base}/dashboard/nothing-here`) });
  await shoot('outbox', { lang, width: 1280, steps: (p) => p.goto(`${base}/dashboard/dev/outbox`) });
}
await browser.close();
console.log(`Screenshots in ./${out}`);
