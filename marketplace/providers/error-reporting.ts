import 'server-only';
import { randomUUID } from 'node:crypto';
import { config } from '../config';
import { log } from '../log';

export type ErrorReport = { message: string; stack?: string; path?: string; digest?: string; source: 'client' | 'server'; userId?: number | null };

type Dsn = { key: string; envelopeUrl: string; raw: string };

function parseDsn(raw: string | undefined): Dsn | null {
  if (!raw) return null;
  try {
    const url = new URL(raw);
    const project = url.pathname.replace(/^\//, '');
    if (!url.username || !project) return null;
    return { key: url.username, envelopeUrl: `${url.protocol}//${url.host}/api/${project}/envelope/`, raw };
  } catch {
    return null;
  }
}

const dsn = parseDsn(config.sentryDsn ?? undefined);

/** Real adapter: Sentry's envelope endpoint when SENTRY_DSN is set; otherwise the log keeps it. */
export async function reportError(report: ErrorReport): Promise<void> {
  log.error({ report }, 'error reported');
  if (!dsn) return;
  const eventId = randomUUID().replace(/-/g, '');
  const event = {
    event_id: eventId,
    timestamp: Date.now() / 1000,
    platform: 'javascript',
    level: 'error',
    environment: config.production ? 'production' : 'development',
    tags: { source: report.source, digest: report.digest ?? '' },
    user: report.userId ? { id: String(report.userId) } : undefined,
    request: report.path ? { url: report.path } : undefined,
    exception: { values: [{ type: 'Error', value: report.message.slice(0, 2000) }] },
    extra: { stack: report.stack?.slice(0, 8000) },
  };
  const body = [JSON.stringify({ event_id: eventId, dsn: dsn.raw, sent_at: new Date().toISOString() }), JSON.stringify({ type: 'event' }), JSON.stringify(event)].join('\n');
  try {
    await fetch(dsn.envelopeUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-sentry-envelope',
        'x-sentry-auth': `Sentry sentry_version=7, sentry_key=${dsn.key}, sentry_client=stuga/1.0`,
      },
      body,
      signal: AbortSignal.timeout(3000),
    });
  } catch (error) {
    log.warn({ err: error }, 'error report not delivered');
  }
}
