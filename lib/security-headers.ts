// The headers every HTML page is answered with (set by proxy.ts, per request): a Content-Security-
// Policy whose scripts need this response's nonce, and the usual hardening headers. Pure, so a unit
// test can read the policy.

export type SecurityOptions = {
  nonce: string;
  /** Google Maps in the ad editor (only with a key). */
  maps: boolean;
  /** The S3 endpoint images are uploaded to directly (only with S3). */
  uploadOrigin: string | null;
  /** Sentry's ingest, which the browser reports uncaught errors to (only with SENTRY_DSN). */
  errorReportOrigin?: string | null;
  /** The public URL is https: browsers are told to stay on https. */
  https: boolean;
  /** `next dev` needs eval for its refresh runtime. */
  development: boolean;
};

const MAPS_SCRIPT = ['https://maps.googleapis.com', 'https://maps.gstatic.com'];
const MAPS_IMG = ['https://maps.googleapis.com', 'https://maps.gstatic.com', 'https://*.googleapis.com', 'https://*.ggpht.com'];

export function contentSecurityPolicy(o: SecurityOptions): string {
  const script = ["'self'", `'nonce-${o.nonce}'`, "'strict-dynamic'", ...(o.development ? ["'unsafe-eval'"] : []), ...(o.maps ? MAPS_SCRIPT : [])];
  const connect = [
    "'self'",
    ...(o.maps ? ['https://maps.googleapis.com'] : []),
    ...(o.uploadOrigin ? [o.uploadOrigin] : []),
    ...(o.errorReportOrigin ? [o.errorReportOrigin] : []),
    ...(o.development ? ['ws:'] : []),
  ];
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', script],
    // React sets style attributes; styles cannot run code, so inline styles stay allowed.
    ['style-src', ["'self'", "'unsafe-inline'", ...(o.maps ? ['https://fonts.googleapis.com'] : [])]],
    ['img-src', ["'self'", 'data:', 'blob:', ...(o.maps ? MAPS_IMG : [])]],
    ['font-src', ["'self'", ...(o.maps ? ['https://fonts.gstatic.com'] : [])]],
    ['connect-src', connect],
    ['frame-src', ["'none'"]],
    ['worker-src', ["'self'", 'blob:']],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
  ];
  const policy = directives.map(([name, values]) => `${name} ${values.join(' ')}`);
  if (o.https) policy.push('upgrade-insecure-requests');
  return policy.join('; ');
}

export function securityHeaders(o: SecurityOptions): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(o),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
    'cross-origin-opener-policy': 'same-origin',
    'x-frame-options': 'DENY',
    ...(o.https ? { 'strict-transport-security': 'max-age=63072000; includeSubDomains' } : {}),
  };
}
