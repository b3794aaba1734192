// /api/** — the BFF: attaches the session, forwards to the marketplace API, keeps the token off the client.
import { cookies } from 'next/headers';
import { type NextRequest, NextResponse } from 'next/server';
import { webConfig } from '@/lib/api/config';
import { marketplaceFetch } from '@/lib/api/server';
import { getSession } from '@/lib/api/session';
import { IMAGE_MAX_BYTES, LANG_COOKIE } from '@/lib/constants';
import { pickLocale } from '@/lib/i18n/locale';
import { translate } from '@/lib/i18n/messages';
import { addressFrom } from '@/lib/rules/client-address';

const SESSION_TOKEN_HEADER = 'x-session-token';
const SOCKET_ADDRESS_HEADER = 'x-stuga-socket-address';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const UPLOAD_SLACK_BYTES = 64 * 1024;

/**
 * State-changing requests must come from this site: another Origin, or `Origin: null`, gets 403.
 * Signing out is a GET (SPEC), so it is held to the same rule: another site cannot end a session.
 */
function crossOrigin(request: NextRequest): boolean {
  // Compared decoded, as the marketplace routes it (`/api/auth/%6Cogout` is the same sign-out).
  const logout = decodeURIComponent(request.nextUrl.pathname) === '/api/auth/logout';
  if (SAFE_METHODS.has(request.method) && !logout) return false;
  const site = request.headers.get('sec-fetch-site');
  if (site === 'cross-site' || (logout && site === 'same-site')) return true;
  const origin = request.headers.get('origin') ?? (logout ? request.headers.get('referer') : null);
  if (origin === null) return false;
  const host = request.headers.get('x-forwarded-host') ?? request.headers.get('host');
  try {
    return origin === 'null' || new URL(origin).host !== host;
  } catch {
    return true;
  }
}

/**
 * Who is asking: the socket's peer, or the trusted proxies' word for it. The peer's header is trusted
 * only under our own server (server.mjs), which always overwrites it; started any other way, the
 * header could come from the client, and the address is then only what trusted proxies say.
 */
function clientAddressOf(request: NextRequest): string {
  const socket = webConfig.socketAddressHeader ? (request.headers.get(SOCKET_ADDRESS_HEADER) ?? 'unknown') : 'unknown';
  return addressFrom(socket, request.headers.get('x-forwarded-for'), webConfig.trustProxyHops);
}

async function handle(request: NextRequest): Promise<Response> {
  const locale = pickLocale((await cookies()).get(LANG_COOKIE)?.value);
  if (crossOrigin(request)) {
    return NextResponse.json({ message: translate(locale, 'errors.crossOrigin'), errors: [] }, { status: 403 });
  }
  const secure = request.nextUrl.protocol === 'https:' || request.headers.get('x-forwarded-proto') === 'https';
  const session = await getSession(secure);
  const hadToken = Boolean(session.token);

  const contentType = request.headers.get('content-type');
  // Image uploads stream through (the marketplace caps them); a declared size over the cap stops here.
  const upload = request.nextUrl.pathname.startsWith('/api/uploads/') || request.nextUrl.pathname.startsWith('/api/conversation-uploads/');
  if (upload && Number(request.headers.get('content-length') ?? 0) > IMAGE_MAX_BYTES + UPLOAD_SLACK_BYTES) {
    return NextResponse.json({ message: translate(locale, 'images.invalidFile', { filenames: '' }), errors: [] }, { status: 413, headers: { connection: 'close' } });
  }
  const upstream = await marketplaceFetch(request.nextUrl.pathname + request.nextUrl.search, {
    method: request.method,
    // Streamed through: the marketplace stops reading at its body limit (413), whatever the size.
    body: SAFE_METHODS.has(request.method) ? null : request.body,
    headers: {
      ...(contentType ? { 'content-type': contentType } : {}),
      // Stripe's webhook is checked against its signature on the raw body (both pass through untouched).
      ...(request.headers.get('stripe-signature') ? { 'stripe-signature': request.headers.get('stripe-signature')! } : {}),
    },
    token: session.token,
    locale,
    address: clientAddressOf(request),
  });

  const newToken = upstream.headers.get(SESSION_TOKEN_HEADER);
  if (newToken) {
    session.token = newToken;
    await session.save();
  } else if (request.nextUrl.pathname === '/api/auth/logout' || (upstream.status === 401 && hadToken)) {
    await session.destroy();
  }

  const responseHeaders = new Headers();
  for (const name of ['content-type', 'retry-after', 'cache-control', 'content-disposition', 'content-length', 'x-content-type-options']) {
    const value = upstream.headers.get(name);
    if (value) responseHeaders.set(name, value);
  }
  if (!responseHeaders.has('cache-control')) responseHeaders.set('cache-control', 'no-store');
  responseHeaders.set('x-content-type-options', 'nosniff');
  return new Response(upstream.body, { status: upstream.status, headers: responseHeaders });
}

export const GET = handle;
export const POST = handle;
export const PUT = handle;
export const PATCH = handle;
export const DELETE = handle;
