// SPEC §3 Review, §4/§5/§6 review rules, §9 limits: pure, used by the review forms, the API and the tests.
import { looksOffPlatform } from './off-platform';

export { looksOffPlatform };

export const REVIEW_TEXT_MIN = 10;
export const REVIEW_TEXT_MAX = 1000;
export const SCORE_MIN = 1;
export const SCORE_MAX = 5;
export const REVIEW_YEARS = 5;
export const SCORES = ['score', 'accuracy', 'cleanliness', 'location'] as const;
export type ScoreName = (typeof SCORES)[number];

/** SPEC §9: the year a stay was, chosen among the last 5 years (this year first). */
export const reviewYears = (thisYear: number): number[] => Array.from({ length: REVIEW_YEARS }, (_, i) => thisYear - i);

/** SPEC §5: on add/edit the text is checked for its minimum only when it is not empty. */
/** Characters as a reader counts them (code points: an emoji is one). */
export const textLength = (text: string) => [...text].length;

export function reviewTextError(body: string): 'review.textMin' | 'review.textMax' | null {
  const length = textLength(body.trim());
  if (length > REVIEW_TEXT_MAX) return 'review.textMax';
  if (length > 0 && length < REVIEW_TEXT_MIN) return 'review.textMin';
  return null;
}

/** A reply's text is required, 10–1000. */
export function replyTextError(body: string): 'review.textMin' | 'review.textMax' | null {
  const length = textLength(body.trim());
  if (length > REVIEW_TEXT_MAX) return 'review.textMax';
  if (length < REVIEW_TEXT_MIN) return 'review.textMin';
  return null;
}

/** A score from the `stars` query (SPEC §2): 1–5, or none. */
export function starsFromQuery(value: string | null | undefined): number | null {
  if (!value || !/^[1-5]$/.test(value)) return null;
  return Number(value);
}

export type ScoredReview = Record<ScoreName, number>;
export type ReviewAverages = Record<ScoreName, number | null> & { count: number };

/** The public ad's averages, one decimal (null without reviews). */
export function reviewAverages(reviews: readonly ScoredReview[]): ReviewAverages {
  const avg = (name: ScoreName) => (reviews.length ? Math.round((reviews.reduce((sum, r) => sum + r[name], 0) / reviews.length) * 10) / 10 : null);
  return { count: reviews.length, score: avg('score'), accuracy: avg('accuracy'), cleanliness: avg('cleanliness'), location: avg('location') };
}
