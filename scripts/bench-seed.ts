// Loads the bench data set into BENCH_DATABASE_URL (scripts/bench.mjs runs it): empties the database,
// migrates and seeds the demo accounts as the app would, then loads scripts/bench-seed.sql and
// analyses. Run: BENCH_DATABASE_URL=… node --conditions=react-server --import tsx scripts/bench-seed.ts
import { readFile } from 'node:fs/promises';
import pg from 'pg';

const url = process.env.BENCH_DATABASE_URL;
if (!url) throw new Error('BENCH_DATABASE_URL is not set');
process.env.DATABASE_URL = url;
delete process.env.STUGA_SEED;

const client = new pg.Client({ connectionString: url });
await client.connect();
const started = Date.now();
const step = (what: string) => process.stdout.write(`bench-seed: ${what} (${((Date.now() - started) / 1000).toFixed(1)} s)\n`);

await client.query('DROP SCHEMA IF EXISTS public CASCADE; DROP SCHEMA IF EXISTS drizzle CASCADE; DROP SCHEMA IF EXISTS pgboss CASCADE; CREATE SCHEMA public;');
step('emptied');

// The app's own start: migrations, then the demo seed (the database is empty, so it seeds).
const { closeDb, getDb } = await import('../marketplace/db/client');
await getDb();
await closeDb();
step('migrated and demo-seeded');

await client.query(await readFile(new URL('./bench-seed.sql', import.meta.url), 'utf8'));
step('bulk rows loaded');
// A live database is not freshly bulk-loaded: without this, autovacuum works through the million new
// rows (and the first reads write their hint bits) on the second core while the bench measures.
await client.query('VACUUM (ANALYZE)');
await client.query('CHECKPOINT');
step('vacuumed, analysed and checkpointed');

const { rows } = await client.query<{ t: string; n: string }>(
  `SELECT 'users' AS t, count(*) AS n FROM users UNION ALL SELECT 'cottages', count(*) FROM cottages
   UNION ALL SELECT 'conversations', count(*) FROM conversations UNION ALL SELECT 'messages', count(*) FROM messages
   UNION ALL SELECT 'bookings', count(*) FROM bookings`,
);
step(rows.map((r) => `${r.t} ${r.n}`).join(', '));
await client.end();
process.exit(0);
