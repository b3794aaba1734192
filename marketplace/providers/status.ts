import 'server-only';
import { config } from '../config';
import { log } from '../log';

/**
 * Said once at start: which outside providers are missing (one line each, and what that means),
 * and a loud warning when the sandboxes are switched on in production.
 */
export function logProviderStatus(): void {
  if (config.sandbox) {
    const say = config.production ? log.warn.bind(log) : log.info.bind(log);
    say(
      config.production
        ? 'STUGA_SANDBOX=1 IN PRODUCTION: the local payment, BankID and insurance sandboxes and the mail outbox are open to anyone. Never run a public site like this.'
        : 'STUGA_SANDBOX=1: local provider sandboxes and the mail outbox are on',
    );
    return;
  }
  if (!config.mangopay) log.warn('payments not configured (MANGOPAY_*): booking payments answer "not available"');
  log.warn('BankID not configured: ad verification answers "not available"');
  if (!config.omocom) log.warn('insurance not configured (OMOCOM_*): paid bookings get no insurance number');
  if (!config.smtpUrl) log.warn('mail not configured (SMTP_URL): e-mails are logged without their text, not sent');
  if (!config.sentryDsn) log.info('error reporting: SENTRY_DSN not set, errors are only logged');
  try {
    if (!config.s3) log.info(`storage: files under ${config.dataDir}/uploads (S3_* not set)`);
  } catch (error) {
    log.error({ err: error }, 'storage misconfigured');
  }
}
