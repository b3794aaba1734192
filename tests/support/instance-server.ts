// One instance of the marketplace for tests/api/instances.pg.test.ts: the API on PORT and the background
// jobs (marketplace/jobs, pg-boss on DATABASE_URL), as `npm start` runs them, until SIGTERM.
// Run: node --conditions=react-server --import tsx tests/support/instance-server.ts
import { serve } from '@hono/node-server';
import { createMarketplace } from '@/marketplace/app';
import { closeDb, getDb } from '@/marketplace/db/client';
import { startJobs } from '@/marketplace/jobs/runner';

await getDb();
const jobs = await startJobs();
const server = serve({ fetch: createMarketplace().hono.fetch, port: Number(process.env.PORT ?? 0), hostname: '127.0.0.1' }, (info) => {
  process.stdout.write(`listening ${info.port} jobs ${jobs.kind}\n`);
});
process.on('SIGTERM', () => {
  server.close();
  void jobs
    .stop()
    .then(closeDb)
    .finally(() => process.exit(0));
});
