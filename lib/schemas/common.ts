import { z } from 'zod';

/** PostgreSQL `integer`/`serial` upper bound: larger ids cannot exist. */
export const PG_INT_MAX = 2_147_483_647;

/** A database id as it arrives in a path segment: plain decimal digits, within integer range. */
export const idParam = z
  .string()
  .regex(/^[1-9][0-9]{0,9}$/, 'errors.notFound')
  .transform(Number)
  .pipe(z.number().max(PG_INT_MAX, 'errors.notFound'));

/** A database id in a JSON body. */
export const idNumber = z.number().int().positive().max(PG_INT_MAX);
