// Starts the marketplace API over real HTTP against a real database: a fresh PGlite per test file,
// or the PostgreSQL named by TEST_DATABASE_URL (tests then use unique e-mails, so runs can share it).
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { desc, eq } from 'drizzle-orm';
import { inject } from 'vitest';

export type Harness = Awaited<ReturnType<typeof startApi>>;

/** `beforeOpen`: runs with the data dir before the database is opened (files a machine kept before). */
export async function startApi({ beforeOpen }: { beforeOpen?: (dataDir: string) => void } = {}) {
  let tempDir: string | null = null;
  if (process.env.TEST_DATABASE_URL) {
    const url = new URL(process.env.TEST_DATABASE_URL);
    if (!['127.0.0.1', 'localhost', '::1'].includes(url.hostname)) throw new Error('API tests refuse a non-local database');
    process.env.DATABASE_URL = process.env.TEST_DATABASE_URL;
  } else {
    delete process.env.DATABASE_URL;
    tempDir = mkdtempSync(path.join(os.tmpdir(), 'stuga-api-'));
    process.env.STUGA_DATA_DIR = tempDir;
    // A copy of the run's migrated empty database (tests/support/pglite-template.ts), not a new initdb.
    const template = inject('pgliteTemplate');
    if (template) cpSync(template, path.join(tempDir, 'pglite'), { recursive: true });
  }
  beforeOpen?.(process.env.STUGA_DATA_DIR ?? 'data');
  const { createMarketplace } = await import('@/marketplace/app');
  const { getDb, closeDb } = await import('@/marketplace/db/client');
  const schema = await import('@/marketplace/db/schema');
  const { hashPassword } = await import('@/marketplace/services/crypto');
  const db = await getDb();
  const api = createMarketplace();
  const server = serve({ fetch: api.hono.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  // Each harness is its own client address: test files sharing a PostgreSQL database (and earlier runs
  // within a rate-limit window) never spend each other's per-address budgets.
  const defaultAddress = `10.${1 + (process.pid % 250)}.${Math.floor(Math.random() * 250) + 1}.${Math.floor(Math.random() * 250) + 1}`;

  let counter = 0;
  const uniqueEmail = (label = 'user') => `${label}-${process.pid}-${Date.now().toString(36)}-${++counter}@example.com`;

  /** A user straight in the database (factory): STRICT with a password unless told otherwise. */
  async function createUser(overrides: Partial<typeof schema.users.$inferInsert> & { password?: string | null } = {}) {
    const { password = 'secret-pass-1', ...rest } = overrides;
    const [user] = await db
      .insert(schema.users)
      .values({
        username: uniqueEmail(),
        type: password ? 'STRICT' : 'SOFT',
        firstName: 'Test',
        lastName: 'Person',
        ...rest,
        passwordHash: password ? await hashPassword(password) : null,
      })
      .returning();
    return { ...user!, password };
  }

  /** Calls the API like the BFF does: JSON, an optional bearer token, a caller address. */
  async function call(method: string, pathWithQuery: string, options: { body?: unknown; token?: string | null; address?: string; lang?: string } = {}) {
    const response = await fetch(url + pathWithQuery, {
      method,
      headers: {
        ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        'x-forwarded-for': options.address ?? defaultAddress,
        'accept-language': options.lang ?? 'en',
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const text = await response.text();
    let json: Record<string, unknown> & { message?: string; errors?: { field: string; message: string }[] } = {};
    try {
      json = text ? JSON.parse(text) : {};
    } catch {
      json = { raw: text };
    }
    return { status: response.status, json, headers: response.headers };
  }

  async function login(username: string, password: string, address?: string) {
    const result = await call('POST', '/api/auth/login', { body: { username, password }, address });
    return { ...result, token: result.headers.get('x-session-token') };
  }

  /** The newest mail to an address, from the sandbox outbox. */
  async function lastMailTo(to: string) {
    const [mail] = await db.select().from(schema.outbox).where(eq(schema.outbox.to, to)).orderBy(desc(schema.outbox.id)).limit(1);
    return mail ?? null;
  }

  async function close() {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await closeDb();
    if (tempDir) rmSync(tempDir, { recursive: true, force: true });
  }

  return { url, db, schema, api, call, login, createUser, uniqueEmail, lastMailTo, close };
}
