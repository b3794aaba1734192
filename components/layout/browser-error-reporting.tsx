'use client';
import { useEffect } from 'react';

type Sentry = typeof import('./sentry-browser');

/**
 * Errors no error boundary catches (in event handlers, timers, promises) go to Sentry through the
 * browser side of @sentry/nextjs. Only with SENTRY_DSN, and the SDK is fetched on the first such
 * error, so no page's first load pays for it. Errors an error boundary catches take the error
 * screen's way instead: /api/errors (rate-limited, logged, sent on by the server's SDK).
 */
export function BrowserErrorReporting({ dsn }: { dsn: string | null }) {
  useEffect(() => {
    if (!dsn) return;
    let sdk: Promise<Sentry> | null = null;
    const report = (error: unknown, type: 'onerror' | 'onunhandledrejection') => {
      sdk ??= import('./sentry-browser').then((Sentry) => {
        // Its own global handlers stay off: the two listeners below hand it each error once.
        Sentry.init({ dsn, defaultIntegrations: false, integrations: [Sentry.linkedErrorsIntegration(), Sentry.dedupeIntegration(), Sentry.httpContextIntegration()] });
        return Sentry;
      });
      sdk.then((Sentry) => Sentry.captureException(error, { mechanism: { type, handled: false } })).catch(() => undefined);
    };
    const onError = (event: ErrorEvent) => report(event.error ?? new Error(event.message), 'onerror');
    const onRejection = (event: PromiseRejectionEvent) => report(event.reason, 'onunhandledrejection');
    window.addEventListener('error', onError);
    window.addEventListener('unhandledrejection', onRejection);
    return () => {
      window.removeEventListener('error', onError);
      window.removeEventListener('unhandledrejection', onRejection);
    };
  }, [dsn]);
  return null;
}
