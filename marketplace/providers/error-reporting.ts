import 'server-only';
import { config } from '../config';
import { log } from '../log';

export type ErrorReport = {
  message: string;
  stack?: string;
  path?: string;
  digest?: string;
  source: 'client' | 'server';
  userId?: number | null;
  /** The thrown value itself, when the server caught it: Sentry reads its stack and causes. */
  error?: unknown;
};

type Sentry = typeof import('@sentry/nextjs');
let sdk: Promise<Sentry> | null = null;

/**
 * The server side of @sentry/nextjs, loaded and started on the first report (only with SENTRY_DSN):
 * no tracing and no automatic instrumentation, only the events reportError hands it. Next's own
 * start (instrumentation.ts) may have started it already.
 */
function sentry(dsn: string): Promise<Sentry> {
  sdk ??= import('@sentry/nextjs').then((Sentry) => {
    if (!Sentry.isInitialized()) {
      Sentry.init({
        dsn,
        environment: config.production ? 'production' : 'development',
        defaultIntegrations: false,
        integrations: [Sentry.linkedErrorsIntegration(), Sentry.dedupeIntegration(), Sentry.functionToStringIntegration()],
      });
    }
    return Sentry;
  });
  return sdk;
}

/** A client's report as an Error, its browser stack kept as the stack Sentry parses. */
function asError(report: ErrorReport): Error {
  if (report.error instanceof Error) return report.error;
  const error = new Error(report.message.slice(0, 2000));
  error.stack = report.stack ? report.stack.slice(0, 8000) : `Error: ${error.message}`;
  return error;
}

/** Every error goes to our log; with SENTRY_DSN also to Sentry through its official SDK. */
export async function reportError(report: ErrorReport): Promise<void> {
  log.error({ report: { ...report, error: undefined } }, 'error reported');
  if (!config.sentryDsn) return;
  try {
    const Sentry = await sentry(config.sentryDsn);
    Sentry.withScope((scope) => {
      scope.setTags({ source: report.source, digest: report.digest ?? '' });
      if (report.path) scope.setTag('path', report.path.slice(0, 200));
      if (report.userId) scope.setUser({ id: String(report.userId) });
      Sentry.captureException(asError(report));
    });
  } catch (error) {
    log.warn({ err: error }, 'error report not delivered');
  }
}
