import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://localhost:${PORT}`;

// End-to-end tests in Debian's Chromium against the production build on a fresh embedded database.
export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL,
    locale: 'sv-SE',
    timezoneId: 'Europe/Stockholm',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: `rm -rf data-e2e && node server.mjs -p ${PORT}`,
    url: `${baseURL}/dashboard/login`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: { STUGA_SANDBOX: '1', STUGA_DATA_DIR: 'data-e2e', PUBLIC_URL: baseURL, SESSION_SECRET: 'e2e-secret-e2e-secret-e2e-secret-e2e', LOG_LEVEL: 'warn' },
  },
});
