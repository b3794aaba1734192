// The one place dayjs is set up: the utc and timezone plugins, the Swedish locale (English is
// built in) and Europe/Stockholm as the default zone. Dates and formats import dayjs from here.
import dayjs, { type Dayjs } from 'dayjs';
import 'dayjs/locale/sv';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { TIMEZONE } from './constants';

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.tz.setDefault(TIMEZONE);

// dayjs's `.tz(zone)` builds a new Intl formatter on every call (about 1 ms each, measured here: 200
// times a kept formatter) and `dayjs.tz(text, zone)` parses three dates per call (about 80 µs), too
// slow for lists and booking rules; the zone's offset read from one kept formatter, applied with
// dayjs's `utcOffset` and `subtract`, gives the same instants (tests/unit/dayjs-format.test.ts).
const offsetFormat = new Intl.DateTimeFormat('en-US', { timeZone: TIMEZONE, timeZoneName: 'longOffset' });

/** Europe/Stockholm's offset from UTC at an instant, in minutes (60 in winter, 120 in summer). */
function stockholmOffsetMinutes(instant: Date): number {
  const name = offsetFormat.formatToParts(instant).find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /^GMT([+-])(\d{2}):(\d{2})$/.exec(name);
  return match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
}

/** An instant (ISO text, Date or epoch milliseconds) on Stockholm's wall clock. */
export function inStockholm(value: string | number | Date): Dayjs {
  const instant = dayjs.utc(value);
  return instant.isValid() ? instant.utcOffset(stockholmOffsetMinutes(instant.toDate())) : instant;
}

/** The instant of a Stockholm wall-clock time ('2027-03-28', '23:59:59'), daylight saving included. */
export function atStockholmTime(day: string, time: string): Dayjs {
  // The wall clock read as UTC, moved back by the offset; a second look settles the days the clocks change.
  const wall = dayjs.utc(`${day}T${time}`);
  const guess = wall.subtract(stockholmOffsetMinutes(wall.toDate()), 'minute');
  return wall.subtract(stockholmOffsetMinutes(guess.toDate()), 'minute');
}

/** A calendar day ('YYYY-MM-DD') for arithmetic: its UTC midnight, so daylight saving never shifts a day. */
export const calendarDay = (day: string): Dayjs => dayjs.utc(day);

export const DAY_FORMAT = 'YYYY-MM-DD';

export { dayjs, type Dayjs };
