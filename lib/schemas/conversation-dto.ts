// What the conversation endpoints answer (SPEC §5 "Chat", §7). Kept apart from the request schemas
// (conversation.ts), which the chat's forms load; components use the inferred types.
import * as z from 'zod/mini';
import { dayString, idAnswer, instant, safeString } from './common';
import { personDto } from './person';

const role = z.enum(['host', 'guest']);
const tag = z.object({ id: idAnswer, tag: safeString() });

/** A message as the chat shows it; a deleted one keeps its place with an empty text. */
export const chatMessageDto = z.object({
  id: idAnswer,
  type: safeString(),
  text: safeString(),
  user_id: z.nullable(idAnswer),
  created_at: instant,
  deleted_at: z.nullable(instant),
  /** The other participant, once they have read up to this message. */
  seen_by_users: z.array(idAnswer),
  resource_id: z.nullable(idAnswer),
  conversation_id: idAnswer,
  meta: z.looseObject({
    check_in: z.optional(z.nullable(dayString)),
    check_out: z.optional(z.nullable(dayString)),
    guests: z.optional(z.nullable(z.int())),
    size: z.optional(z.int()),
    cottage_id: z.optional(z.nullable(idAnswer)),
    booking_id: z.optional(z.nullable(idAnswer)),
  }),
});
export type ChatMessage = z.infer<typeof chatMessageDto>;

/** GET /api/conversations/{id}/messages */
export const chatMessageList = z.array(chatMessageDto);

/** One row of the inbox. */
export const conversationSummaryDto = z.object({
  id: idAnswer,
  role,
  cottage: z.nullable(z.object({ id: idAnswer, title_sv: z.nullable(safeString()) })),
  Users: z.array(personDto),
  preview: safeString(),
  preview_type: z.nullable(safeString()),
  last_message_at: instant,
  unread_messages: z.int(),
  tags: z.array(tag),
});
export type ConversationSummary = z.infer<typeof conversationSummaryDto>;

/** GET /api/conversations: 20 a page, `nextPage` the next offset. */
export const conversationPage = z.object({ results: z.array(conversationSummaryDto), nextPage: z.nullable(z.int()) });
export type ConversationPage = z.infer<typeof conversationPage>;

/** GET /api/conversations/{id}: participants, the latest messages, the caller's tags and what the warnings depend on. */
export const conversationDto = z.object({
  id: idAnswer,
  role,
  cottage: z.nullable(z.object({ id: idAnswer, title_sv: z.nullable(safeString()), image: z.nullable(safeString()) })),
  Users: z.array(personDto),
  Messages: z.array(chatMessageDto),
  tags: z.array(tag),
  filters: z.object({ commission: z.boolean(), files: z.boolean(), conversation_bookings: z.int(), total_host_bookings_18m: z.int() }),
  HostReview: z.nullable(z.object({ recommended: z.boolean(), details: z.record(safeString(), z.unknown()) })),
  can_review_host: z.boolean(),
});
export type Conversation = z.infer<typeof conversationDto>;

/** POST /api/conversations: the conversation the first message went to. */
export const contactHostDto = z.object({ id: idAnswer });
export type ContactHostAnswer = z.infer<typeof contactHostDto>;

/** The caller's tags on a conversation (POST /{id}/tag). */
export const conversationTagList = z.array(tag);
export type ConversationTag = z.infer<typeof tag>;
export const conversationTagDto = tag;

/** GET /api/tags: the fixed tags and the caller's own, with how often the caller uses each. */
export const tagUsageList = z.array(z.object({ id: idAnswer, tag: safeString(), used: z.int(), fixed: z.boolean() }));
export type TagUsage = z.infer<typeof tagUsageList>[number];

/** GET /{id}/can-ask-for-review */
export const askForReviewDto = z.object({ allowed: z.boolean(), role });
export type AskForReviewAnswer = z.infer<typeof askForReviewDto>;

/** POST /{id}/upload: where to PUT the attachment, and the path to register it under. */
export const chatUploadTicketDto = z.object({ url: safeString(), method: z.literal('PUT'), headers: z.record(safeString(), safeString()), path: safeString() });
export type ChatUploadTicket = z.infer<typeof chatUploadTicketDto>;
/** PUT /api/conversation-uploads/{token} */
export const chatUploadDto = z.object({ path: safeString(), size: z.int() });
