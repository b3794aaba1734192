import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startApi();
});
afterAll(async () => h?.close());

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

type Schema = { type?: string; properties?: Record<string, unknown>; required?: string[]; $ref?: string };
type Parameter = { name: string; in: string; required?: boolean; schema?: Schema };
type Operation = {
  summary?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema: Schema }> }>;
};
type Doc = {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Partial<Record<(typeof METHODS)[number], Operation>>>;
  components?: { schemas?: Record<string, Schema>; securitySchemes?: Record<string, { type: string }> };
  security?: Record<string, string[]>[];
};

async function fetchDoc(): Promise<Doc> {
  const result = await h.call('GET', '/api/openapi.json');
  expect(result.status).toBe(200);
  expect(result.headers.get('content-type')).toMatch(/^application\/json/);
  return result.json as unknown as Doc;
}

/** Resolves a local `#/components/schemas/…` reference. */
function resolve(doc: Doc, schema: Schema): Schema {
  if (!schema.$ref) return schema;
  const name = schema.$ref.replace('#/components/schemas/', '');
  const target = doc.components?.schemas?.[name];
  expect(target, `unresolved ${schema.$ref}`).toBeDefined();
  return resolve(doc, target!);
}

function operations(doc: Doc) {
  return Object.entries(doc.paths).flatMap(([path, item]) => METHODS.filter((m) => item[m]).map((method) => ({ path, method, op: item[method]! })));
}

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3.1 document with well-formed paths and operations', async () => {
    const doc = await fetchDoc();
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(doc.info.title).toEqual(expect.any(String));
    expect(doc.info.title.length).toBeGreaterThan(0);
    expect(doc.info.version).toEqual(expect.any(String));
    expect(typeof doc.paths).toBe('object');

    const ops = operations(doc);
    expect(ops.length).toBeGreaterThan(0);
    for (const { path, method, op } of ops) {
      const where = `${method.toUpperCase()} ${path}`;
      expect(path, where).toMatch(/^\/api\//);
      expect(path, `${where} still has a Hono :param`).not.toMatch(/:\w/);
      expect(op.summary, where).toBeTruthy();
      expect(Object.keys(op.responses ?? {}).length, `${where} documents no response`).toBeGreaterThan(0);
      for (const [code, response] of Object.entries(op.responses ?? {})) {
        expect(code, where).toMatch(/^([1-5]\d\d|[1-5]XX|default)$/);
        expect(typeof response.description, `${where} ${code} needs a description`).toBe('string');
      }

      const templated = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      const pathParams = (op.parameters ?? []).filter((p) => p.in === 'path');
      expect(pathParams.map((p) => p.name).sort(), `${where} path parameters`).toEqual([...templated].sort());
      for (const p of pathParams) expect(p.required, `${where} path parameter ${p.name} must be required`).toBe(true);
      for (const p of op.parameters ?? []) expect(['query', 'header', 'path', 'cookie'], where).toContain(p.in);

      if (op.requestBody) {
        const json = op.requestBody.content['application/json'];
        if (json) expect(resolve(doc, json.schema).type, `${where} request body`).toBe('object');
        // A raw body (uploads) is bytes of one declared type.
        else
          expect(
            Object.values(op.requestBody.content).map((c) => c.schema),
            `${where} raw request body`,
          ).toEqual([{ type: 'string', format: 'binary' }]);
      }
    }
  });

  it('declares every security scheme that an operation requires', async () => {
    const doc = await fetchDoc();
    const declared = Object.keys(doc.components?.securitySchemes ?? {});
    const required = new Set<string>();
    for (const { op } of operations(doc)) for (const requirement of op.security ?? []) for (const name of Object.keys(requirement)) required.add(name);
    for (const requirement of doc.security ?? []) for (const name of Object.keys(requirement)) required.add(name);
    expect(required.size).toBeGreaterThan(0);
    for (const name of required) expect(declared, `security scheme '${name}' is used but not declared in components.securitySchemes`).toContain(name);
  });

  it('documents every route the Hono app serves, with its method', async () => {
    const doc = await fetchDoc();
    const served = h.api.hono.routes.filter((r) => r.method !== 'ALL').map((r) => ({ method: r.method.toLowerCase(), path: r.path.replace(/:(\w+)/g, '{$1}') }));
    expect(served.length).toBeGreaterThan(10);

    const undocumented = served.filter((r) => !doc.paths[r.path]?.[r.method as (typeof METHODS)[number]]).map((r) => `${r.method.toUpperCase()} ${r.path}`);
    expect(undocumented).toEqual([]);

    const documented = operations(doc).map((o) => `${o.method} ${o.path}`);
    const servedKeys = served.map((r) => `${r.method} ${r.path}`);
    expect(documented.filter((d) => !servedKeys.includes(d))).toEqual([]);
  });

  it('documents every route’s answer: a JSON schema of its own, or a file of a declared type', async () => {
    const doc = await fetchDoc();
    const missing: string[] = [];
    for (const { path, method, op } of operations(doc)) {
      const content = op.responses?.['200']?.content ?? {};
      const json = content['application/json']?.schema;
      const file = Object.entries(content).find(([type]) => type !== 'application/json');
      if (json) {
        const schema = resolve(doc, json);
        // A schema that says something: a type, a union, or a reference, never `{}` (anything).
        if (!schema.type && !('anyOf' in schema) && !('oneOf' in schema)) missing.push(`${method.toUpperCase()} ${path}: empty response schema`);
      } else if (file) {
        expect(file[1].schema, `${method.toUpperCase()} ${path} file answer`).toEqual({ type: 'string', format: 'binary' });
      } else {
        missing.push(`${method.toUpperCase()} ${path}: no response schema`);
      }
    }
    expect(missing).toEqual([]);
    // The answers components use: My Bookings' page and the booking itself.
    const page = resolve(doc, doc.paths['/api/user/bookings']!.get!.responses!['200']!.content!['application/json']!.schema);
    expect(page.required).toEqual(expect.arrayContaining(['results', 'nextPage']));
    const booking = resolve(doc, doc.paths['/api/bookings/{id}']!.get!.responses!['200']!.content!['application/json']!.schema);
    expect(Object.keys(booking.properties ?? {})).toEqual(expect.arrayContaining(['status', 'Host', 'Guest', 'Timeline', 'actions']));
  });

  it('resolves every $ref within the document', async () => {
    const doc = await fetchDoc();
    const refs: string[] = [];
    const walk = (value: unknown) => {
      if (Array.isArray(value)) return value.forEach(walk);
      if (!value || typeof value !== 'object') return;
      for (const [key, child] of Object.entries(value)) {
        if (key === '$ref' && typeof child === 'string') refs.push(child);
        else walk(child);
      }
    };
    walk(doc);
    expect(refs.length).toBeGreaterThan(0);
    const unresolved = refs.filter((ref) => {
      if (!ref.startsWith('#/')) return true;
      let node: unknown = doc;
      for (const part of ref.slice(2).split('/')) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
      return node === undefined;
    });
    expect(unresolved).toEqual([]);
  });

  it('marks administrators’ routes and documents their 403', async () => {
    const doc = await fetchDoc();
    const approve = doc.paths['/api/cottages/{id}/approve']?.post as Operation & { 'x-admin'?: boolean };
    expect(approve?.['x-admin']).toBe(true);
    expect(approve?.security).toEqual([{ session: [] }]);
    expect(approve?.responses?.['403']).toBeDefined();
  });

  it('documents that POST /api/auth/login requires username and password', async () => {
    const doc = await fetchDoc();
    const op = doc.paths['/api/auth/login']?.post;
    expect(op).toBeDefined();
    const schema = resolve(doc, op!.requestBody!.content['application/json']!.schema);
    expect(schema.type).toBe('object');
    expect(schema.required).toEqual(expect.arrayContaining(['username', 'password']));
    expect(Object.keys(schema.properties ?? {})).toEqual(expect.arrayContaining(['username', 'password']));
  });

  it('marks routes that need a session and documents their 401', async () => {
    const doc = await fetchDoc();
    const me = doc.paths['/api/user']?.get;
    expect(me?.security).toEqual([{ session: [] }]);
    expect(me?.responses?.['401']).toBeDefined();
    const login = doc.paths['/api/auth/login']?.post;
    expect(login?.security ?? []).toEqual([]);
  });
});

describe('Api.route checks answers against their schema', () => {
  it('answers a matching result, and a 500 for a result outside the response schema (outside production)', async () => {
    const { Api } = await import('@/marketplace/http/api');
    const z = await import('zod/mini');
    const api = new Api();
    const counted = z.object({ count: z.int(), label: z.nullable(z.string()) });
    api.route({ method: 'get', path: '/api/contract/kept', auth: 'none', tag: 'meta', summary: 'Kept', response: counted }, async () => ({ count: 2, label: null }));
    // A handler whose types were bypassed: the schema still catches it.
    api.route(
      { method: 'get', path: '/api/contract/broken', auth: 'none', tag: 'meta', summary: 'Broken', response: counted },
      async () => ({ count: 'two' }) as unknown as { count: number; label: null },
    );

    const kept = await api.hono.request('/api/contract/kept');
    expect(kept.status).toBe(200);
    expect(await kept.json()).toEqual({ count: 2, label: null });

    const broken = await api.hono.request('/api/contract/broken', { headers: { 'accept-language': 'en' } });
    expect(broken.status).toBe(500);
    const body = (await broken.json()) as { message: string; errors: unknown[] };
    // The caller learns nothing of the mismatch; the server's log has it.
    expect(body.errors).toEqual([]);
    expect(JSON.stringify(body)).not.toContain('two');
  });

  it('refuses a signed-in non-administrator on an admin route with 403, and anyone signed out with 401', async () => {
    const owner = await h.createUser();
    const { token } = await h.login(owner.username, owner.password!);
    const signedIn = await h.call('GET', '/api/admin/cottages/1', { token });
    expect(signedIn.status).toBe(403);
    expect(signedIn.json.code).toBe('errors.forbidden');
    expect((await h.call('GET', '/api/admin/cottages/1')).status).toBe(401);
  });
});
