import 'server-only';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { FEED_MAX_BYTES, FEED_MAX_REDIRECTS, FEED_TIMEOUT_MS, feedUrlError, isPrivateAddress, type FeedError } from '@/lib/rules/ical';

// Fetches another site's iCalendar feed for a host (issue 18), safely: http(s) only; every address
// the connection is actually made to is checked (a resolver answer, redirects re-checked at each
// hop), so no private, loopback or link-local address is reached unless the sandbox allows it; 5 s
// for the whole fetch; at most 2 MB read; at most 3 redirects. Conditional GET with the last ETag.

export type FeedFetch = { kind: 'ok'; text: string; etag: string | null } | { kind: 'not_modified' } | { kind: 'error'; error: FeedError };

class Refused extends Error {}

/** dns.lookup, refusing a private answer: the check is made on the address the socket will use. */
const guardedLookup =
  (allowPrivate: boolean): LookupFunction =>
  (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const list = addresses as LookupAddress[];
      const bad = !allowPrivate && list.some((a) => isPrivateAddress(a.address));
      if (bad || !list.length) return callback(new Refused('forbidden address'), '', 0);
      if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
      callback(null, list[0]!.address, list[0]!.family);
    });
  };

function once(url: URL, allowPrivate: boolean, etag: string | null, deadline: number): Promise<{ status: number; location: string | null; etag: string | null; body: string } | FeedError> {
  return new Promise((resolve) => {
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (isIP(host) && !allowPrivate && isPrivateAddress(host)) return resolve('forbidden_address');
    const client = url.protocol === 'https:' ? https : http;
    const remaining = Math.max(1, deadline - Date.now());
    const request = client.request(
      url,
      {
        method: 'GET',
        lookup: guardedLookup(allowPrivate),
        headers: { accept: 'text/calendar, */*;q=0.5', 'user-agent': 'Stuga calendar sync', ...(etag ? { 'if-none-match': etag } : {}) },
        timeout: remaining,
      },
      (response) => {
        const status = response.statusCode ?? 0;
        const declared = Number(response.headers['content-length'] ?? 0);
        if (declared > FEED_MAX_BYTES) {
          response.destroy();
          return resolve('too_big');
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > FEED_MAX_BYTES) {
            response.destroy();
            resolve('too_big');
          } else chunks.push(chunk);
        });
        response.on('end', () =>
          resolve({
            status,
            location: typeof response.headers.location === 'string' ? response.headers.location : null,
            etag: typeof response.headers.etag === 'string' ? response.headers.etag : null,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        response.on('error', () => resolve('unreachable'));
      },
    );
    const timer = setTimeout(() => request.destroy(new Error('timeout')), remaining);
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', (error) => resolve(error instanceof Refused || (error as { cause?: unknown }).cause instanceof Refused ? 'forbidden_address' : 'unreachable'));
    request.on('close', () => clearTimeout(timer));
    request.end();
  });
}

export async function fetchFeed(address: string, options: { allowPrivate: boolean; etag?: string | null }): Promise<FeedFetch> {
  const deadline = Date.now() + FEED_TIMEOUT_MS;
  let url = address;
  for (let hop = 0; hop <= FEED_MAX_REDIRECTS; hop++) {
    if (feedUrlError(url)) return { kind: 'error', error: 'unreachable' };
    const answer = await once(new URL(url), options.allowPrivate, hop === 0 ? (options.etag ?? null) : null, deadline);
    if (typeof answer === 'string') return { kind: 'error', error: answer };
    if (answer.status === 304) return { kind: 'not_modified' };
    if (answer.status >= 300 && answer.status < 400 && answer.location) {
      // Each hop is checked again: a public feed cannot redirect into the private network.
      url = new URL(answer.location, url).toString();
      continue;
    }
    if (answer.status !== 200) return { kind: 'error', error: answer.status >= 500 || answer.status === 404 ? 'unreachable' : 'bad_status' };
    return { kind: 'ok', text: answer.body, etag: answer.etag };
  }
  return { kind: 'error', error: 'unreachable' };
}
