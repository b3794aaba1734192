import 'server-only';
import { dataDirOf } from '../data-dir';
import { parseProxyHops } from '../rules/client-address';

// Everything the web tier (pages, the BFF, the proxy) reads from the environment, read once (the only place on this side that reads it).
const env = process.env;

export const webConfig = {
  /** The one address the site is reached at: every absolute URL the server makes starts with it. */
  publicUrl: (env.PUBLIC_URL || 'http://localhost:3000').replace(/\/$/, ''),
  /** `STUGA_SANDBOX=1`: the local provider pages under /sandbox and the mail outbox exist. */
  sandbox: env.STUGA_SANDBOX === '1',
  trustProxyHops: parseProxyHops(env.TRUST_PROXY_HOPS),
  /** Set by server.mjs in its own process: the socket-address header it writes can be trusted. */
  socketAddressHeader: env.STUGA_SOCKET_ADDRESS_HEADER === '1',
  marketplaceUrl: env.MARKETPLACE_API_URL?.replace(/\/$/, '') || null,
  googleMapsKey: env.GOOGLE_MAPS_API_KEY || null,
  supportWidgetUrl: env.SUPPORT_WIDGET_URL || null,
  s3Endpoint: env.S3_ENDPOINT?.replace(/\/+$/, '') || null,
  /** Sentry's DSN is public by design: the browser reports uncaught errors to it (components/layout/browser-error-reporting). */
  sentryDsn: env.SENTRY_DSN || null,
  development: env.NODE_ENV === 'development',
  dataDir: dataDirOf(env.STUGA_DATA_DIR),
  sessionSecret: env.SESSION_SECRET || null,
};
