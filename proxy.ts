// Sign-in gate, `?lang=` → cookie, the current path for server components, and every page's security
// headers with a fresh CSP nonce (Next puts it on its own scripts). The gate is convenience only: the
// marketplace API authorises every request itself.
import { type NextRequest, NextResponse } from 'next/server';
import { webConfig } from './lib/api/config';
import { LANG_COOKIE, SESSION_COOKIE } from './lib/constants';
import { isLocale } from './lib/i18n/locale';
import { loginPathFor } from './lib/rules/next-path';
import { securityHeaders } from './lib/security-headers';

/** Dashboard areas only for signed-in users; everything else under /dashboard is public or Not found. */
const PROTECTED = ['conversations', 'bookings', 'cottages', 'reviews', 'orders', 'to-do', 'news', 'profile', 'change-password', 'payout', 'contact'];

const ONE_YEAR = 365 * 24 * 60 * 60;

/** Where the browser sends Sentry events: the DSN's origin (a DSN that is no URL reports nothing). */
const sentryOrigin = (() => {
  try {
    return webConfig.sentryDsn ? new URL(webConfig.sentryDsn).origin : null;
  } catch {
    return null;
  }
})();

export function proxy(request: NextRequest) {
  const { pathname, searchParams } = request.nextUrl;

  const lang = searchParams.get('lang');
  if (lang !== null) {
    const url = request.nextUrl.clone();
    url.searchParams.delete('lang');
    const response = NextResponse.redirect(url);
    if (isLocale(lang)) response.cookies.set(LANG_COOKIE, lang, { path: '/', maxAge: ONE_YEAR, sameSite: 'lax' });
    return response;
  }

  const area = pathname.startsWith('/dashboard/') ? (pathname.split('/')[2] ?? '') : '';
  if (PROTECTED.includes(area) && !request.cookies.has(SESSION_COOKIE)) {
    const url = request.nextUrl.clone();
    const target = loginPathFor(pathname);
    url.pathname = target.split('?')[0]!;
    url.search = target.includes('?') ? `?${target.split('?')[1]}` : '';
    return NextResponse.redirect(url);
  }

  const secured = securityHeaders({
    nonce: Buffer.from(crypto.randomUUID()).toString('base64'),
    maps: Boolean(webConfig.googleMapsKey),
    uploadOrigin: webConfig.s3Endpoint ? new URL(webConfig.s3Endpoint).origin : null,
    errorReportOrigin: sentryOrigin,
    https: webConfig.publicUrl.startsWith('https:'),
    development: webConfig.development,
  });
  const headers = new Headers(request.headers);
  headers.set('x-stuga-path', pathname);
  headers.set('content-security-policy', secured['content-security-policy']!);
  const pathLocale = pathname.split('/')[1];
  if (pathLocale === 'sv' || pathLocale === 'en') headers.set('x-stuga-locale', pathLocale);
  else headers.delete('x-stuga-locale');
  const response = NextResponse.next({ request: { headers } });
  for (const [name, value] of Object.entries(secured)) response.headers.set(name, value);
  return response;
}

export const config = {
  // Every page. Not the BFF (/api/) nor the image route (/img/), which answer with headers of their own:
  // running the proxy cost each API request a quarter of its time (docs/performance.md). Not Next's
  // static files nor the files in public/. (server.mjs answers a path that does not decode.)
  matcher: ['/((?!api/|img/|_next/static|_next/image|favicon\\.ico|icon\\.svg|icon-\\d+\\.png|apple-touch-icon\\.png|manifest\\.webmanifest|robots\\.txt).*)'],
};
