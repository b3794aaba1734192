// Issue 18, calendar sync: the feed a host adds, and what the feed endpoints answer.
import * as z from 'zod/mini';
import { FEED_ERRORS, feedUrlError } from '../rules/ical';
import { idAnswer, instant, safeString } from './common';

/** POST /api/cottages/{id}/feeds: a named feed URL (http or https). */
export const feedBody = z.object({
  name: safeString().check(z.trim(), z.minLength(1, 'validation.required'), z.maxLength(60, 'validation.maxChars?max=60')),
  url: safeString().check(
    z.trim(),
    z.minLength(1, 'validation.required'),
    z.refine((v) => feedUrlError(v) === null, 'feed.badUrl'),
  ),
});
export type FeedBody = z.output<typeof feedBody>;

const day = z.iso.date();
export const feedDto = z.object({
  id: idAnswer,
  name: safeString(),
  url: safeString(),
  last_success_at: z.nullable(instant),
  last_error: z.nullable(z.enum(FEED_ERRORS)),
  failing_since: z.nullable(instant),
  event_count: z.int(),
  /** Stuga's paid stays that share nights with this feed's periods (never dropped: the host decides). */
  conflicts: z.array(z.object({ booking_id: idAnswer, conversation_id: idAnswer, from: day, to: day })),
});
export type FeedDto = z.infer<typeof feedDto>;

/** GET /api/cottages/{id}/feeds */
export const feedsDto = z.object({
  export_url: safeString(),
  feeds: z.array(feedDto),
  periods: z.array(z.object({ from: day, to: day, source: safeString(), feed_id: idAnswer })),
});
export type Feeds = z.infer<typeof feedsDto>;
export const exportUrlDto = z.object({ export_url: safeString() });
