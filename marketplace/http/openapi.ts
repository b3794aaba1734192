import 'server-only';
import * as z from 'zod/mini';
import type { $ZodType } from 'zod/v4/core';

type Operation = {
  method: string;
  path: string;
  summary: string;
  tag: string;
  auth: 'user' | 'optional' | 'none';
  body?: $ZodType;
  query?: $ZodType;
};

type JsonSchema = { properties?: Record<string, unknown>; required?: string[]; [key: string]: unknown };

/** The input side of a schema as JSON Schema (what a caller sends; transforms are not callers' business). */
function inputSchema(schema: $ZodType): JsonSchema {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
  delete json.$schema;
  return json;
}

/** OpenAPI 3.1 built from the same zod schemas the endpoints validate with. */
export class OpenApiBuilder {
  private readonly operations: Operation[] = [];

  add(operation: Operation) {
    this.operations.push(operation);
  }

  document() {
    const paths: Record<string, Record<string, unknown>> = {};
    for (const op of this.operations) {
      const path = op.path.replace(/:(\w+)/g, '{$1}');
      const parameters: unknown[] = [...op.path.matchAll(/:(\w+)/g)].map((m) => ({ name: m[1], in: 'path', required: true, schema: { type: 'string' } }));
      if (op.query) {
        const query = inputSchema(op.query);
        for (const [name, schema] of Object.entries(query.properties ?? {})) {
          parameters.push({ name, in: 'query', required: query.required?.includes(name) ?? false, schema });
        }
      }
      paths[path] ??= {};
      paths[path][op.method] = {
        summary: op.summary,
        tags: [op.tag],
        security: op.auth === 'user' ? [{ session: [] }] : [],
        ...(parameters.length ? { parameters } : {}),
        ...(op.body ? { requestBody: { required: true, content: { 'application/json': { schema: inputSchema(op.body) } } } } : {}),
        responses: {
          200: { description: 'Success' },
          400: { description: 'Bad input', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
          ...(op.auth === 'user' ? { 401: { description: 'No valid session', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } } } : {}),
        },
      };
    }
    return {
      openapi: '3.1.0',
      info: { title: 'Stuga marketplace API', version: '1.0.0', description: 'The marketplace calls of SPEC §7. Errors answer `{ message, errors: [{ field, message }] }` in the caller\'s language (Accept-Language).' },
      paths,
      components: {
        securitySchemes: { session: { type: 'http', scheme: 'bearer', description: 'Session token (the BFF keeps it in a sealed cookie)' } },
        schemas: {
          Error: {
            type: 'object',
            required: ['message', 'errors'],
            properties: {
              message: { type: 'string' },
              errors: { type: 'array', items: { type: 'object', required: ['field', 'message'], properties: { field: { type: 'string' }, message: { type: 'string' } } } },
            },
          },
        },
      },
    };
  }
}
