import path from 'node:path';
import { defineConfig } from 'vitest/config';

const alias = {
  '@': path.resolve(import.meta.dirname),
  'server-only': path.resolve(import.meta.dirname, 'tests/support/empty.ts'),
};

const apiTest = {
  environment: 'node',
  pool: 'forks',
  testTimeout: 30_000,
  hookTimeout: 60_000,
  env: { NODE_ENV: 'test', STUGA_SEED: 'off', LOG_LEVEL: 'silent', STUGA_SANDBOX: '1', TRUST_PROXY_HOPS: '1' },
} as const;

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      { resolve: { alias }, test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' } },
      {
        resolve: { alias },
        test: {
          ...apiTest,
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          exclude: ['tests/api/**/*.pg.test.ts'],
          globalSetup: ['tests/support/pglite-template.ts'],
          // Each file on the embedded database has a PGlite of its own: two at once use both cores. On a shared
          // PostgreSQL (TEST_DATABASE_URL) one at a time: the bookings sweep of one file acts on every file's rows.
          maxWorkers: process.env.TEST_DATABASE_URL ? 1 : 2,
          // Projects with their own worker count run as groups of their own, one after the other.
          sequence: { groupOrder: 1 },
        },
      },
      // Tests that need a PostgreSQL server (several processes on one database): only with TEST_DATABASE_URL (CI, npm run test:api:pg).
      { resolve: { alias }, test: { ...apiTest, name: 'api-pg', include: process.env.TEST_DATABASE_URL ? ['tests/api/**/*.pg.test.ts'] : [], maxWorkers: 1, sequence: { groupOrder: 2 } } },
    ],
  },
});
