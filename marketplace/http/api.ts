import 'server-only';
import { Hono, type Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import * as z from 'zod/mini';
import type { $ZodType } from 'zod/v4/core';
import { pickLocale } from '@/lib/i18n/locale';
import { translate } from '@/lib/i18n/messages';
import { getDb } from '../db/client';
import { reportError } from '../providers/error-reporting';
import { resolveSession } from '../services/sessions';
import { config } from '../config';
import type { RequestContext, SessionUser } from './context';
import { ApiError, unauthorized, type FieldError } from './errors';
import { OpenApiBuilder } from './openapi';
import { clientAddress, readJsonBody, sessionMemo, wellFormedUrl } from './request';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
/** 'admin': a signed-in administrator (others get 403); 'optional': a session if one is sent. */
export type Auth = 'user' | 'admin' | 'optional' | 'none';

/** A body the handler reads itself from `c.req` (uploads): no JSON parsing, errors close the connection. */
export type RawBody = { kind: 'raw'; contentType: string; description: string };
export const rawBody = (contentType: string, description: string): RawBody => ({ kind: 'raw', contentType, description });

/** An answer that is not JSON (images, downloads): the handler returns a Response of this type. */
export type FileAnswer = { kind: 'file'; contentType: string; description: string };
export const fileAnswer = (contentType: string, description: string): FileAnswer => ({ kind: 'file', contentType, description });

type Spec<B extends $ZodType, Q extends $ZodType, A extends Auth, R extends $ZodType | FileAnswer> = {
  method: Method;
  /** Hono path, e.g. `/api/news/:id`. */
  path: string;
  auth: A;
  summary: string;
  tag: string;
  /** The body schema, a function making it per request (rules that depend on today's date), or a raw body. */
  body?: B | (() => B) | RawBody;
  query?: Q;
  /** What the route answers: the JSON schema its result must match, or a file. */
  response: R;
};

type Input<B extends $ZodType, Q extends $ZodType, A extends Auth> = RequestContext & {
  user: A extends 'user' | 'admin' ? SessionUser : SessionUser | null;
  body: z.output<B>;
  query: z.output<Q>;
  params: Record<string, string>;
  c: Context;
};

/** What a handler returns: the response schema's input (plain JSON), or a Response for a file answer (or an error answer of its own, status ≥ 400). */
export type Answer<R extends $ZodType | FileAnswer> = R extends $ZodType ? z.input<R> | Response : Response;

export type Handler<B extends $ZodType, Q extends $ZodType, A extends Auth, R extends $ZodType | FileAnswer> = (input: Input<B, Q, A>) => Promise<Answer<R>>;

type EmptyObject = z.ZodMiniObject<Record<string, never>>;

const isRaw = (body: unknown): body is RawBody => typeof body === 'object' && body !== null && (body as RawBody).kind === 'raw';
const isFile = (response: unknown): response is FileAnswer => typeof response === 'object' && response !== null && (response as FileAnswer).kind === 'file';

/**
 * The one wrapper every marketplace endpoint goes through (cf. dub's withWorkspace): it resolves
 * the session, checks administrators, validates body and query with the shared zod schema (and,
 * outside production, the answer with the response schema: a mismatch is a server bug, a 500),
 * maps ApiError to the JSON error format in the caller's language, logs the unexpected, and
 * records the route in OpenAPI.
 */
export class Api {
  readonly hono = new Hono();
  readonly docs = new OpenApiBuilder();

  constructor() {
    this.hono.use(wellFormedUrl);
    this.hono.use(async (c, next) => {
      await next();
      // Everything the API answers is about someone: never cached, never sniffed into HTML.
      c.header('x-content-type-options', 'nosniff');
      if (!c.res.headers.has('cache-control')) c.header('cache-control', 'no-store');
    });
    this.hono.notFound((c) => respondError(c, new ApiError(404, 'errors.badUrl'), localeOf(c)));
    this.hono.onError((error, c) => respondError(c, error, localeOf(c)));
  }

  route<B extends $ZodType = EmptyObject, Q extends $ZodType = EmptyObject, A extends Auth = Auth, R extends $ZodType | FileAnswer = $ZodType>(
    spec: Spec<B, Q, A, R>,
    handler: Handler<B, Q, A, R>,
  ): void {
    const raw = isRaw(spec.body) ? spec.body : null;
    const bodySchema = raw || !spec.body ? null : typeof spec.body === 'function' ? spec.body : () => spec.body as B;
    const response = spec.response;
    this.docs.add({ method: spec.method, path: spec.path, summary: spec.summary, tag: spec.tag, auth: spec.auth, body: bodySchema?.(), rawBody: raw ?? undefined, query: spec.query, response });
    const checkAnswers = !config.production && !isFile(response);
    const where = `${spec.method.toUpperCase()} ${spec.path}`;

    this.hono.on(spec.method.toUpperCase(), spec.path, async (c) => {
      // The local provider sandboxes and the outbox exist only with STUGA_SANDBOX=1.
      if (spec.tag === 'sandbox' && !config.sandbox) throw new ApiError(404, 'errors.badUrl');
      try {
        const locale = localeOf(c);
        const db = await getDb();
        const token = bearer(c);
        // A route that needs nobody costs no session read (half of a signed-in request's price otherwise).
        const user = token && spec.auth !== 'none' ? await sessionOf(c, db, token) : null;
        if ((spec.auth === 'user' || spec.auth === 'admin') && !user) throw unauthorized();
        if (spec.auth === 'admin' && !user?.admin) throw new ApiError(403, 'errors.forbidden');
        const body = bodySchema ? validate(bodySchema(), await readJsonBody(c)) : {};
        const query = spec.query ? validate(spec.query, c.req.query()) : {};
        const result: unknown = await handler({
          db,
          locale,
          address: clientAddress(c),
          token,
          user: user as Input<B, Q, A>['user'],
          body: body as z.output<B>,
          query: query as z.output<Q>,
          params: c.req.param() as Record<string, string>,
          c,
        });
        if (isFile(response)) {
          if (!(result instanceof Response)) throw new Error(`${where} answers a file but its handler returned no Response`);
          return result;
        }
        if (checkAnswers) checkAnswer(where, response as $ZodType, result);
        return c.json(result as object);
      } catch (error) {
        // The client may still be sending a body this route will not read: the connection must not be reused.
        throw raw ? closingConnection(error) : error;
      }
    });
  }

  openapi() {
    return this.docs.document();
  }
}

/** The token's session, read once per server render when the in-process BFF passes a memo (issue 12: one session read per page, not three). */
function sessionOf(c: Context, db: Awaited<ReturnType<typeof getDb>>, token: string): Promise<SessionUser | null> {
  const memo = sessionMemo(c);
  if (!memo) return resolveSession(db, token);
  let pending = memo.get(token) as Promise<SessionUser | null> | undefined;
  if (!pending) {
    pending = resolveSession(db, token);
    memo.set(token, pending);
    // A failed read is not remembered: the next call of the render tries again.
    pending.catch(() => memo.delete(token));
  }
  return pending;
}

/** Outside production every JSON answer must match its route's response schema: a mismatch is the server's bug. */
function checkAnswer(where: string, schema: $ZodType, result: unknown) {
  const parsed = z.safeParse(schema, result);
  if (parsed.success) return;
  const issues = parsed.error.issues.slice(0, 5).map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`);
  throw new Error(`${where} answered outside its response schema: ${issues.join('; ')}`);
}

/** The same error, answered with `Connection: close`. */
function closingConnection(error: unknown): unknown {
  if (!(error instanceof ApiError)) return error;
  return new ApiError(error.status, error.message, error.errors, error.values, { ...error.headers, connection: 'close' }, error.code);
}

const MESSAGE_KEY = /^[a-z]+\.[A-Za-z_]+(?:\?.*)?$/;

export function validate<T extends $ZodType>(schema: T, input: unknown): z.output<T> {
  const result = z.safeParse(schema, input);
  if (result.success) return result.data;
  // Schema messages are catalogue keys; zod's own English ("Invalid input") becomes 'Error in form!'.
  const errors: FieldError[] = result.error.issues.map((issue) => ({
    field: issue.path.join('.') || '_',
    message: MESSAGE_KEY.test(issue.message) ? issue.message : 'errors.form',
  }));
  throw new ApiError(400, errors[0]?.message ?? 'errors.form', errors);
}

function bearer(c: Context): string | null {
  const header = c.req.header('authorization');
  const match = header && /^Bearer ([A-Za-z0-9_-]{16,200})$/.exec(header);
  return match ? match[1]! : null;
}

function localeOf(c: Context) {
  const header = c.req.header('accept-language') ?? '';
  return pickLocale(header.slice(0, 2).toLowerCase());
}

function respondError(c: Context, error: unknown, locale: ReturnType<typeof pickLocale>) {
  if (error instanceof ApiError) {
    for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
    return c.json(
      {
        message: translate(locale, error.message, error.values),
        code: error.code,
        ...(error.code !== error.message ? { error: error.code } : {}),
        errors: error.errors.map((e) => ({ field: e.field, message: translate(locale, e.message), ...e.detail })),
      },
      error.status as ContentfulStatusCode,
    );
  }
  const err = error instanceof Error ? error : new Error(String(error));
  void reportError({ message: err.message, stack: err.stack, path: c.req.path, source: 'server', error: err });
  return c.json({ message: translate(locale, 'errors.generic'), errors: [] }, 500);
}
