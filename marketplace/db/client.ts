import 'server-only';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { config } from '../config';
import { log } from '../log';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
type Handle = { db: Db; close: () => Promise<void> };

const MIGRATIONS = path.join(/*turbopackIgnore: true*/ process.cwd(), 'marketplace/db/migrations');
const holder = globalThis as unknown as { __stugaDb?: Promise<Handle> };

async function open(): Promise<Handle> {
  if (config.databaseUrl) {
    const { Pool } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new Pool({ connectionString: config.databaseUrl, max: config.databasePoolSize });
    const db = drizzle(pool, { schema });
    await migrate(db, { migrationsFolder: MIGRATIONS });
    return { db: db as unknown as Db, close: () => pool.end() };
  }
  const dir = path.join(/*turbopackIgnore: true*/ config.dataDir, 'pglite');
  mkdirSync(dir, { recursive: true });
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const client = await PGlite.create(dir);
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder: MIGRATIONS });
  return { db: db as unknown as Db, close: () => client.close() };
}

/** The one database handle of this process: migrated on first use, seeded with demo data when empty. */
export function getDb(): Promise<Db> {
  if (!holder.__stugaDb) {
    holder.__stugaDb = (async () => {
      const handle = await open();
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
