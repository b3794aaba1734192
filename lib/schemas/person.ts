// The other party as booking and conversation screens show them (GET /api/bookings/{id},
// GET /api/conversations/{id}, the lists): one schema, one rule (lib/rules/person.ts).
import * as z from 'zod/mini';
import { idAnswer, safeString } from './common';

/**
 * A person shown to the other side: the shown name, and phone numbers only where the screen may show
 * them. Nothing else of the profile (SPEC §2, §6; tests/api/privacy.test.ts holds the keys to these).
 */
export const personDto = z.object({
  id: z.nullable(idAnswer),
  /** First name and last name (or its initial); null when unknown. */
  name: z.nullable(safeString()),
  /** Phone numbers: null until a booking between them is paid, or when the person hides them. */
  phone_1: z.nullable(safeString()),
  phone_2: z.nullable(safeString()),
  /** The account no longer exists. */
  deleted: z.boolean(),
});
export type Person = z.infer<typeof personDto>;

/** A person in a list: the name only. */
export const listPersonDto = z.pick(personDto, { id: true, name: true, deleted: true });
export type ListPerson = z.infer<typeof listPersonDto>;
