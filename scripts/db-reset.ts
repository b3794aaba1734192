// npm run db:reset — starts over: empties the database, migrates and seeds the demo data again.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { config } from '../marketplace/config';
import { closeDb, getDb } from '../marketplace/db/client';

async function main() {
  if (config.databaseUrl) {
    const pg = await import('pg');
    const client = new pg.default.Client({ connectionString: config.databaseUrl });
    await client.connect();
    await client.query('DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public; DROP SCHEMA IF EXISTS drizzle CASCADE;');
    await client.end();
  } else {
    rmSync(path.join(config.dataDir, 'pglite'), { recursive: true, force: true });
  }
  const db = await getDb();
  await db.execute(sql`select 1`);
  await closeDb();
  console.log('Database reset and seeded.');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
