// SPEC §3 Review, §5 "Reviews", §7 the /api/user/reviews calls: one schema for the forms, the API and the tests.
import * as z from 'zod/mini';
import { replyTextError, reviewTextError, reviewYears, SCORE_MAX, SCORE_MIN } from '../rules/reviews';
import { idAnswer, idNumber, instant, safeString } from './common';

const scoreField = z.int('validation.required').check(z.minimum(SCORE_MIN, 'validation.required'), z.maximum(SCORE_MAX, 'validation.required'));
// Lengths are checked once, in characters, by the rules (the body limit bounds the rest).
const text = safeString({ error: 'review.textMin' });

/** The six content fields of an add or an edit (SPEC §7 "Update sends the same six content fields"); the year among the last five. */
export const reviewContent = (thisYear: number) =>
  z
    .object({
      body: z.optional(text),
      score: scoreField,
      accuracy: scoreField,
      cleanliness: scoreField,
      location: scoreField,
      year: z.int('validation.required').check(z.refine((y) => reviewYears(thisYear).includes(y), 'validation.required')),
    })
    .check(
      z.superRefine((v, ctx) => {
        const error = reviewTextError(v.body ?? '');
        if (error) ctx.issues.push({ code: 'custom', path: ['body'], message: error, input: v.body });
      }),
    );
export type ReviewContent = z.output<ReturnType<typeof reviewContent>>;

/** POST /api/user/reviews */
export const createReviewBody = (thisYear: number) => z.extend(reviewContent(thisYear), { cottage_id: idNumber, booking_id: z.nullable(idNumber) });
export type CreateReviewBody = z.output<ReturnType<typeof createReviewBody>>;

/** POST/PUT /api/user/reviews/reply/{id}: required, 10–1000. */
export const replyBody = z.object({ body: text }).check(
  z.superRefine((v, ctx) => {
    const error = replyTextError(v.body);
    if (error) ctx.issues.push({ code: 'custom', path: ['body'], message: error, input: v.body });
  }),
);
export type ReplyBody = z.output<typeof replyBody>;

/** GET /api/user/reviews: 10 a page. */
export const reviewListQuery = z.object({
  limit: z.optional(safeString().check(z.regex(/^\d{1,2}$/, 'errors.badUrl'))),
  offset: z.optional(safeString().check(z.regex(/^\d{1,7}$/, 'errors.badUrl'))),
});

// ——— Answers ———

const person = z.object({ id: idAnswer, name: safeString() });
const state = z.enum(['WAITING', 'APPROVED', 'REJECTED']);

export const replyDto = z.object({ id: idAnswer, review_id: idAnswer, body: safeString(), created_at: instant, reviewed_at: z.nullable(instant), state, user: person });
export type ReplyDto = z.infer<typeof replyDto>;

export const reviewDto = z.object({
  id: idAnswer,
  body: safeString(),
  created_at: instant,
  reviewed_at: z.nullable(instant),
  /** WAITING until the marketplace approves it (or rejects it). */
  state,
  reviewed_user_id: idAnswer,
  score: z.int(),
  accuracy: z.int(),
  cleanliness: z.int(),
  location: z.int(),
  year: z.int(),
  user: person,
  cottage: z.object({ id: idAnswer, title_sv: z.nullable(safeString()) }),
  cottage_id: idAnswer,
  booking_id: z.nullable(idAnswer),
  reply: z.nullable(replyDto),
  /** The caller's part: the author edits and deletes; the reviewed host replies once. */
  mine: z.boolean(),
  can_reply: z.boolean(),
});
export type ReviewDto = z.infer<typeof reviewDto>;

export const reviewPage = z.object({ results: z.array(reviewDto), nextPage: z.nullable(safeString()) });
export type ReviewPage = z.infer<typeof reviewPage>;

/** GET /api/user/reviews/is-allowed/{cottageId}/{bookingId} */
export const reviewAllowedDto = z.object({ allowed: z.boolean(), reviewed: z.boolean(), booking_id: z.nullable(idAnswer), cottage_title: z.nullable(safeString()) });
export type ReviewAllowed = z.infer<typeof reviewAllowedDto>;

/** What the public ad shows: approved reviews with approved replies, their count and averages. */
export const publicReviewDto = z.object({
  id: idAnswer,
  body: safeString(),
  created_at: instant,
  year: z.int(),
  score: z.int(),
  accuracy: z.int(),
  cleanliness: z.int(),
  location: z.int(),
  user: z.object({ name: safeString() }),
  reply: z.nullable(z.object({ body: safeString(), created_at: instant })),
});
export const publicReviewsDto = z.object({
  count: z.int(),
  score: z.nullable(z.number()),
  accuracy: z.nullable(z.number()),
  cleanliness: z.nullable(z.number()),
  location: z.nullable(z.number()),
  results: z.array(publicReviewDto),
});
export type PublicReviews = z.infer<typeof publicReviewsDto>;

/** GET /api/admin/reviews: what waits for approval (reviews and replies), flagged ones marked. */
export const moderationDto = z.object({
  reviews: z.array(z.extend(reviewDto, { flagged: z.boolean() })),
  replies: z.array(z.extend(replyDto, { flagged: z.boolean(), review_body: safeString(), cottage_id: idAnswer })),
});
export type Moderation = z.infer<typeof moderationDto>;
export const moderationDecision = z.object({ approve: z.boolean() });
