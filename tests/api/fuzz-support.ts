// fast-check arbitraries for request bodies: valid-ish ones from a JSON Schema (what zod's
// toJSONSchema writes into the OpenAPI document), and hostile mutations of them.
import fc from 'fast-check';
import type { JsonSchema } from './security-support';

/** A JSON token written as is (numbers JSON.stringify cannot write: 1e400, -0, 1.0, huge integers). */
export class RawJson {
  constructor(readonly text: string) {}
}

/** JSON text of a value that may hold RawJson tokens; keys like `__proto__` are kept as own keys. */
export function toJsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map(toJsonText).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.keys(value)
      .map((k) => `${JSON.stringify(k)}:${toJsonText((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  if (typeof value === 'number' && !Number.isFinite(value)) return 'null';
  return JSON.stringify(value) ?? 'null';
}

/** An object that takes any key as an own property (`__proto__` included). */
function record(entries: [string, unknown][]): Record<string, unknown> {
  const out = Object.create(null) as Record<string, unknown>;
  for (const [k, v] of entries) Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
  return out;
}

/** Arbitraries by property name, for values a schema cannot say (dates, ids that exist). */
export type Hints = Record<string, fc.Arbitrary<unknown>>;

const MAX_STRING = 40;
const MAX_ITEMS = 6;

/** Valid-ish values of a JSON Schema: within its types, bounds, enums and patterns (refinements unknown). */
export function fromSchema(schema: JsonSchema | boolean | undefined, hints: Hints = {}, name = ''): fc.Arbitrary<unknown> {
  if (name && hints[name]) return hints[name]!;
  if (schema === undefined || schema === true || (typeof schema === 'object' && Object.keys(schema).length === 0)) return fc.jsonValue({ maxDepth: 2 });
  if (schema === false) return fc.constant(null);
  if ('const' in schema) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((s) => fromSchema(s, hints, name)));
  if (Array.isArray(schema.type)) return fc.oneof(...schema.type.map((t) => fromSchema({ ...schema, type: t }, hints, name)));
  switch (schema.type) {
    case 'string': {
      const min = schema.minLength ?? 0;
      const max = Math.max(min, Math.min(schema.maxLength ?? MAX_STRING, MAX_STRING));
      if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length >= min && s.length <= (schema.maxLength ?? Infinity));
      const text = fc
        .oneof(fc.string({ minLength: min, maxLength: max, unit: 'grapheme-ascii' }), fc.string({ minLength: min, maxLength: max, unit: 'grapheme' }))
        .filter((s) => s.length >= min && s.length <= max);
      // Sometimes exactly the longest string the schema allows.
      return schema.maxLength !== undefined ? fc.oneof({ arbitrary: text, weight: 9 }, { arbitrary: fc.constant('å'.repeat(schema.maxLength)), weight: 1 }) : text;
    }
    case 'integer': {
      const min = schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : (schema.minimum ?? -1_000_000);
      const max = schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : (schema.maximum ?? 1_000_000);
      return fc.oneof(fc.integer({ min, max }), fc.constantFrom(min, max));
    }
    case 'number': {
      const min = schema.minimum ?? -1e6;
      const max = schema.maximum ?? 1e6;
      return fc.oneof(fc.double({ min, max, noNaN: true, noDefaultInfinity: true }), fc.constantFrom(min, max));
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const minLength = schema.minItems ?? 0;
      const maxLength = Math.max(minLength, Math.min(schema.maxItems ?? MAX_ITEMS, MAX_ITEMS));
      return fc.array(fromSchema(schema.items, hints, name), { minLength, maxLength });
    }
    case 'object': {
      const properties = Object.entries(schema.properties ?? {});
      const required = new Set(schema.required ?? []);
      const fields = properties.map(([key, sub]) => {
        const value = fromSchema(sub, hints, key).map((v) => [key, v] as [string, unknown]);
        return required.has(key) ? value.map((e) => [e]) : fc.option(value, { freq: 3, nil: null }).map((e) => (e ? [e] : []));
      });
      const extra =
        schema.additionalProperties && typeof schema.additionalProperties === 'object' && !properties.length
          ? fc.dictionary(fc.string({ maxLength: 12 }), fromSchema(schema.additionalProperties, hints), { maxKeys: 4 }).map((d) => Object.entries(d))
          : fc.constant([] as [string, unknown][]);
      return fc.tuple(fc.tuple(...fields), extra).map(([chosen, more]) => record([...chosen.flat(), ...more]));
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** `depth` levels of arrays or objects around a value. */
export function nested(depth: number, kind: 'array' | 'object', inner: unknown = 1): unknown {
  let value = inner;
  for (let i = 0; i < depth; i++) value = kind === 'array' ? [value] : record([['a', value]]);
  return value;
}

/** Values nobody should send: wrong types, extreme numbers, hostile strings, deep nesting. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  // wrong types and emptiness
  fc.constantFrom<unknown>(null, true, false, 0, -1, 1, [], {}, '', ' ', [null], [[]], { '': null }),
  // numbers at and past every edge
  fc.constantFrom<unknown>(
    2_147_483_647,
    2_147_483_648,
    -2_147_483_649,
    Number.MAX_SAFE_INTEGER,
    Number.MAX_SAFE_INTEGER + 2,
    -Number.MAX_SAFE_INTEGER,
    1e21,
    1e308,
    -1e308,
    5e-324,
    0.1,
    -0.5,
    1.5,
    new RawJson('1e400'),
    new RawJson('-1e400'),
    new RawJson('-0'),
    new RawJson('1.0'),
    new RawJson('1E2'),
    new RawJson('123456789012345678901234567890'),
    new RawJson('0.0000000000000000000000000001'),
  ),
  fc.double(),
  fc.integer(),
  fc.bigInt({ min: -(2n ** 80n), max: 2n ** 80n }).map((n) => new RawJson(n.toString())),
  // strings that look like numbers, dates, booleans or nothing
  fc.constantFrom('NaN', 'Infinity', '-Infinity', '1e309', '0x1F', '1_000', ' 12 ', '١٢٣', 'null', 'undefined', 'true', '[]', '{}', '12abc', '-0', '+1', '0012'),
  fc.constantFrom('2026-02-30', '2026-13-01', '0000-00-00', '9999-12-31', '275760-09-13', '2026-1-1', '2026-06-01T00:00:00Z', '2026-06-01 ', '1970-01-01', '2026-06-01\u0000'),
  // text that databases, encoders and regexes meet badly
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\ud800',
    'x\udc00y',
    '\udfff\ud800',
    '😀🏳️‍🌈👨‍👩‍👧‍👦',
    '\u202eevil\u202c',
    '\u200f\u200eשלום',
    '\ufeffBOM',
    'e\u0301\u0301\u0301',
    '\u0085\u2028\u2029',
    "'; drop table users; --",
    '%00%ff%c0',
    '<script>alert(1)</script>',
    '../../etc/passwd',
    '${jndi:ldap://x}',
    '\\u0000',
    ' \t\n\r ',
  ),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.integer({ min: 256, max: 20_000 }).map((n) => 'x'.repeat(n)),
  fc.constantFrom('é'.repeat(70_000), '😀'.repeat(40_000), 'a'.repeat(300_000)),
  // structure
  fc.integer({ min: 5, max: 2_000 }).chain((depth) => fc.constantFrom('array', 'object').map((kind) => nested(depth, kind as 'array' | 'object'))),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 5 }),
  fc.array(fc.constant(0), { minLength: 1_000, maxLength: 50_000 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 5 }),
);

const hostileKey = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', '', ' ', '\u0000', '\ud800', 'a.b', '$where', 'id', 'user_id', 'admin', 'userId', 'hostId'),
  fc.string({ maxLength: 20 }),
);

type Path = (string | number)[];

/** Every path to a value inside a JSON-like value (the root included). */
function pathsOf(value: unknown, prefix: Path = [], out: Path[] = [], depth = 0): Path[] {
  out.push(prefix);
  if (depth > 8) return out;
  if (Array.isArray(value)) value.forEach((v, i) => pathsOf(v, [...prefix, i], out, depth + 1));
  else if (value !== null && typeof value === 'object' && !(value instanceof RawJson))
    for (const k of Object.keys(value)) pathsOf((value as Record<string, unknown>)[k], [...prefix, k], out, depth + 1);
  return out;
}

function clone(value: unknown): unknown {
  if (value instanceof RawJson) return value;
  if (Array.isArray(value)) return value.map(clone);
  if (value !== null && typeof value === 'object') return record(Object.keys(value).map((k) => [k, clone((value as Record<string, unknown>)[k])]));
  return value;
}

function update(root: unknown, path: Path, change: (parent: Record<string | number, unknown>, key: string | number) => void): unknown {
  if (!path.length) return root;
  const copy = clone(root);
  let parent = copy as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  change(parent, path[path.length - 1]!);
  return copy;
}

/** One hostile change to a body: a value replaced or removed, a key added, the whole thing swapped or wrapped. */
export function mutate(body: unknown): fc.Arbitrary<unknown> {
  const paths = pathsOf(body);
  const at = fc.nat({ max: paths.length - 1 }).map((i) => paths[i]!);
  const inner = paths.filter((p) => p.length > 0);
  const ops: fc.Arbitrary<unknown>[] = [
    // a value somewhere replaced by a hostile one
    fc.tuple(at, hostileValue).map(([path, v]) => (path.length ? update(body, path, (parent, key) => (parent[key] = v)) : v)),
    // an extra key (on the body or on an object inside it)
    fc.tuple(at, hostileKey, hostileValue).map(([path, key, v]) => {
      const target = path.reduce<unknown>((o, k) => (o as Record<string | number, unknown>)?.[k], body);
      if (target === null || typeof target !== 'object' || Array.isArray(target) || target instanceof RawJson) return record([[key, v]]);
      const copy = clone(body);
      const holder = path.reduce<unknown>((o, k) => (o as Record<string | number, unknown>)[k], copy) as Record<string, unknown>;
      Object.defineProperty(holder, key, { value: v, enumerable: true, writable: true, configurable: true });
      return copy;
    }),
    // the whole body as something else
    hostileValue,
    fc.constant([body]),
    fc.integer({ min: 2, max: 200 }).map((depth) => nested(depth, 'object', body)),
  ];
  if (inner.length) {
    // a field removed
    ops.push(
      fc.nat({ max: inner.length - 1 }).map((i) =>
        update(body, inner[i]!, (parent, key) => {
          if (Array.isArray(parent)) parent.splice(Number(key), 1);
          else delete parent[key];
        }),
      ),
    );
  }
  return fc.oneof(...ops);
}

/** Request bodies that are not JSON values at all: broken, truncated, not UTF-8, huge. */
export const RAW_BODIES: { label: string; bytes: Uint8Array | string }[] = [
  { label: 'truncated', bytes: '{"a":' },
  { label: 'trailing comma', bytes: '{"a":1,}' },
  { label: 'single quotes', bytes: "{'a':1}" },
  { label: 'NaN literal', bytes: '{"a":NaN}' },
  { label: 'duplicate keys', bytes: '{"a":1,"a":"x"}' },
  { label: 'bare string', bytes: '"text"' },
  { label: 'bare number', bytes: '1e400' },
  { label: 'null', bytes: 'null' },
  { label: 'whitespace', bytes: ' \n\t ' },
  { label: 'BOM then JSON', bytes: '\ufeff{}' },
  { label: 'NUL byte', bytes: '{"a":"\u0000"}' },
  { label: 'escaped lone surrogate', bytes: '{"a":"\\ud800"}' },
  { label: 'escaped lone surrogate key', bytes: '{"\\udc00":1}' },
  { label: 'escaped NUL key', bytes: '{"\\u0000":1}' },
  { label: 'invalid UTF-8', bytes: new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc0, 0x80, 0x22, 0x7d]) },
  { label: 'overlong UTF-8 NUL', bytes: new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc0, 0x80, 0x22, 0x7d]) },
  { label: 'UTF-8 encoded surrogate', bytes: new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xed, 0xa0, 0x80, 0x22, 0x7d]) },
  { label: 'deep arrays (10 000)', bytes: '['.repeat(10_000) + ']'.repeat(10_000) },
  { label: 'deep objects (5 000)', bytes: '{"a":'.repeat(5_000) + '1' + '}'.repeat(5_000) },
  { label: 'unclosed deep arrays', bytes: '['.repeat(100_000) },
  { label: '2 MB string', bytes: `{"a":"${'x'.repeat(2 * 1024 * 1024)}"}` },
  { label: '1 MB of keys', bytes: `{${Array.from({ length: 60_000 }, (_, i) => `"k${i}":0`).join(',')}}` },
];
