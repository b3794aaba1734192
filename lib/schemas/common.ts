import * as z from 'zod/mini';

/** PostgreSQL `integer`/`serial` upper bound: larger ids cannot exist. */
export const PG_INT_MAX = 2_147_483_647;

/** A database id as it arrives in a path segment: plain decimal digits, within integer range. */
export const idParam = z.pipe(
  z.string().check(z.regex(/^[1-9][0-9]{0,9}$/, 'errors.notFound')),
  z.pipe(z.transform((v: string) => Number(v)), z.number().check(z.maximum(PG_INT_MAX, 'errors.notFound'))),
);

/** A database id in a JSON body. */
export const idNumber = z.int().check(z.positive(), z.maximum(PG_INT_MAX));
