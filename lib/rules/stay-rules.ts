// Issue 18, stay rules: what a host's cottage accepts (a week from Saturday to Saturday in July, at
// least two nights otherwise, a day to clean between guests, how far ahead). One pure function
// decides, used by the offer form (a warning in words; the host may override their own offer) and
// by the API for offers and payments. Days are Stockholm calendar days, check-out exclusive.
import { addDays, daysBetween, weekdayFromMonday, type Day } from './dates';

/** A rule for a season: the whole year, or a yearly span of month-days ('07-01' to '07-31', inclusive; may wrap the new year). */
export type StayRule = {
  /** Null: all year. */
  season: { from: string; to: string } | null;
  min_nights: number | null;
  max_nights: number | null;
  /** Allowed weekdays, 0 = Monday … 6 = Sunday; null: any. */
  checkin_weekdays: number[] | null;
  checkout_weekdays: number[] | null;
  /** Nights kept free after each stay (cleaning). */
  preparation_days: number;
  /** Bookings accepted at most this many days ahead; null: the offer form's own limit. */
  book_ahead_days: number | null;
};

export type Stay = { check_in: Day; check_out: Day };

/** An ad's rules at most (the editor's add button and the API). */
export const STAY_RULES_MAX = 10;

export type StayRuleViolation =
  | { kind: 'min_nights'; min: number }
  | { kind: 'max_nights'; max: number }
  | { kind: 'checkin_weekday'; weekdays: number[] }
  | { kind: 'checkout_weekday'; weekdays: number[] }
  | { kind: 'book_ahead'; days: number }
  | { kind: 'preparation'; days: number; booking_check_in: Day; booking_check_out: Day };

const MONTH_DAY = /^(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
export const isMonthDay = (v: string) => MONTH_DAY.test(v);

/** Whether a day falls in a season (month-days inclusive, a span may cross the new year). */
export function inSeason(day: Day, season: StayRule['season']): boolean {
  if (!season) return true;
  const md = day.slice(5);
  return season.from <= season.to ? md >= season.from && md <= season.to : md >= season.from || md <= season.to;
}

/**
 * The rules that govern a stay: those whose season holds its check-in day; a seasonal rule is more
 * specific than an all-year one, which then does not apply.
 */
export function rulesFor(stay: Stay, rules: readonly StayRule[]): StayRule[] {
  const seasonal = rules.filter((r) => r.season && inSeason(stay.check_in, r.season));
  return seasonal.length ? seasonal : rules.filter((r) => !r.season);
}

/** Everything the stay breaks, given today and the cottage's other stays (paid or held). Empty: it may be booked. */
export function stayRuleViolations(stay: Stay, rules: readonly StayRule[], today: Day, others: readonly Stay[] = []): StayRuleViolation[] {
  const out: StayRuleViolation[] = [];
  const nights = daysBetween(stay.check_in, stay.check_out);
  for (const r of rulesFor(stay, rules)) {
    if (r.min_nights !== null && nights < r.min_nights) out.push({ kind: 'min_nights', min: r.min_nights });
    if (r.max_nights !== null && nights > r.max_nights) out.push({ kind: 'max_nights', max: r.max_nights });
    if (r.checkin_weekdays && !r.checkin_weekdays.includes(weekdayFromMonday(stay.check_in))) out.push({ kind: 'checkin_weekday', weekdays: [...r.checkin_weekdays].sort() });
    if (r.checkout_weekdays && !r.checkout_weekdays.includes(weekdayFromMonday(stay.check_out))) out.push({ kind: 'checkout_weekday', weekdays: [...r.checkout_weekdays].sort() });
    if (r.book_ahead_days !== null && stay.check_in > addDays(today, r.book_ahead_days)) out.push({ kind: 'book_ahead', days: r.book_ahead_days });
  }
  // Preparation: the longest rule's nights after every stay, before and after this one.
  const prep = Math.max(0, ...rules.map((r) => r.preparation_days));
  if (prep > 0) {
    for (const o of others) {
      const afterOther = o.check_out <= stay.check_in && stay.check_in < addDays(o.check_out, prep);
      const beforeOther = stay.check_out <= o.check_in && o.check_in < addDays(stay.check_out, prep);
      if (afterOther || beforeOther) {
        out.push({ kind: 'preparation', days: prep, booking_check_in: o.check_in, booking_check_out: o.check_out });
        break;
      }
    }
  }
  return out;
}

/** The same checks a rule's fields must pass (the editor form and the API). */
export function stayRuleError(r: StayRule): string | null {
  if (r.season && (!isMonthDay(r.season.from) || !isMonthDay(r.season.to))) return 'stayRules.badSeason';
  if (r.min_nights !== null && (r.min_nights < 1 || r.min_nights > 365)) return 'stayRules.badNights';
  if (r.max_nights !== null && (r.max_nights < 1 || r.max_nights > 365)) return 'stayRules.badNights';
  if (r.min_nights !== null && r.max_nights !== null && r.min_nights > r.max_nights) return 'stayRules.minOverMax';
  for (const list of [r.checkin_weekdays, r.checkout_weekdays]) if (list && (list.length === 0 || list.some((d) => !Number.isInteger(d) || d < 0 || d > 6))) return 'stayRules.badWeekdays';
  if (!Number.isInteger(r.preparation_days) || r.preparation_days < 0 || r.preparation_days > 14) return 'stayRules.badPreparation';
  if (r.book_ahead_days !== null && (r.book_ahead_days < 1 || r.book_ahead_days > 730)) return 'stayRules.badBookAhead';
  return null;
}
