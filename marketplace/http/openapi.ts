import 'server-only';
import * as z from 'zod/mini';
import type { $ZodType } from 'zod/v4/core';

type Operation = {
  method: string;
  path: string;
  summary: string;
  tag: string;
  auth: 'user' | 'admin' | 'optional' | 'none';
  body?: $ZodType;
  /** A body the handler reads itself (uploads). */
  rawBody?: { contentType: string; description: string };
  query?: $ZodType;
  /** The answer's schema, or a file's content type. */
  response: $ZodType | { kind: 'file'; contentType: string; description: string };
};

type JsonSchema = { properties?: Record<string, unknown>; required?: string[]; $defs?: Record<string, unknown>; [key: string]: unknown };

const ERROR = { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } };

/**
 * A schema as JSON Schema, one side of it: 'input' (what a caller sends; transforms are not callers'
 * business) or 'output' (what the API answers). Definitions it shares inside itself ($defs) move to
 * the document's components, so that every $ref resolves within the document.
 */
function jsonSchema(schema: $ZodType, io: 'input' | 'output', shared: Record<string, unknown>, prefix: string): JsonSchema {
  const json = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
  delete json.$schema;
  const defs = json.$defs;
  delete json.$defs;
  if (!defs) return json;
  const renamed = (name: string) => `${prefix}_${name}`;
  const rewrite = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(rewrite);
    if (!value || typeof value !== 'object') return value;
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, k === '$ref' && typeof v === 'string' && v.startsWith('#/$defs/') ? `#/components/schemas/${renamed(v.slice(8))}` : rewrite(v)]),
    );
  };
  for (const [name, def] of Object.entries(defs)) shared[renamed(name)] = rewrite(def);
  return rewrite(json) as JsonSchema;
}

const isFile = (r: Operation['response']): r is { kind: 'file'; contentType: string; description: string } => 'kind' in r && r.kind === 'file';

/** OpenAPI 3.1 built from the same zod schemas the endpoints validate with, requests and answers. */
export class OpenApiBuilder {
  private readonly operations: Operation[] = [];
  private built: ReturnType<OpenApiBuilder['build']> | null = null;

  add(operation: Operation) {
    this.operations.push(operation);
    this.built = null;
  }

  /** The document (built once: the route table does not change after start-up). */
  document() {
    this.built ??= this.build();
    return this.built;
  }

  private build() {
    const paths: Record<string, Record<string, unknown>> = {};
    const shared: Record<string, unknown> = {};
    for (const op of this.operations) {
      const path = op.path.replace(/:(\w+)/g, '{$1}');
      const id = `${op.method}${path.replace(/[^A-Za-z0-9]+/g, '_')}`;
      const parameters: unknown[] = [...op.path.matchAll(/:(\w+)/g)].map((m) => ({ name: m[1], in: 'path', required: true, schema: { type: 'string' } }));
      if (op.query) {
        const query = jsonSchema(op.query, 'input', shared, `${id}_query`);
        for (const [name, schema] of Object.entries(query.properties ?? {})) {
          parameters.push({ name, in: 'query', required: query.required?.includes(name) ?? false, schema });
        }
      }
      const signedIn = op.auth === 'user' || op.auth === 'admin';
      const requestBody = op.body
        ? { required: true, content: { 'application/json': { schema: jsonSchema(op.body, 'input', shared, `${id}_body`) } } }
        : op.rawBody
          ? {
              required: true,
              description: op.rawBody.description,
              // A raw JSON body (a signed webhook, read as bytes) is still a JSON object on the wire.
              content: { [op.rawBody.contentType]: { schema: op.rawBody.contentType === 'application/json' ? { type: 'object' } : { type: 'string', format: 'binary' } } },
            }
          : null;
      const success = isFile(op.response)
        ? { description: op.response.description, content: { [op.response.contentType]: { schema: { type: 'string', format: 'binary' } } } }
        : { description: 'Success', content: { 'application/json': { schema: jsonSchema(op.response, 'output', shared, `${id}_response`) } } };
      paths[path] ??= {};
      paths[path][op.method] = {
        operationId: id,
        summary: op.summary,
        tags: [op.tag],
        security: signedIn ? [{ session: [] }] : [],
        ...(op.auth === 'admin' ? { 'x-admin': true } : {}),
        ...(parameters.length ? { parameters } : {}),
        ...(requestBody ? { requestBody } : {}),
        responses: {
          200: success,
          400: { description: 'Bad input', content: ERROR },
          ...(signedIn ? { 401: { description: 'No valid session', content: ERROR } } : {}),
          ...(op.auth === 'admin' ? { 403: { description: 'Not an administrator', content: ERROR } } : {}),
        },
      };
    }
    return {
      openapi: '3.1.0',
      info: {
        title: 'Stuga marketplace API',
        version: '1.0.0',
        description: "The marketplace calls of SPEC §7. Errors answer `{ message, errors: [{ field, message }] }` in the caller's language (Accept-Language).",
      },
      paths,
      components: {
        securitySchemes: { session: { type: 'http', scheme: 'bearer', description: 'Session token (the BFF keeps it in a sealed cookie)' } },
        schemas: {
          ...shared,
          Error: {
            type: 'object',
            required: ['message', 'errors'],
            properties: {
              message: { type: 'string' },
              code: { type: 'string' },
              errors: { type: 'array', items: { type: 'object', required: ['field', 'message'], properties: { field: { type: 'string' }, message: { type: 'string' } } } },
            },
          },
        },
      },
    };
  }
}
