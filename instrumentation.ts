// Runs once when the server starts: open the database (migrate, seed demo data when empty) before
// the first request, so that `npm start` is ready when it says so; then the background jobs start
// (marketplace/jobs: the bookings sweep, upload cleanup and rate-limit pruning; on PostgreSQL through
// the pg-boss queue, once across instances; on the embedded PGlite on a timer in this process).
export async function register() {
  // NEXT_RUNTIME is replaced at build time (the Edge bundle leaves out the Node-only imports below).
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { config } = await import('./marketplace/config');
  if (config.building) return;
  const { logProviderStatus } = await import('./marketplace/providers/status');
  logProviderStatus();
  const { getDb } = await import('./marketplace/db/client');
  await getDb();
  // The MangoPay emulation sends pay-in hooks where the app registers them, as one registers them at MangoPay.
  if (config.sandbox && !config.mangopay) {
    const [{ registerHooks }, { log }] = await Promise.all([import('./marketplace/providers/mangopay-accounts'), import('./marketplace/log')]);
    await registerHooks(`${config.publicUrl}/api/payments/hook`, ['PAYIN_NORMAL_SUCCEEDED', 'PAYIN_NORMAL_FAILED']).catch((error: unknown) => log.warn({ err: error }, 'sandbox hooks not registered'));
  }
  // The Stripe emulation sends its signed events to the endpoints registered through Stripe's API, as with Stripe.
  if (config.sandbox && !config.stripe) {
    const [{ registerStripeWebhook }, { log }] = await Promise.all([import('./marketplace/providers/stripe'), import('./marketplace/log')]);
    await registerStripeWebhook(`${config.publicUrl}/api/stripe/webhook`).catch((error: unknown) => log.warn({ err: error }, 'sandbox Stripe webhook not registered'));
  }
  const { startJobs } = await import('./marketplace/jobs/runner');
  const { log } = await import('./marketplace/log');
  // The site keeps serving when the queue cannot start; the start is tried again, loudly.
  const start = () =>
    startJobs().catch((error: unknown) => {
      log.error({ err: error }, 'background jobs did not start; trying again in 30 s');
      setTimeout(() => void start(), 30_000).unref();
    });
  await start();
}

// Errors Next catches while rendering a page or running a route handler on the server: logged and,
// with SENTRY_DSN, sent to Sentry (marketplace/providers/error-reporting). notFound() and redirects
// are not errors and never arrive here.
export async function onRequestError(error: unknown, request: { path: string }) {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { reportError } = await import('./marketplace/providers/error-reporting');
  const err = error instanceof Error ? error : new Error(String(error));
  const digest = (error as { digest?: unknown } | null)?.digest;
  await reportError({ message: err.message, stack: err.stack, path: request.path, digest: typeof digest === 'string' ? digest : undefined, source: 'server', error: err });
}
