import 'server-only';
import { cache } from 'react';
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { getLocale } from 'next-intl/server';
import { loginPathFor } from '../rules/next-path';
import { webConfig } from './config';
import { rememberAnswers } from './remember-answers';
import { getSession } from './session';

/**
 * The one bridge from the web tier to the marketplace API: in-process through the Hono app by
 * default, over HTTP when MARKETPLACE_API_URL is set. Callers pass the session token and language.
 */
export async function marketplaceFetch(
  pathWithQuery: string,
  init: {
    method?: string;
    body?: BodyInit | null;
    headers?: Record<string, string>;
    token?: string | null;
    locale?: string;
    address?: string;
    /** In-process: the server render's session memo (one session read for all of a page's calls). */
    sessions?: Map<string, Promise<unknown>>;
  },
): Promise<Response> {
  const base = webConfig.marketplaceUrl;
  const headerList: Record<string, string> = { ...init.headers, 'accept-language': init.locale ?? 'sv' };
  if (init.token) headerList.authorization = `Bearer ${init.token}`;
  // Over HTTP the standalone API trusts one hop (TRUST_PROXY_HOPS=1): the address we append.
  if (init.address && base) headerList['x-forwarded-for'] = init.address;
  const body = init.body ?? null;
  const request = new Request(`${base ?? 'http://marketplace.internal'}${pathWithQuery}`, {
    method: init.method ?? 'GET',
    headers: headerList,
    body,
    // A streamed body (image uploads) needs half duplex.
    ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
  } as RequestInit);
  if (base) return fetch(request);
  const { marketplace } = await import('@/marketplace/app');
  // In-process, the address we established travels beside the request, where no client can set it.
  return marketplace().hono.fetch(request, { clientAddress: init.address ?? 'local', sessions: init.sessions });
}

/**
 * With the marketplace in this process: its database's own secret of that name, the same for every
 * instance on that database (marketplace/db/secrets.ts). Over HTTP the web tier has no database: null.
 */
export async function marketplaceSecret(name: 'session'): Promise<string | null> {
  if (webConfig.marketplaceUrl) return null;
  const { getDb } = await import('@/marketplace/db/client');
  await getDb();
  const { storedSecret } = await import('@/marketplace/db/secrets');
  return storedSecret(name);
}

export class ApiResponseError extends Error {
  constructor(
    public readonly status: number,
    message: string,
    /** The API's message key, e.g. 'errors.notOwner'. */
    public readonly code: string | null = null,
  ) {
    super(message);
  }
}

/**
 * For server components: GET a marketplace path as the signed-in user. A 401 ends the session
 * and sends the visitor to login with `next` (via /logout, which clears the cookie). Memoised per
 * request, so the shell and the page asking for the same path (e.g. /api/user) cost one call.
 */
export function apiGet<T>(pathWithQuery: string): Promise<T> {
  return rememberAnswers(requestMemo(), pathWithQuery, () => getFromApi<T>(pathWithQuery));
}

/** One map per server request (React's `cache`), from path to the answer being loaded. */
const requestMemo = cache(() => new Map<string, Promise<unknown>>());
/** One map per server request: the marketplace reads the session once for all of the render's calls. */
const sessionMemo = cache(() => new Map<string, Promise<unknown>>());

/** GET as the signed-in user; a 401 ends the session (via /logout, back here after login). */
async function fetchAsUser(pathWithQuery: string): Promise<Response> {
  const session = await getSession();
  const response = await marketplaceFetch(pathWithQuery, { token: session.token, locale: await getLocale(), sessions: sessionMemo() });
  if (response.status === 401) {
    const current = (await headers()).get('x-stuga-path') ?? '/dashboard';
    const next = loginPathFor(current).split('next=')[1];
    redirect(next ? `/dashboard/logout?next=${next}` : '/dashboard/logout');
  }
  return response;
}

async function getFromApi<T>(pathWithQuery: string): Promise<T> {
  const response = await fetchAsUser(pathWithQuery);
  const data = (await response.json()) as T & { message?: string; code?: string };
  if (!response.ok) throw new ApiResponseError(response.status, data.message ?? response.statusText, data.code ?? null);
  return data;
}

/** For server components: a text answer (the DAC7 XML report) as the signed-in user. */
export async function apiGetText(pathWithQuery: string): Promise<string> {
  const response = await fetchAsUser(pathWithQuery);
  if (!response.ok) {
    const data = (await response.json().catch(() => ({}))) as { message?: string; code?: string };
    throw new ApiResponseError(response.status, data.message ?? response.statusText, data.code ?? null);
  }
  return response.text();
}

/** Like apiGet, but answers null for a 404 so that pages can call notFound(). */
export async function apiGetOrNull<T>(pathWithQuery: string): Promise<T | null> {
  try {
    return await apiGet<T>(pathWithQuery);
  } catch (error) {
    if (error instanceof ApiResponseError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}

/** The signed-in user's session token, if any (for pages only open to signed-out visitors). */
export async function currentUserOrNull<T>(): Promise<T | null> {
  const session = await getSession();
  if (!session.token) return null;
  const response = await marketplaceFetch('/api/user', { token: session.token, locale: await getLocale(), sessions: sessionMemo() });
  return response.ok ? ((await response.json()) as T) : null;
}
