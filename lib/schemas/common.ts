import * as z from 'zod/mini';
import { isSafeText } from '../rules/text';

/** PostgreSQL `integer`/`serial` upper bound: larger ids cannot exist. */
export const PG_INT_MAX = 2_147_483_647;

/** A database id as it arrives in a path segment: plain decimal digits, within integer range. */
export const idParam = z.pipe(
  safeString().check(z.regex(/^[1-9][0-9]{0,9}$/, 'errors.notFound')),
  z.pipe(
    z.transform((v: string) => Number(v)),
    z.number().check(z.maximum(PG_INT_MAX, 'errors.notFound')),
  ),
);

/** A database id in a JSON body. */
export const idNumber = z.int().check(z.positive(), z.maximum(PG_INT_MAX));

/**
 * Every string the API accepts: no NUL, no unpaired surrogate (lib/rules/text). Use it instead of
 * `z.string()` in every schema.
 */
export function safeString(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).check(z.refine(isSafeText, 'errors.invalidText'));
}

// ——— Answers ———

/** An instant in an answer: ISO 8601 in UTC (`Date#toISOString`). */
export const instant = z.iso.datetime();
/** A Stockholm day in an answer: 'YYYY-MM-DD'. */
export const dayString = z.iso.date();
/** A database id in an answer. */
export const idAnswer = z.int().check(z.positive());

/** `{ message }`: what a write answers when it has nothing else to say ('success', mostly). */
export const messageAnswer = z.object({ message: safeString() });
