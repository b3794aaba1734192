import * as z from 'zod/mini';
import { MESSAGE_MAX_LENGTH } from '../rules/conversation';
import { isDay } from '../rules/dates';
import { idNumber, safeString } from './common';
import { withValues } from './cottage-fields';

/** A chat message: trimmed, not empty, at most 10 000 characters (SPEC §5 "Chat"). */
export const messageText = safeString({ error: 'chat.empty' }).check(
  z.trim(),
  z.minLength(1, 'chat.empty'),
  z.maxLength(MESSAGE_MAX_LENGTH, withValues('validation.maxChars', { max: MESSAGE_MAX_LENGTH })),
);

export const sendMessageBody = z.object({ text: messageText });

/** POST /api/conversations: a guest's first message about an ad, with dates and guests if they like. */
export const contactHostBody = z.object({
  cottage_id: idNumber,
  text: messageText,
  check_in: z.optional(z.nullable(safeString().check(z.refine(isDay, 'validation.invalidDate')))),
  check_out: z.optional(z.nullable(safeString().check(z.refine(isDay, 'validation.invalidDate')))),
  guests: z.optional(z.nullable(z.int().check(z.minimum(1, 'validation.between?min=1&max=100'), z.maximum(100, 'validation.between?min=1&max=100')))),
});

/** The public ad's contact form: the fields as typed ('' for none), sent as contactHostBody. */
export const contactHostForm = (cottageId: number) =>
  z.pipe(
    z.transform((v: { text: string; check_in: string; check_out: string; guests: string }): z.input<typeof contactHostBody> => ({
      cottage_id: cottageId,
      text: v.text,
      check_in: v.check_in || null,
      check_out: v.check_out || null,
      guests: v.guests ? Number(v.guests) : null,
    })),
    contactHostBody,
  );
export type ContactHostBody = z.output<typeof contactHostBody>;

export const conversationListQuery = z.object({
  limit: z.optional(safeString().check(z.regex(/^\d{1,3}$/, 'errors.badUrl'))),
  offset: z.optional(safeString().check(z.regex(/^\d{1,7}$/, 'errors.badUrl'))),
  tags: z.optional(safeString().check(z.regex(/^\d{1,9}(,\d{1,9}){0,19}$/, 'errors.badUrl'))),
});

export const messagesQuery = z.object({
  after: z.optional(safeString().check(z.regex(/^\d{1,15}$/, 'errors.badUrl'))),
  before: z.optional(safeString().check(z.regex(/^\d{1,15}$/, 'errors.badUrl'))),
});

export const conversationTagBody = z.object({ tags: z.array(idNumber).check(z.maxLength(20)) });
export const newTagBody = z.object({
  tag: safeString({ error: 'validation.required' }).check(z.trim(), z.minLength(1, 'validation.required'), z.maxLength(40, withValues('validation.maxChars', { max: 40 }))),
});

/** POST /{id}/review: a guest's anonymous verdict on the host. */
export const hostReviewBody = z.object({
  recommended: z.boolean({ error: 'validation.required' }),
  details: z._default(
    z.object({
      fast: z.optional(z.boolean()),
      friendly: z.optional(z.boolean()),
      slow: z.optional(z.boolean()),
      calendar_outdated: z.optional(z.boolean()),
      price_outdated: z.optional(z.boolean()),
      other: z.optional(z.nullable(safeString().check(z.trim(), z.maxLength(1000, withValues('validation.maxChars', { max: 1000 }))))),
    }),
    {},
  ),
});

/** POST /{id}/upload: the attachment's name (SPEC §7 fileName). */
export const chatUploadBody = z.object({ fileName: safeString().check(z.minLength(1, 'validation.required'), z.maxLength(255)) });

/** POST /{id}/files: the uploaded path and the name to show. */
export const chatFileBody = z.object({
  path: safeString().check(z.regex(/^[A-Za-z0-9_-]{44}$/, 'chat.uploadFailed')),
  fileName: safeString().check(z.minLength(1, 'validation.required'), z.maxLength(255)),
});

/** POST /{id}/messages/ask-for-review (SPEC §7: conversation, cottage — both optional, the path names the conversation). */
export const askForReviewBody = z.object({ conversation: z.optional(idNumber), cottage: z.optional(z.nullable(idNumber)) });
