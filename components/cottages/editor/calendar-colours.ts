import type { CalendarState } from '@/lib/rules/calendar';

/**
 * SPEC §4 colours: unknown blue, booked red, unavailable grey, preliminary yellow, available green —
 * shades dark or light enough that the day numbers keep WCAG AA contrast (axe checks it).
 */
export const STATE_COLOURS: Record<CalendarState, string> = {
  0: 'bg-sky-200 text-sky-950',
  1: 'bg-red-700 text-white',
  2: 'bg-gray-600 text-white',
  3: 'bg-yellow-300 text-yellow-950',
  5: 'bg-green-700 text-white',
};

/** Nights booked on another site (issue 18, imported calendars): not a state the host sets here. */
export const IMPORTED_COLOUR = 'bg-purple-700 text-white';
