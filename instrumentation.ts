// Runs once when the server starts: open the database (migrate, seed demo data when empty) before
// the first request, so that `npm start` is ready when it says so; then the minute sweep runs
// without anyone opening a page: bookings (expired offers, finished stays, payouts), uploads never
// registered within 24 h, and ended rate-limit windows.
const SWEEP_INTERVAL_MS = 60_000;

export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs' || process.env.NEXT_PHASE === 'phase-production-build') return;
  const { logProviderStatus } = await import('./marketplace/providers/status');
  logProviderStatus();
  const { getDb } = await import('./marketplace/db/client');
  await getDb();
  const { sweepBookings } = await import('./marketplace/services/bookings');
  const { cleanupUploads } = await import('./marketplace/services/pending-uploads');
  const { pruneRateLimits } = await import('./marketplace/services/rate-limit');
  const { log } = await import('./marketplace/log');
  const sweep = async () => {
    try {
      const result = await sweepBookings(await getDb());
      if (result.expired || result.finished || result.paidOut) log.info(result, 'bookings sweep');
    } catch (error) {
      log.error({ err: error }, 'bookings sweep failed');
    }
    try {
      const deleted = await cleanupUploads(await getDb(), new Date());
      if (deleted) log.info({ deleted }, 'unregistered uploads deleted');
    } catch (error) {
      log.error({ err: error }, 'uploads cleanup failed');
    }
    try {
      await pruneRateLimits(await getDb(), new Date());
    } catch (error) {
      log.error({ err: error }, 'rate-limit prune failed');
    }
  };
  void sweep();
  setInterval(() => void sweep(), SWEEP_INTERVAL_MS).unref();
}
