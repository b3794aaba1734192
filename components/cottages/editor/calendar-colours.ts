import type { CalendarState } from '@/lib/rules/calendar';

/** SPEC §4 colours: unknown blue, booked red, unavailable grey, preliminary yellow, available green. */
export const STATE_COLOURS: Record<CalendarState, string> = {
  0: 'bg-sky-200 text-sky-950',
  1: 'bg-red-500 text-white',
  2: 'bg-gray-400 text-white',
  3: 'bg-yellow-300 text-yellow-950',
  5: 'bg-green-500 text-white',
};
