import 'server-only';
import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './client';

const dialect = new PgDialect();

/**
 * Rows of a read statement built with `sql`, run as a named prepared statement: on PostgreSQL each
 * pooled connection parses and plans it once, then executes the kept plan. For the list statements
 * (the inbox, My bookings) planning costs more than running: the inbox plans in ~2.6 ms and runs in
 * ~1.2 ms on the big data set (docs/performance.md). The name is the statement text's hash, so one
 * shape of a statement (a filter added or not) is one prepared statement. On PGlite, a plain query.
 */
export async function preparedRows<T>(db: Db, statement: SQL): Promise<T[]> {
  const query = dialect.sqlToQuery(statement);
  const result = (await db._.session.prepareQuery(query, undefined, nameOf(query.sql), false).execute()) as { rows: T[] };
  return result.rows;
}

const nameOf = (text: string) => `s_${createHash('sha1').update(text).digest('base64url').slice(0, 24)}`;

// On globalThis: the server bundles this module into more than one chunk.
const shared = globalThis as unknown as { __stugaPrepared?: WeakMap<Db, Map<string, unknown>> };
const once = (shared.__stugaPrepared ??= new WeakMap());

/**
 * A statement of one shape with placeholders (`sql.placeholder`), built once per database handle
 * with drizzle's `.prepare(name)`: the every-request reads (the session, GET /api/user, the host's
 * ads) pay neither building the SQL nor planning it again.
 */
export function preparedOnce<P>(db: Db, name: string, build: (db: Db) => P): P {
  let byName = once.get(db);
  if (!byName) once.set(db, (byName = new Map()));
  let statement = byName.get(name) as P | undefined;
  if (!statement) byName.set(name, (statement = build(db)));
  return statement;
}

/**
 * A read statement written in SQL with placeholders (`sql.placeholder`), turned into a query and
 * prepared once per database handle under `name`, then run with `params`: the raw rows, as the
 * driver returns them.
 */
export async function preparedSql<T>(db: Db, name: string, statement: SQL, params: Record<string, unknown>): Promise<T[]> {
  const query = preparedOnce(db, name, (d) => d._.session.prepareQuery(dialect.sqlToQuery(statement), undefined, name, false));
  return ((await query.execute(params)) as { rows: T[] }).rows;
}

/**
 * A timestamptz as the API writes it (ISO 8601 in UTC with milliseconds, as `Date#toISOString`), made
 * by PostgreSQL: a page of 100 chat messages otherwise parses 200 Dates and formats them again in
 * Node, 8 % of that request's time (docs/performance.md). Null stays null.
 */
export const isoTime = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
