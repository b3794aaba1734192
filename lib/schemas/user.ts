import * as z from 'zod/mini';
import { idNumber, safeString } from './common';
import { usernameBody } from './auth';

export const TO_DO_TYPES = ['UNREAD_MESSAGES', 'OUTDATED_COTTAGE', 'PENDING_BOOKING', 'UNREAD_NEWS', 'PAYOUT_WAITING', 'CALENDAR_FEED'] as const;
export type ToDoType = (typeof TO_DO_TYPES)[number];

/** POST /api/user/send-auth-token: `next` is where the link should lead (kept only if safe). */
export const sendAuthTokenBody = z.extend(usernameBody, { next: z.optional(safeString().check(z.maxLength(200))) });

/** POST /api/user?autenticate=yes */
export const createAccountQuery = z.object({ autenticate: z.literal('yes', { error: 'errors.form' }) });

/** PATCH /api/user/todo */
export const todoReadBody = z.object({ type: z.enum(TO_DO_TYPES), id: idNumber });

/** POST /api/user/events */
export const userEventBody = z.object({
  type: safeString().check(z.trim(), z.minLength(1, 'errors.form'), z.maxLength(64, 'errors.form'), z.regex(/^[a-z0-9_.-]+$/, 'errors.form')),
  data: z._default(z.record(safeString(), z.unknown()), {}),
});

/** POST /api/errors: what the full-page error screen reports. */
export const clientErrorBody = z.object({
  message: safeString().check(z.maxLength(2000)),
  stack: z.optional(safeString().check(z.maxLength(8000))),
  digest: z.optional(safeString().check(z.maxLength(100))),
  path: z.optional(safeString().check(z.maxLength(500))),
});
