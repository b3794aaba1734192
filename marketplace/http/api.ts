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
import type { RequestContext, SessionUser } from './context';
import { ApiError, unauthorized, type FieldError } from './errors';
import { OpenApiBuilder } from './openapi';
import { clientAddress, readJsonBody, wellFormedUrl } from './request';
import { config } from '../config';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
type Auth = 'user' | 'optional' | 'none';

type Spec<B extends $ZodType, Q extends $ZodType, A extends Auth> = {
  method: Method;
  /** Hono path, e.g. `/api/news/:id`. */
  path: string;
  auth: A;
  summary: string;
  tag: string;
  /** The body schema, or a function making it per request (rules that depend on today's date). */
  body?: B | (() => B);
  query?: Q;
};

type Input<B extends $ZodType, Q extends $ZodType, A extends Auth> = RequestContext & {
  user: A extends 'user' ? SessionUser : SessionUser | null;
  body: z.output<B>;
  query: z.output<Q>;
  params: Record<string, string>;
  c: Context;
};

export type Handler<B extends $ZodType, Q extends $ZodType, A extends Auth> = (
  input: Input<B, Q, A>,
) => Promise<Response | object | null>;

type EmptyObject = z.ZodMiniObject<Record<string, never>>;

/**
 * The one wrapper every marketplace endpoint goes through (cf. dub's withWorkspace): it resolves
 * the session, validates body and query with the shared zod schema, maps ApiError to the JSON
 * error format in the caller's language, logs the unexpected, and records the route in OpenAPI.
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

  route<B extends $ZodType = EmptyObject, Q extends $ZodType = EmptyObject, A extends Auth = Auth>(
    spec: Spec<B, Q, A>,
    handler: Handler<B, Q, A>,
  ): void {
    const bodySchema = typeof spec.body === 'function' ? spec.body : spec.body ? () => spec.body as B : null;
    this.docs.add({ method: spec.method, path: spec.path, summary: spec.summary, tag: spec.tag, auth: spec.auth, body: bodySchema?.(), query: spec.query });

    this.hono.on(spec.method.toUpperCase(), spec.path, async (c) => {
      // The local provider sandboxes and the outbox exist only with STUGA_SANDBOX=1.
      if (spec.tag === 'sandbox' && !config.sandbox) throw new ApiError(404, 'errors.badUrl');
      const locale = localeOf(c);
      const db = await getDb();
      const token = bearer(c);
      // A route that needs nobody costs no session read (half of a signed-in request's price otherwise).
      const user = token && spec.auth !== 'none' ? await resolveSession(db, token) : null;
      if (spec.auth === 'user' && !user) throw unauthorized();
      const body = bodySchema ? validate(bodySchema(), await readJsonBody(c)) : {};
      const query = spec.query ? validate(spec.query, c.req.query()) : {};
      const result = await handler({
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
      if (result instanceof Response) return result;
      return c.json(result ?? { message: 'success' });
    });
  }

  openapi() {
    return this.docs.document();
  }
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
        code: error.message,
        errors: error.errors.map((e) => ({ field: e.field, message: translate(locale, e.message) })),
      },
      error.status as ContentfulStatusCode,
    );
  }
  const err = error instanceof Error ? error : new Error(String(error));
  void reportError({ message: err.message, stack: err.stack, path: c.req.path, source: 'server', error: err });
  return c.json({ message: translate(locale, 'errors.generic'), errors: [] }, 500);
}
