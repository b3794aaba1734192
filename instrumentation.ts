// Runs once when the server starts: open the database (migrate, seed demo data when empty) before
// the first request, so that `npm start` is ready when it says so.
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs' || process.env.NEXT_PHASE === 'phase-production-build') return;
  const { getDb } = await import('./marketplace/db/client');
  await getDb();
}
