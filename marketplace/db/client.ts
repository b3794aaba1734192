import 'server-only';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { config } from '../config';
import { log } from '../log';
import * as schema from './schema';
import { loadSecrets } from './secrets';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** Who listens to a notification channel: told when listening starts, of each message, and when listening is lost (until ready again). */
export type Subscriber = { ready: () => void; message: (payload: string) => void; lost: () => void };
type Listen = (channel: string, subscriber: Subscriber) => void;
type Handle = { db: Db; close: () => Promise<void>; listen: Listen };

const MIGRATIONS = path.join(/*turbopackIgnore: true*/ process.cwd(), 'marketplace/db/migrations');
// On globalThis: the server bundles this module into more than one chunk, and each copy must find the one handle.
const holder = globalThis as unknown as { __stugaDb?: Promise<Handle>; __stugaListeners?: WeakMap<Db, Listen> };
const listeners = (holder.__stugaListeners ??= new WeakMap<Db, Listen>());

async function open(): Promise<Handle> {
  if (config.databaseUrl) {
    const { Pool } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new Pool({ connectionString: config.databaseUrl, max: config.databasePoolSize });
    const db = drizzle(pool, { schema });
    await migrate(db, { migrationsFolder: MIGRATIONS });
    const listener = pgListener(config.databaseUrl);
    return { db: db as unknown as Db, listen: listener.listen, close: () => Promise.all([listener.close(), pool.end()]).then(() => undefined) };
  }
  const dir = path.join(/*turbopackIgnore: true*/ config.dataDir, 'pglite');
  mkdirSync(dir, { recursive: true });
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const client = await PGlite.create(dir);
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder: MIGRATIONS });
  const listen: Listen = (channel, subscriber) => {
    client.listen(channel, subscriber.message).then(subscriber.ready, (error: unknown) => log.error({ err: error, channel }, 'listen failed'));
  };
  return { db: db as unknown as Db, listen, close: () => client.close() };
}

/**
 * LISTEN on a connection of its own (a pooled one would be handed to queries). A lost connection is
 * reported, then opened again a second later, until the handle is closed.
 */
function pgListener(connectionString: string) {
  let closed = false;
  const open = new Set<import('pg').Client>();
  const listen: Listen = (channel, subscriber) => {
    const connect = async () => {
      if (closed) return;
      const { Client } = await import('pg');
      const client = new Client({ connectionString });
      let gone = false;
      const lose = (error?: unknown) => {
        if (gone) return;
        gone = true;
        open.delete(client);
        subscriber.lost();
        if (closed) return;
        log.warn({ err: error, channel }, 'listening lost: trying again in a second');
        void client.end().catch(() => undefined);
        setTimeout(() => void connect(), 1000).unref();
      };
      client.on('error', lose);
      client.on('end', () => lose());
      client.on('notification', (n) => n.channel === channel && subscriber.message(n.payload ?? ''));
      try {
        await client.connect();
        open.add(client);
        await client.query(`LISTEN "${channel}"`);
        subscriber.ready();
      } catch (error) {
        lose(error);
      }
    };
    void connect();
  };
  const close = async () => {
    closed = true;
    await Promise.all([...open].map((c) => c.end().catch(() => undefined)));
  };
  return { listen, close };
}

/**
 * Subscribes to a notification channel of this database (NOTIFY, e.g. from a trigger). A database
 * handle not opened here has no listener: its subscriber is never ready.
 */
export function listen(db: Db, channel: string, subscriber: Subscriber): void {
  listeners.get(db)?.(channel, subscriber);
}

/** The one database handle of this process: migrated on first use, seeded with demo data when empty. */
export function getDb(): Promise<Db> {
  if (!holder.__stugaDb) {
    holder.__stugaDb = (async () => {
      const handle = await open();
      listeners.set(handle.db, handle.listen);
      await loadSecrets(handle.db);
      if (config.seedDemo) {
        const { seedIfEmpty } = await import('./seed');
        await seedIfEmpty(handle.db);
      }
      log.info({ embedded: !config.databaseUrl }, 'database ready');
      return handle;
    })();
    // Never cache a failed open: the next request tries again.
    holder.__stugaDb.catch((error) => {
      log.error({ err: error }, 'database open failed');
      holder.__stugaDb = undefined;
    });
  }
  return holder.__stugaDb.then((h) => h.db);
}

export async function closeDb(): Promise<void> {
  const pending = holder.__stugaDb;
  holder.__stugaDb = undefined;
  if (pending) await (await pending).close();
}
