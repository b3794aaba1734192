// SPEC §5 "Reviews", §9 limits, §3 Review: the pure review rules (lib/rules/reviews.ts) and the schemas
// the forms and the API share (lib/schemas/reviews.ts), at their boundaries.
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { replyTextError, reviewAverages, reviewTextError, reviewYears, starsFromQuery, type ScoredReview } from '@/lib/rules/reviews';
import { createReviewBody, replyBody, reviewContent } from '@/lib/schemas/reviews';

const THIS_YEAR = 2026;
const text = (n: number, char = 'x') => char.repeat(n);
const scores: ScoredReview = { score: 5, accuracy: 4, cleanliness: 5, location: 3 };
const content = { body: 'En underbar vecka vid sjön.', ...scores, year: THIS_YEAR };

/** The object without one of its fields. */
const without = <T extends object>(value: T, key: keyof T) => Object.fromEntries(Object.entries(value).filter(([k]) => k !== key));

/** 'field:message key' for each issue; [] when the input passes. */
const messages = (schema: z.ZodMiniType, input: unknown) => {
  const result = z.safeParse(schema, input);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}:${i.message}`);
};

describe('reviewTextError (SPEC §5: the minimum only for a text that is not empty)', () => {
  it('10–1000 characters, counted once trimmed', () => {
    expect(reviewTextError(text(9))).toBe('review.textMin');
    expect(reviewTextError(text(10))).toBeNull();
    expect(reviewTextError(text(1000))).toBeNull();
    expect(reviewTextError(text(1001))).toBe('review.textMax');
    expect(reviewTextError(text(1000, 'å'))).toBeNull();
    expect(reviewTextError(text(1001, 'å'))).toBe('review.textMax');
  });
  it('trims whitespace before counting', () => {
    expect(reviewTextError(`   ${text(9)}   `)).toBe('review.textMin');
    expect(reviewTextError(`\n\t${text(10)}\n`)).toBeNull();
    expect(reviewTextError(` ${text(1000)} `)).toBeNull();
    expect(reviewTextError(` ${text(1001)} `)).toBe('review.textMax');
  });
  it('an empty text (or only whitespace) is allowed', () => {
    expect(reviewTextError('')).toBeNull();
    expect(reviewTextError('   \n\t ')).toBeNull();
    expect(reviewTextError('a')).toBe('review.textMin');
  });
});

describe('replyTextError (a reply is required, 10–1000)', () => {
  it('10–1000 characters, counted once trimmed', () => {
    expect(replyTextError(text(9))).toBe('review.textMin');
    expect(replyTextError(text(10))).toBeNull();
    expect(replyTextError(text(1000))).toBeNull();
    expect(replyTextError(text(1001))).toBe('review.textMax');
    expect(replyTextError(`  ${text(9)}  `)).toBe('review.textMin');
    expect(replyTextError(` ${text(1000)} `)).toBeNull();
    expect(replyTextError(` ${text(1001)} `)).toBe('review.textMax');
  });
  it('an empty reply (or only whitespace) is refused', () => {
    expect(replyTextError('')).toBe('review.textMin');
    expect(replyTextError('   \n ')).toBe('review.textMin');
  });
});

describe('reviewYears (SPEC §9: the last five years)', () => {
  it('this year first, five years', () => {
    expect(reviewYears(THIS_YEAR)).toEqual([2026, 2025, 2024, 2023, 2022]);
    expect(reviewYears(2000)).toEqual([2000, 1999, 1998, 1997, 1996]);
  });
});

describe('starsFromQuery (SPEC §2: the stars query as the initial score)', () => {
  it('1–5 as a number', () => {
    expect(['1', '2', '3', '4', '5'].map(starsFromQuery)).toEqual([1, 2, 3, 4, 5]);
  });
  it('anything else is no score', () => {
    for (const value of [null, undefined, '', '0', '6', '10', '-1', '3.0', '3.5', ' 3', '3 ', '03', '+3', '1e0', 'three', '３']) {
      expect(starsFromQuery(value), JSON.stringify(value)).toBeNull();
    }
  });
});

describe('reviewAverages (the public ad: one decimal, null without reviews)', () => {
  it('no reviews: a count of 0 and no averages', () => {
    expect(reviewAverages([])).toEqual({ count: 0, score: null, accuracy: null, cleanliness: null, location: null });
  });
  it('one review: its own scores', () => {
    expect(reviewAverages([scores])).toEqual({ count: 1, ...scores });
  });
  it('each score averaged on its own, rounded to one decimal (halves up)', () => {
    const reviews: ScoredReview[] = [
      { score: 5, accuracy: 4, cleanliness: 4, location: 1 },
      { score: 4, accuracy: 5, cleanliness: 5, location: 2 },
      { score: 4, accuracy: 5, cleanliness: 4, location: 2 },
    ];
    // 13/3 = 4.33…, 14/3 = 4.66…, 13/3, 5/3 = 1.66…
    expect(reviewAverages(reviews)).toEqual({ count: 3, score: 4.3, accuracy: 4.7, cleanliness: 4.3, location: 1.7 });
    // 17/4 = 4.25 → 4.3; 9/2 = 4.5 stays.
    expect(reviewAverages([...reviews.slice(0, 1), { ...scores, score: 4 }, { ...scores, score: 4 }, { ...scores, score: 4 }]).score).toBe(4.3);
    expect(
      reviewAverages([
        { ...scores, score: 5 },
        { ...scores, score: 4 },
      ]).score,
    ).toBe(4.5);
    // 21/20 = 1.05 → 1.1 (not 1.0 from the float 1.05 × 10).
    const ones = Array.from({ length: 19 }, (): ScoredReview => ({ score: 1, accuracy: 1, cleanliness: 1, location: 1 }));
    expect(reviewAverages([...ones, { score: 2, accuracy: 2, cleanliness: 2, location: 2 }])).toEqual({ count: 20, score: 1.1, accuracy: 1.1, cleanliness: 1.1, location: 1.1 });
  });
  it('always between 1 and 5 with at most one decimal', () => {
    const many = Array.from({ length: 7 }, (_, i): ScoredReview => ({ score: 1 + (i % 5), accuracy: 5, cleanliness: 1, location: 1 + ((i * 3) % 5) }));
    const averages = reviewAverages(many);
    for (const name of ['score', 'accuracy', 'cleanliness', 'location'] as const) {
      const value = averages[name]!;
      expect(value).toBeGreaterThanOrEqual(1);
      expect(value).toBeLessThanOrEqual(5);
      expect(Math.round(value * 10) / 10).toBe(value);
    }
  });
});

describe('reviewContent(year): the six fields of an add or an edit', () => {
  const schema = reviewContent(THIS_YEAR);
  it('accepts a full review, and one without a text (empty, whitespace or left out)', () => {
    expect(messages(schema, content)).toEqual([]);
    expect(messages(schema, { ...content, body: '' })).toEqual([]);
    expect(messages(schema, { ...content, body: '   ' })).toEqual([]);
    expect(messages(schema, without(content, 'body'))).toEqual([]);
  });
  it('text: 10–1000 once trimmed (review.textMin, review.textMax)', () => {
    expect(messages(schema, { ...content, body: text(9) })).toEqual(['body:review.textMin']);
    expect(messages(schema, { ...content, body: ` ${text(9)}\n` })).toEqual(['body:review.textMin']);
    expect(messages(schema, { ...content, body: text(10) })).toEqual([]);
    expect(messages(schema, { ...content, body: text(1000) })).toEqual([]);
    expect(messages(schema, { ...content, body: `  ${text(1000)}  ` })).toEqual([]);
    expect(messages(schema, { ...content, body: text(1001) })).toEqual(['body:review.textMax']);
    expect(messages(schema, { ...content, body: text(5001) })).toContain('body:review.textMax');
  });
  it('text: no NUL or lone surrogates', () => {
    expect(messages(schema, { ...content, body: `${text(10)}\u0000` })).toEqual(['body:errors.invalidText']);
  });
  it('each score required, an integer 1–5 (validation.required)', () => {
    for (const name of ['score', 'accuracy', 'cleanliness', 'location'] as const) {
      expect(messages(schema, { ...content, [name]: 1 }), `${name} 1`).toEqual([]);
      expect(messages(schema, { ...content, [name]: 5 }), `${name} 5`).toEqual([]);
      for (const bad of [0, 6, 2.5, -1, null, '5', undefined]) {
        expect(messages(schema, { ...content, [name]: bad }), `${name} ${String(bad)}`).toEqual([`${name}:validation.required`]);
      }
    }
  });
  it('year: one of the last five years (validation.required)', () => {
    for (const year of reviewYears(THIS_YEAR)) expect(messages(schema, { ...content, year }), String(year)).toEqual([]);
    for (const year of [THIS_YEAR - 5, THIS_YEAR + 1, 2024.5, '2026', null, undefined]) {
      expect(messages(schema, { ...content, year }), String(year)).toEqual(['year:validation.required']);
    }
    // The years move with the year it is.
    expect(messages(reviewContent(2030), { ...content, year: 2026 })).toEqual([]);
    expect(messages(reviewContent(2030), { ...content, year: 2030 })).toEqual([]);
    expect(messages(reviewContent(2030), { ...content, year: 2025 })).toEqual(['year:validation.required']);
  });
  it('every field with an error is named (a short text and a bad score together)', () => {
    expect(messages(schema, { ...content, body: 'kort', score: 0 }).sort()).toEqual(['body:review.textMin', 'score:validation.required']);
  });
});

describe('createReviewBody(year): the content, the ad and the booking', () => {
  const schema = createReviewBody(THIS_YEAR);
  const valid = { ...content, cottage_id: 12, booking_id: 34 };
  it('accepts a booking or none (null)', () => {
    expect(messages(schema, valid)).toEqual([]);
    expect(messages(schema, { ...valid, booking_id: null })).toEqual([]);
    expect(messages(schema, { ...valid, body: '' })).toEqual([]);
  });
  it('the content rules apply with their keys', () => {
    expect(messages(schema, { ...valid, body: text(9) })).toEqual(['body:review.textMin']);
    expect(messages(schema, { ...valid, body: text(1001) })).toEqual(['body:review.textMax']);
    expect(messages(schema, { ...valid, location: 0 })).toEqual(['location:validation.required']);
    expect(messages(schema, { ...valid, year: THIS_YEAR - 5 })).toEqual(['year:validation.required']);
  });
  it('refuses a missing or impossible ad or booking id', () => {
    for (const bad of [
      without(valid, 'cottage_id'),
      without(valid, 'booking_id'),
      { ...valid, cottage_id: 0 },
      { ...valid, cottage_id: null },
      { ...valid, cottage_id: '12' },
      { ...valid, booking_id: -1 },
      { ...valid, booking_id: 2_147_483_648 },
    ]) {
      expect(z.safeParse(schema, bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});

describe('replyBody: required, 10–1000', () => {
  it('10–1000 once trimmed (review.textMin, review.textMax)', () => {
    expect(messages(replyBody, { body: text(10) })).toEqual([]);
    expect(messages(replyBody, { body: text(1000) })).toEqual([]);
    expect(messages(replyBody, { body: ` ${text(1000)} ` })).toEqual([]);
    expect(messages(replyBody, { body: text(9) })).toEqual(['body:review.textMin']);
    expect(messages(replyBody, { body: `  ${text(9)}  ` })).toEqual(['body:review.textMin']);
    expect(messages(replyBody, { body: text(1001) })).toEqual(['body:review.textMax']);
  });
  it('an empty reply is refused, unlike a review', () => {
    expect(messages(replyBody, { body: '' })).toEqual(['body:review.textMin']);
    expect(messages(replyBody, { body: '    ' })).toEqual(['body:review.textMin']);
    expect(z.safeParse(replyBody, {}).success).toBe(false);
    expect(z.safeParse(replyBody, { body: null }).success).toBe(false);
  });
});
