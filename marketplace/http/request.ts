import 'server-only';
import type { Context, MiddlewareHandler } from 'hono';
import { JSON_BODY_MAX_BYTES, JSON_MAX_DEPTH } from '@/lib/constants';
import { addressFrom } from '@/lib/rules/client-address';
import { isSafeText, jsonProblem } from '@/lib/rules/text';
import { config } from '../config';
import { ApiError } from './errors';

/**
 * What the in-process BFF hands the marketplace as Hono's `env`: the client address it established,
 * and, for the calls of one server render, a memo of session reads (token → user), so that a page's
 * shell and content (`/api/user`, `/api/user/todo`, the page's own list) read the session once.
 */
export type InProcessEnv = { clientAddress: string; sessions?: Map<string, Promise<unknown>> };
type NodeEnv = { incoming?: { socket?: { remoteAddress?: string } } };

/**
 * The request body, refused with 413 (without reading the rest) once it passes `limit` bytes,
 * whatever Content-Length claimed.
 */
export async function readBodyLimited(c: Context, limit: number, tooLarge: () => ApiError = () => new ApiError(413, 'errors.tooLarge', [], {}, { connection: 'close' })): Promise<Buffer> {
  const declared = Number(c.req.header('content-length'));
  if (Number.isFinite(declared) && declared > limit) throw tooLarge();
  const body = c.req.raw.body;
  if (!body) return Buffer.alloc(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, total);
}

/** A JSON body: at most 1 MB, valid UTF-8 JSON, nested at most 64 deep, every string safe text. */
export async function readJsonBody(c: Context): Promise<unknown> {
  const bytes = await readBodyLimited(c, JSON_BODY_MAX_BYTES);
  if (!bytes.length) return {};
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    throw new ApiError(400, 'errors.form');
  }
  const problem = jsonProblem(value, JSON_MAX_DEPTH);
  if (problem) throw new ApiError(400, `errors.${problem}`);
  return value;
}

/**
 * Every request: its path and query must decode (`%c0` is not a character) to safe text, so no
 * handler ever meets a malformed escape or a NUL.
 */
export const wellFormedUrl: MiddlewareHandler = async (c, next) => {
  const url = new URL(c.req.url);
  try {
    const parts = [decodeURIComponent(url.pathname), ...[...url.searchParams.entries()].flat()];
    for (const raw of url.search.slice(1).split('&')) decodeURIComponent(raw.replace(/\+/g, ' '));
    if (!parts.every(isSafeText)) throw new Error('unsafe');
  } catch {
    throw new ApiError(400, 'errors.badUrl');
  }
  await next();
};

/**
 * The client's address. In-process, the BFF established it (env.clientAddress). Over HTTP, the
 * socket's peer, unless `TRUST_PROXY_HOPS=n`: then the n-th address from the right of
 * X-Forwarded-For (each trusted proxy appends the address it saw), never the client-chosen left end.
 */
/** The session memo of the server render this in-process call belongs to, if any. */
export function sessionMemo(c: Context): Map<string, Promise<unknown>> | null {
  return (c.env as Partial<InProcessEnv> | undefined)?.sessions ?? null;
}

export function clientAddress(c: Context): string {
  const env = c.env as (Partial<InProcessEnv> & NodeEnv) | undefined;
  if (env?.clientAddress) return env.clientAddress.slice(0, 64);
  const socket = env?.incoming?.socket?.remoteAddress ?? 'unknown';
  return addressFrom(socket, c.req.header('x-forwarded-for') ?? null, config.trustProxyHops);
}
