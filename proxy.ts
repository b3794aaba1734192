// Sign-in gate, `?lang=` → cookie, and the current path for server components. Convenience only:
// the marketplace API authorises every request itself.
import { type NextRequest, NextResponse } from 'next/server';
import { LANG_COOKIE, SESSION_COOKIE } from './lib/constants';
import { isLocale } from './lib/i18n/locale';
import { loginPathFor } from './lib/rules/next-path';

/** Dashboard areas only for signed-in users; everything else under /dashboard is public or Not found. */
const PROTECTED = [
  'conversations',
  'bookings',
  'cottages',
  'reviews',
  'orders',
  'to-do',
  'news',
  'profile',
  'change-password',
  'payout',
  'contact',
];

const ONE_YEAR = 365 * 24 * 60 * 60;

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

  const area = pathname.split('/')[2] ?? '';
  if (PROTECTED.includes(area) && !request.cookies.has(SESSION_COOKIE)) {
    const url = request.nextUrl.clone();
    const target = loginPathFor(pathname);
    url.pathname = target.split('?')[0]!;
    url.search = target.includes('?') ? `?${target.split('?')[1]}` : '';
    return NextResponse.redirect(url);
  }

  const headers = new Headers(request.headers);
  headers.set('x-stuga-path', pathname);
  const pathLocale = pathname.split('/')[1];
  if (pathLocale === 'sv' || pathLocale === 'en') headers.set('x-stuga-locale', pathLocale);
  else headers.delete('x-stuga-locale');
  return NextResponse.next({ request: { headers } });
}

export const config = {
  matcher: ['/dashboard/:path*', '/sv/:path*', '/en/:path*'],
};
