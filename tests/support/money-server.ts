// The marketplace API as a real process for tests/api/money-crash.pg.test.ts: serves createMarketplace()
// on PORT against DATABASE_URL (or the PGlite under STUGA_DATA_DIR), until it is killed — or until a
// crash point named in STUGA_CRASH_AT exits it. Run: node --conditions=react-server --import tsx tests/support/money-server.ts
import { serve } from '@hono/node-server';
import { createMarketplace } from '@/marketplace/app';
import { getDb } from '@/marketplace/db/client';

await getDb();
const server = serve({ fetch: createMarketplace().hono.fetch, port: Number(process.env.PORT ?? 0), hostname: '127.0.0.1' }, (info) => {
  process.stdout.write(`listening ${info.port}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
