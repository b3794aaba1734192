import type { StayRule } from '@/lib/rules/stay-rules';

/** A stay rule with no limits, but for the ones given. */
export const rule = (r: Partial<StayRule>): StayRule => ({
  season: null,
  min_nights: null,
  max_nights: null,
  checkin_weekdays: null,
  checkout_weekdays: null,
  preparation_days: 0,
  book_ahead_days: null,
  ...r,
});
