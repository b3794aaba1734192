import 'server-only';
import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { shares, nightsOf } from '@/lib/rules/booking';
import { dac7Listings, dac7Xml, type Dac7Payout } from '@/lib/rules/dac7';
import { stockholmTime } from '@/lib/rules/dates';
import { config } from '../config';
import type { Db } from '../db/client';
import { bookings, cottages, moneyIntents } from '../db/schema';
import type { SessionUser } from '../http/context';
import { ApiError } from '../http/errors';
import { getUser } from './users';

// SPEC §7 GET /api/dac-seven/available-years and /api/dac-seven/info/{year}: the caller's yearly DAC7
// report (as a host: the payouts credited to them, per listing and quarter), from their own payouts
// only (money_intents_user_payout_idx).

const payouts = (userId: number) => and(eq(moneyIntents.userId, userId), eq(moneyIntents.kind, 'PAYOUT'), eq(moneyIntents.status, 'SUCCEEDED'));

/** The years (Stockholm) in which the caller was paid out, newest first. */
export async function dac7Years(db: Db, actor: SessionUser): Promise<number[]> {
  const rows = await db
    .selectDistinct({ year: sql<number>`extract(year from ${moneyIntents.doneAt} at time zone 'Europe/Stockholm')::int` })
    .from(moneyIntents)
    .where(payouts(actor.id));
  return rows.map((r) => Number(r.year)).sort((a, b) => b - a);
}

/** The year's report as DPI XML. */
export async function dac7Report(db: Db, actor: SessionUser, year: number, now = new Date()): Promise<string> {
  if (!Number.isInteger(year) || year < 2020 || year > 9999) throw new ApiError(400, 'dac7.noData');
  const from = stockholmTime(`${year}-01-01`, '00:00:00');
  const to = stockholmTime(`${year + 1}-01-01`, '00:00:00');
  const rows = await db
    .select({ intent: moneyIntents, booking: bookings })
    .from(moneyIntents)
    .innerJoin(bookings, eq(bookings.id, moneyIntents.bookingId))
    .where(and(payouts(actor.id), gte(moneyIntents.doneAt, from), lt(moneyIntents.doneAt, to)))
    .orderBy(asc(moneyIntents.doneAt));
  const list: Dac7Payout[] = rows.map(({ intent, booking }) => {
    const refund = intent.purpose === 'RETAINED' ? (booking.refundAmount ?? 0) : 0;
    return {
      cottageId: booking.cottageId,
      doneAt: intent.doneAt!,
      consideration: intent.amount,
      fee: shares({ totalPrice: booking.totalPrice, feePercentage: booking.feePercentage, refund }).platform,
      // A cancelled stay was paid for but not stayed in: an activity with no rented days.
      nights: intent.purpose === 'STAY' ? nightsOf(String(booking.checkIn), String(booking.checkOut)).length : 0,
    };
  });
  const ids = [...new Set(list.map((p) => p.cottageId))];
  const ads = ids.length
    ? await db
        .select({ id: cottages.id, propertyDesignation: cottages.propertyDesignation, street: cottages.addressStreet, postalCode: cottages.addressPostalCode, city: cottages.addressCity })
        .from(cottages)
        .where(inArray(cottages.id, ids))
    : [];
  const facts = new Map(ads.map((a) => [a.id, { property_designation: a.propertyDesignation, address_street: a.street, address_postal_code: a.postalCode, address_city: a.city }]));
  const u = await getUser(db, actor.id);
  const entity = u.typeOfPerson === 'LEGAL';
  return dac7Xml({
    year,
    messageRefId: `SE${year}-STUGA-${u.id}-${now.getTime()}`,
    timestamp: now,
    platform: config.platform,
    seller: {
      kind: entity ? 'entity' : 'individual',
      tin: entity ? (u.organizationNumber ?? u.tinNumber) : u.tinNumber,
      first_name: u.firstName,
      last_name: u.lastName,
      company_name: u.businessName,
      birthday: u.birthday,
      country: u.uCountry ?? 'SE',
      street: u.uAddress1,
      postal_code: u.uPostalCode,
      city: u.uCity,
    },
    listings: dac7Listings(list, facts),
  });
}
