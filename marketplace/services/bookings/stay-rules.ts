import 'server-only';
import { and, eq, inArray, ne } from 'drizzle-orm';
import { todayInStockholm } from '@/lib/rules/dates';
import { stayRuleViolations, type Stay, type StayRule } from '@/lib/rules/stay-rules';
import type { Db } from '../../db/client';
import { bookings } from '../../db/schema';

/** What a stay breaks of the ad's stay rules (issue 18), against the ad's other paid stays (preparation days). */
export async function stayViolations(db: Db, cottageId: number, rules: readonly StayRule[], stay: Stay, exclude: number | null, now: Date) {
  if (!rules.length) return [];
  const others = await db
    .select({ check_in: bookings.checkIn, check_out: bookings.checkOut })
    .from(bookings)
    .where(and(eq(bookings.cottageId, cottageId), inArray(bookings.status, ['PAID', 'FINISHED']), exclude === null ? undefined : ne(bookings.id, exclude)));
  return stayRuleViolations(
    stay,
    rules,
    todayInStockholm(now),
    others.map((o) => ({ check_in: String(o.check_in), check_out: String(o.check_out) })),
  );
}
