import 'server-only';
import { and, asc, desc, eq } from 'drizzle-orm';
import { nightsOf, platformFee, STAY_TIME, type BookingStatus } from '@/lib/rules/booking';
import { daysOf, normalizeRanges, setRange, type CalendarRange, type CalendarState } from '@/lib/rules/calendar';
import { addDays, stockholmTime, todayInStockholm, type Day } from '@/lib/rules/dates';
import { refundFor } from '@/lib/rules/refund';
import type { Db } from './client';
import { seedStayMoney } from './seed-money';
import {
  bookedNights,
  bookingEvents,
  bookings,
  cancellationPolicies,
  conversationReads,
  conversations,
  cottageCalendar,
  cottages,
  messages,
  todos,
  type TimelineState,
  type TimelineType,
} from './schema';

type Cleaning = 'guest' | 'external' | 'host';

/** One demo booking; every day is an offset from today in Stockholm, every moment a Stockholm wall-clock time on such a day. */
type Plan = {
  status: BookingStatus;
  checkIn: number;
  checkOut: number;
  guests: number;
  cleaning: Cleaning;
  policy: 1 | 2 | 3;
  price: number;
  info?: string;
  markAsBooked?: boolean;
  created: [number, string];
  /** The last day the guest may pay (the offer ends at 23:59:59 that day). */
  expires: number;
  paid?: [number, string];
  paidOut?: [number, string];
  cancelled?: { at: [number, string]; by: 'host' | 'guest'; reason: string };
};

/**
 * The demo stays, in the order the host made the offers (so ids follow creation). The calendar the
 * cottage seed writes has a booked week at +10…+17, a preliminary one at +24…+27 and an unavailable
 * one at +40…+47; no stay below shares a night with those or with another open or paid stay.
 */
const PLANS: Plan[] = [
  {
    // FINISHED: a week that ended two weeks ago, paid out the day after check-in; the guest can review it.
    status: 'FINISHED',
    checkIn: -21,
    checkOut: -14,
    guests: 6,
    cleaning: 'external',
    policy: 3,
    price: 850000,
    info: 'Slutstädning ingår och görs av Grisslehamns Städservice på avresedagen. Sängkläder och handdukar finns på plats.',
    created: [-75, '10:02:00'],
    expires: -68,
    paid: [-72, '19:31:00'],
    paidOut: [-20, '12:03:00'],
  },
  {
    // CANCELLED by the guest after paying; the strict policy gives half back this close to arrival.
    status: 'CANCELLED',
    checkIn: 28,
    checkOut: 32,
    guests: 2,
    cleaning: 'guest',
    policy: 3,
    price: 540000,
    created: [-45, '14:10:00'],
    expires: -40,
    paid: [-44, '20:30:00'],
    cancelled: { at: [-1, '10:15:00'], by: 'guest', reason: 'Tyvärr har vi fått förhinder – min dotter har brutit benet. Vi hoppas kunna komma en annan gång!' },
  },
  {
    // PAID, the stay going on now: its payout was due yesterday and waits for the demo host's payout
    // details (bank account with SCA, verified ID documents); the sweep pays it once they are done.
    status: 'PAID',
    checkIn: -2,
    checkOut: 3,
    guests: 3,
    cleaning: 'host',
    policy: 1,
    price: 600000,
    created: [-30, '16:45:00'],
    expires: -25,
    paid: [-29, '08:55:00'],
  },
  {
    // CANCELLED by the host while the offer was open.
    status: 'CANCELLED',
    checkIn: 85,
    checkOut: 92,
    guests: 4,
    cleaning: 'guest',
    policy: 2,
    price: 900000,
    created: [-20, '11:00:00'],
    expires: -10,
    cancelled: { at: [-19, '08:40:00'], by: 'host', reason: 'Vi har bestämt att använda stugan själva de veckorna. Hör gärna av dig om andra datum!' },
  },
  {
    // PAID, check-in in five weeks, insured; the nights are marked booked in the calendar.
    status: 'PAID',
    checkIn: 34,
    checkOut: 39,
    guests: 4,
    cleaning: 'guest',
    policy: 2,
    price: 650000,
    info: 'Hund är välkommen. Eka och flytvästar finns i bodan vid bryggan.',
    created: [-14, '18:20:00'],
    expires: -7,
    paid: [-12, '21:47:00'],
  },
  {
    // EXPIRED: the guest never paid; the stay is still ahead, so the host may give more time.
    status: 'EXPIRED',
    checkIn: 50,
    checkOut: 54,
    guests: 2,
    cleaning: 'host',
    policy: 1,
    price: 480000,
    markAsBooked: false,
    created: [-9, '20:05:00'],
    expires: -2,
  },
  {
    // PENDING, the last day to pay is tomorrow.
    status: 'PENDING',
    checkIn: 20,
    checkOut: 24,
    guests: 4,
    cleaning: 'guest',
    policy: 2,
    price: 520000,
    info: 'Nyckeln hänger i nyckelskåpet vid dörren, koden får ni dagen före ankomst.',
    created: [-2, '19:12:00'],
    expires: 1,
  },
  {
    // PENDING, two weeks left to pay for a week in two months.
    status: 'PENDING',
    checkIn: 60,
    checkOut: 67,
    guests: 5,
    cleaning: 'external',
    policy: 3,
    price: 850000,
    info: 'Priset gäller hela veckan inklusive slutstädning.',
    created: [-1, '09:30:00'],
    expires: 14,
  },
];

type Message = { at: Date; userId: number; type: 'booking_created' | 'booking_paid' | 'booking_cancelled'; bookingId: number };

/** The demo host's conversation with the demo guest about the commission ad, where the bookings belong (made if missing). */
async function demoConversation(db: Db, ids: { host: number; guest: number }, commissionAd: number) {
  const [about] = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.cottageId, commissionAd), eq(conversations.hostId, ids.host), eq(conversations.guestId, ids.guest)))
    .limit(1);
  if (about) return about;
  // None yet: the guest writes about the commission ad (80 days ago) and the host answers; the offers follow there.
  const start = Date.now() - 80 * 86_400_000;
  const [created] = await db
    .insert(conversations)
    .values({ cottageId: commissionAd, hostId: ids.host, guestId: ids.guest, commission: true, createdAt: new Date(start), lastMessageAt: new Date(start + 3 * 3_600_000) })
    .returning();
  await db.insert(messages).values([
    { conversationId: created!.id, type: 'communication_warning', visibleTo: 'guest', createdAt: new Date(start) },
    { conversationId: created!.id, type: 'host_communication_warning', visibleTo: 'host', createdAt: new Date(start) },
    {
      conversationId: created!.id,
      userId: ids.guest,
      type: 'text',
      text: 'Hej Karin! Vi är en familj på fyra som gärna hyr stugan flera gånger i år. Skickar du erbjudanden här?',
      createdAt: new Date(start + 60_000),
    },
    { conversationId: created!.id, userId: ids.host, type: 'text', text: 'Hej Erik! Absolut, jag skickar erbjudanden för de veckor ni vill ha.', createdAt: new Date(start + 3 * 3_600_000) },
  ]);
  return created!;
}

/**
 * Bookings in every status between the demo host and the demo guest, for the host's active
 * commission ad, with the rows the API would have written along the way: timeline events, pay-ins
 * (and the sandbox provider's own records), booked nights, the calendar, the chat messages and the
 * guest's PENDING_BOOKING to-dos. All dates are relative to today in Stockholm.
 */
export async function seedBookings(db: Db, ids: { host: number; guest: number }, ads: { commissionActive: number }) {
  const conversation = await demoConversation(db, ids, ads.commissionActive);
  if (!conversation) return;
  const [cottage] = await db.select().from(cottages).where(eq(cottages.id, ads.commissionActive)).limit(1);
  if (!cottage) return;
  const policies = new Map((await db.select().from(cancellationPolicies)).map((p) => [p.id, p]));

  const today = todayInStockholm();
  const dayOf = (offset: number): Day => addDays(today, offset);
  const at = ([offset, time]: [number, string]) => stockholmTime(dayOf(offset), time);

  const calendarRows = await db.select().from(cottageCalendar).where(eq(cottageCalendar.cottageId, cottage.id)).orderBy(asc(cottageCalendar.fromDate));
  let calendar: CalendarRange[] = normalizeRanges(calendarRows.map((r) => ({ from: r.fromDate, to: r.toDate, state: r.state as CalendarState })));
  const chat: Message[] = [];

  for (const [n, plan] of PLANS.entries()) {
    const serial = String(n + 1).padStart(4, '0');
    const checkIn = dayOf(plan.checkIn);
    const checkOut = dayOf(plan.checkOut);
    const createdAt = at(plan.created);
    const paidAt = plan.paid ? at(plan.paid) : null;
    const paidOutAt = plan.paidOut ? at(plan.paidOut) : null;
    const cancelledAt = plan.cancelled ? at(plan.cancelled.at) : null;
    const cancelledBy = plan.cancelled ? (plan.cancelled.by === 'host' ? ids.host : ids.guest) : null;
    const markAsBooked = plan.markAsBooked ?? true;
    const policy = policies.get(plan.policy)!;
    const keep = plan.price - platformFee(plan.price, cottage.commissionPercentage);
    // A paid booking the guest cancels gets back what the refund rule gave at that moment.
    const refund =
      paidAt && cancelledAt
        ? refundFor({
            totalPrice: plan.price,
            checkIn,
            policy: { cancel_for_full_refund_in_days: policy.cancelForFullRefundInDays, cancel_for_half_refund_in_days: policy.cancelForHalfRefundInDays },
            at: cancelledAt,
          }).amount
        : null;

    // Paying marked the nights booked and remembered what they were; cancelling gave them back (so the calendar is as before).
    let calendarBefore: CalendarRange[] | null = null;
    if (paidAt) {
      calendarBefore = [];
      if (markAsBooked) {
        calendarBefore = normalizeRanges(daysOf(calendar, checkIn, checkOut).map((d) => ({ from: d.day, to: addDays(d.day, 1), state: d.state })));
        if (plan.status !== 'CANCELLED') calendar = setRange(calendar, { from: checkIn, to: checkOut, state: 1 });
      }
    }

    const [booking] = await db
      .insert(bookings)
      .values({
        conversationId: conversation.id,
        cottageId: cottage.id,
        hostId: ids.host,
        guestId: ids.guest,
        status: plan.status,
        checkIn,
        checkOut,
        numberOfGuests: plan.guests,
        cleaningPolicy: plan.cleaning,
        cancellationPolicyId: plan.policy,
        totalPrice: plan.price,
        feePercentage: cottage.commissionPercentage,
        bookingExpirationDate: stockholmTime(dayOf(plan.expires), '23:59:59'),
        additionalInformation: plan.info ?? null,
        markAsBookedIfAccepted: markAsBooked,
        insurance: true,
        omocomId: paidAt ? `OMO-SBX-DEMO${serial}` : null,
        paidAt,
        finishedAt: plan.status === 'FINISHED' ? stockholmTime(checkOut, STAY_TIME) : null,
        paidOutAt,
        cancelledAt,
        cancelledBy,
        cancellationReason: plan.cancelled?.reason ?? null,
        refundAmount: refund,
        calendarBefore,
        createdAt,
      })
      .returning({ id: bookings.id });
    const bookingId = booking!.id;

    const events: { type: TimelineType; state: TimelineState; userId: number; amount: number | null; date: Date }[] = [
      { type: 'CREATED', state: 'NEUTRAL', userId: ids.host, amount: plan.price, date: createdAt },
    ];
    chat.push({ at: createdAt, userId: ids.host, type: 'booking_created', bookingId });

    if (paidAt) {
      await seedStayMoney(db, { serial, bookingId, price: plan.price, keep, refund, paidAt, cancelledAt, paidOutAt, host: ids.host, guest: ids.guest });
      events.push({ type: 'FULL_PAYMENT', state: 'SUCCESS', userId: ids.guest, amount: plan.price, date: paidAt });
      chat.push({ at: paidAt, userId: ids.guest, type: 'booking_paid', bookingId });
      // The nights stay taken while the booking is paid or finished; cancelling frees them.
      if (plan.status === 'PAID' || plan.status === 'FINISHED') {
        await db.insert(bookedNights).values(nightsOf(checkIn, checkOut).map((night) => ({ cottageId: cottage.id, night, bookingId })));
      }
    }
    if (paidOutAt) {
      events.push({ type: 'TRANSFER', state: 'SUCCESS', userId: ids.host, amount: keep, date: paidOutAt });
      events.push({ type: 'PAY_OUT', state: 'SUCCESS', userId: ids.host, amount: keep, date: paidOutAt });
    }
    if (cancelledAt && cancelledBy) {
      events.push({ type: 'CANCELLED', state: 'NEUTRAL', userId: cancelledBy, amount: null, date: cancelledAt });
      if (refund) events.push({ type: 'REFUNDED', state: 'SUCCESS', userId: ids.guest, amount: refund, date: cancelledAt });
      chat.push({ at: cancelledAt, userId: cancelledBy, type: 'booking_cancelled', bookingId });
    }
    await db.insert(bookingEvents).values(events.map((e) => ({ bookingId, ...e })));

    // The offer gave the guest a to-do; paying, expiry and cancelling closed it.
    await db.insert(todos).values({ userId: ids.guest, type: 'PENDING_BOOKING', refId: bookingId, conversationId: conversation.id, read: plan.status !== 'PENDING', createdAt });
  }

  await db.delete(cottageCalendar).where(eq(cottageCalendar.cottageId, cottage.id));
  if (calendar.length) await db.insert(cottageCalendar).values(calendar.map((r) => ({ cottageId: cottage.id, fromDate: r.from, toDate: r.to, state: r.state })));

  // The chat lists messages by id, so the booking messages go in oldest first, each at its event's
  // time (the same moment as the booking's timeline) — but never before the conversation's latest
  // message: one that would be is moved to just after it, so that id order and time order agree.
  chat.sort((a, b) => a.at.getTime() - b.at.getTime());
  const [latest] = await db.select({ createdAt: messages.createdAt }).from(messages).where(eq(messages.conversationId, conversation.id)).orderBy(desc(messages.id)).limit(1);
  let previous = latest?.createdAt.getTime() ?? 0;
  const rows = chat.map((m) => {
    const time = Math.max(m.at.getTime(), previous + 1000);
    previous = time;
    return { conversationId: conversation.id, userId: m.userId, type: m.type, resourceId: m.bookingId, meta: { booking_id: m.bookingId }, createdAt: new Date(time) };
  });
  const inserted = await db.insert(messages).values(rows).returning({ id: messages.id, createdAt: messages.createdAt });
  const last = inserted.at(-1)!;
  await db.update(conversations).set({ lastMessageAt: last.createdAt }).where(eq(conversations.id, conversation.id));
  // Both sides have seen the booking messages.
  for (const userId of [ids.host, ids.guest]) {
    await db
      .insert(conversationReads)
      .values({ conversationId: conversation.id, userId, lastSeenMessageId: last.id })
      .onConflictDoUpdate({ target: [conversationReads.conversationId, conversationReads.userId], set: { lastSeenMessageId: last.id } });
  }
}
