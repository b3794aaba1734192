import 'server-only';
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import { bookingActions, canMove, nightsOf, NIGHT_HOLD_MINUTES, statusAt } from '@/lib/rules/booking';
import { isProfileComplete } from '@/lib/rules/profile';
import type { CardType } from '@/lib/schemas/booking';
import type { Db } from '../../db/client';
import { bookedNights, bookingEvents, bookings, cottages, payins, users } from '../../db/schema';
import type { SessionUser } from '../../http/context';
import { ApiError } from '../../http/errors';
import { payments } from '../../providers/payments';
import { payinReceipt } from '../booking-receipts';
import { importedConflict } from '../calendar-feeds';
import { stayViolations } from './stay-rules';
import { crashPoint } from '../crash-point';
import { payerOf, recordIntent, runIntent } from '../money-intents';
import { userDto } from '../users';
import { afterPaid } from './after-paid';
import { bookingOf, clock, day, event, type BookingRow, type Tx } from './access';

// The guest pays: the card page (with the stay's nights held), and the provider's word on the pay-in.

/** POST /api/bookings/{id}/payment: the guest accepts the offer and is sent to the provider's card page. */
export async function startPayment(db: Db, actor: SessionUser, id: number, cardType: CardType, now = new Date()) {
  const { booking, role } = await bookingOf(db, actor, id, now);
  if (role !== 'guest') throw new ApiError(403, 'booking.onlyGuest');
  if (!bookingActions(clock(booking), role, now).pay) throw new ApiError(400, booking.status === 'EXPIRED' ? 'booking.expired' : 'booking.notAllowed');
  const [guest] = await db.select().from(users).where(eq(users.id, actor.id)).limit(1);
  if (!guest || !isProfileComplete(userDto(guest))) throw new ApiError(400, 'booking.guestProfileIncomplete');
  // Nights someone else has paid for, or holds on the card page, cannot be paid: say so before any
  // money moves. Otherwise this booking holds them for the card page's lifetime (issue 11 §4).
  if (!(await holdNights(db, booking, now))) throw new ApiError(409, 'booking.nightsTaken');
  // Issue 18: nights booked meanwhile on another site (an imported calendar) are not charged for here.
  const source = await importedConflict(db, booking.cottageId, { from: day(booking.checkIn), to: day(booking.checkOut) });
  if (source) {
    await releaseHold(db, booking.id);
    throw new ApiError(409, 'feed.imported', [], { source });
  }
  // Issue 18: a stay paid meanwhile may leave no preparation days before or after this one (unless the host overrode the rules).
  if (!booking.stayRulesOverridden) {
    const [ad] = await db.select({ rules: cottages.stayRules }).from(cottages).where(eq(cottages.id, booking.cottageId)).limit(1);
    const broken = (await stayViolations(db, booking.cottageId, ad?.rules ?? [], { check_in: day(booking.checkIn), check_out: day(booking.checkOut) }, booking.id, now)).filter(
      (v) => v.kind === 'preparation',
    );
    if (broken.length) {
      await releaseHold(db, booking.id);
      throw new ApiError(
        409,
        'stayRules.violated',
        broken.map((v) => ({ field: 'check_in', message: `stayRules.${v.kind}`, detail: { kind: v.kind } })),
      );
    }
  }

  // One open pay-in per booking (the partial unique index payins_open_booking_key): while the
  // provider still waits for a card on it, every start is sent to its card page again.
  const open = await openPayin(db, booking.id);
  if (open) {
    // The provider's word first: a pay-in given up, expired (MangoPay closes its card page after
    // 15 minutes) or paid while the browser was away is recorded, and is no longer open.
    await settlePayin(db, open.providerId, now);
    const still = await openPayin(db, booking.id);
    if (still?.providerId === open.providerId) return { RedirectURL: still.redirectUrl! };
    // It was settled: the offer may be paid now, or may be paid again with a new pay-in.
    return startPayment(db, actor, id, cardType, now);
  }
  const remote = await payments.createCardPayIn(db, {
    payer: await payerOf(db, actor.id),
    amount: booking.totalPrice,
    cardType,
    returnUrl: `/dashboard/payment-return/${booking.id}`,
    bookingId: booking.id,
  });
  const [created] = await db
    .insert(payins)
    .values({ bookingId: booking.id, userId: actor.id, provider: payments.name, providerId: remote.id, cardType, amount: booking.totalPrice, redirectUrl: remote.redirectUrl })
    .onConflictDoNothing()
    .returning({ id: payins.id });
  if (created) return { RedirectURL: remote.redirectUrl };
  // Another start of the same booking got its pay-in in first: this one goes to that card page (the
  // provider's pay-in made here is never shown to anyone, so it cannot be paid, and expires there).
  const winner = await openPayin(db, booking.id);
  if (!winner) throw new ApiError(409, 'booking.changed');
  return { RedirectURL: winner.redirectUrl! };
}

/**
 * Holds the stay's nights for this booking until the card page closes, in the same table (and
 * primary key) that refuses a double booking: free nights, this booking's own hold and holds that
 * have run out are taken; a paid night or another guest's live hold is not. All or nothing.
 */
async function holdNights(db: Db, booking: BookingRow, now: Date): Promise<boolean> {
  const until = new Date(now.getTime() + NIGHT_HOLD_MINUTES * 60_000);
  const nights = nightsOf(day(booking.checkIn), day(booking.checkOut));
  try {
    await db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Tx;
      // Nights in ascending order: concurrent holds lock them in the same order and cannot deadlock.
      const held = await tx
        .insert(bookedNights)
        .values(nights.map((night) => ({ cottageId: booking.cottageId, night, bookingId: booking.id, holdUntil: until })))
        .onConflictDoUpdate({
          target: [bookedNights.cottageId, bookedNights.night],
          set: { bookingId: sql`excluded.booking_id`, holdUntil: sql`excluded.hold_until` },
          setWhere: sql`${bookedNights.holdUntil} is not null and (${bookedNights.bookingId} = excluded.booking_id or ${bookedNights.holdUntil} <= ${now.toISOString()}::timestamptz)`,
        })
        .returning({ night: bookedNights.night });
      if (held.length !== nights.length) throw new Unbookable('NIGHTS_TAKEN');
    });
    return true;
  } catch (error) {
    if (error instanceof Unbookable) return false;
    throw error;
  }
}

/** A hold ends when its payment fails (success turns it into paid nights; cancel deletes it; time ends the rest). */
async function releaseHold(db: Db, bookingId: number) {
  await db.transaction(async (tx) => deleteHold(tx as unknown as Tx, bookingId));
}

/**
 * Deletes a booking's held nights, locking them first in ascending night order, the order in which
 * holdNights takes them: a plain delete locks rows in their order on disk, which after updates need
 * not be night order, and a delete racing a new hold of the same nights could then deadlock.
 */
async function deleteHold(tx: Tx, bookingId: number) {
  const held = and(eq(bookedNights.bookingId, bookingId), isNotNull(bookedNights.holdUntil));
  await tx.select({ night: bookedNights.night }).from(bookedNights).where(held).orderBy(asc(bookedNights.night)).for('update');
  await tx.delete(bookedNights).where(held);
}

/** The booking's pay-in still waiting for a card, if any (pay-ins from before card pages were kept do not count). */
async function openPayin(db: Db, bookingId: number) {
  const [row] = await db
    .select()
    .from(payins)
    .where(and(eq(payins.bookingId, bookingId), eq(payins.status, 'CREATED'), isNotNull(payins.redirectUrl)))
    .limit(1);
  return row ?? null;
}

export type PaymentReturn = { booking_id: number; conversation_id: number; transaction: 'success' | 'failed' | 'pending'; errorCode: string | null; errorMessage: string | null };

/** Why a succeeded pay-in could not pay its booking: the nights went to someone else, or the offer is no longer open. */
class Unbookable extends Error {
  constructor(readonly code: 'NIGHTS_TAKEN' | 'OFFER_CLOSED') {
    super(code);
  }
}

/**
 * The provider's word on a pay-in (its return and its hook both land here, and the sweep for
 * pay-ins left waiting): the status is read from the provider, never from the browser, and
 * recorded once however many times it arrives. A succeeded pay-in makes the booking PAID only
 * while the offer is open and all its nights are free; otherwise the money goes straight back.
 */
export async function settlePayin(db: Db, providerId: string, now = new Date()): Promise<PaymentReturn> {
  const [payin] = await db
    .select()
    .from(payins)
    .where(and(eq(payins.provider, payments.name), eq(payins.providerId, providerId)))
    .limit(1);
  if (!payin) throw new ApiError(404, 'booking.paymentNotFound');
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, payin.bookingId)).limit(1);
  const base = { booking_id: booking!.id, conversation_id: booking!.conversationId };
  const remote = payin.status === 'CREATED' ? await payments.getPayIn(db, providerId) : null;

  if (remote?.status === 'FAILED') {
    const [claimed] = await db
      .update(payins)
      .set({ status: 'FAILED', resultCode: remote.resultCode, resultMessage: remote.resultMessage, settledAt: now })
      .where(and(eq(payins.id, payin.id), eq(payins.status, 'CREATED')))
      .returning({ id: payins.id });
    if (claimed) await event(db, booking!.id, 'FULL_PAYMENT', 'ERROR', payin.userId, payin.amount, now);
    if (claimed) await releaseHold(db, booking!.id);
  } else if (remote?.status === 'SUCCEEDED') {
    crashPoint('payment:before-record');
    try {
      await db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Tx;
        const [claimed] = await tx
          .update(payins)
          .set({ status: 'SUCCEEDED', resultCode: remote.resultCode, resultMessage: remote.resultMessage, settledAt: now })
          .where(and(eq(payins.id, payin.id), eq(payins.status, 'CREATED')))
          .returning({ id: payins.id });
        if (!claimed) return; // Another return or hook got here first.
        await payinReceipt(tx, { ...payin, status: 'SUCCEEDED' }, now);
        // The booking row is locked until commit: a cancel or another payment waits, then sees PAID.
        const [current] = await tx.select().from(bookings).where(eq(bookings.id, payin.bookingId)).for('update').limit(1);
        // Only an open offer becomes PAID (SPEC §4); a cancelled, expired or already paid one is not revived.
        if (!current || statusAt(clock(current), now) !== 'PENDING' || !canMove('PENDING', 'PAID')) throw new Unbookable('OFFER_CLOSED');
        if (remote.amount !== current.totalPrice) throw new Unbookable('OFFER_CLOSED');
        const nights = nightsOf(day(current.checkIn), day(current.checkOut));
        // The nights become paid: free ones, this booking's own hold, or a hold of another that has run out.
        const inserted = await tx
          .insert(bookedNights)
          .values(nights.map((night) => ({ cottageId: current.cottageId, night, bookingId: current.id, holdUntil: null })))
          .onConflictDoUpdate({
            target: [bookedNights.cottageId, bookedNights.night],
            set: { bookingId: sql`excluded.booking_id`, holdUntil: null },
            setWhere: sql`${bookedNights.holdUntil} is not null and (${bookedNights.bookingId} = excluded.booking_id or ${bookedNights.holdUntil} <= ${now.toISOString()}::timestamptz)`,
          })
          .returning({ night: bookedNights.night });
        if (inserted.length !== nights.length) throw new Unbookable('NIGHTS_TAKEN');
        await tx
          .update(bookings)
          .set({ status: 'PAID', paidAt: now })
          .where(and(eq(bookings.id, current.id), eq(bookings.status, 'PENDING')));
        await tx.insert(bookingEvents).values({ bookingId: current.id, type: 'FULL_PAYMENT', state: 'SUCCESS', userId: payin.userId, amount: payin.amount, date: now });
      });
    } catch (error) {
      if (!(error instanceof Unbookable)) throw error;
      await refundUnbookable(db, payin, error.code, now);
    }
    crashPoint('payment:after-record');
    const [after] = await db.select().from(payins).where(eq(payins.id, payin.id)).limit(1);
    if (after?.status === 'SUCCEEDED') await afterPaid(db, payin.bookingId);
  }
  return paymentResult(db, payin.id, base);
}

/** The money came in but cannot pay the booking: the pay-in is marked for a full refund, recorded as an intent with that decision and made at once (or by the money job). */
async function refundUnbookable(db: Db, payin: typeof payins.$inferSelect, code: 'NIGHTS_TAKEN' | 'OFFER_CLOSED', now: Date) {
  const intent = await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Tx;
    const [claimed] = await tx
      .update(payins)
      .set({ status: 'REFUNDED', resultCode: code, resultMessage: null, settledAt: now })
      .where(and(eq(payins.id, payin.id), eq(payins.status, 'CREATED')))
      .returning();
    if (!claimed) return null;
    await payinReceipt(tx, claimed, now);
    await tx.insert(bookingEvents).values({ bookingId: payin.bookingId, type: 'FULL_PAYMENT', state: 'ERROR', userId: payin.userId, amount: payin.amount, date: now });
    await deleteHold(tx, payin.bookingId);
    const recorded = await recordIntent(tx, { kind: 'REFUND', purpose: 'UNBOOKABLE', bookingId: payin.bookingId, payinId: payin.id, userId: payin.userId, amount: payin.amount });
    crashPoint('refund:before-intent');
    return recorded;
  });
  if (!intent) return;
  crashPoint('refund:after-intent');
  await runIntent(db, intent.id, now);
}

async function paymentResult(db: Db, payinId: number, base: { booking_id: number; conversation_id: number }): Promise<PaymentReturn> {
  const [p] = await db.select().from(payins).where(eq(payins.id, payinId)).limit(1);
  if (p!.status === 'SUCCEEDED') return { ...base, transaction: 'success', errorCode: null, errorMessage: null };
  if (p!.status === 'CREATED') return { ...base, transaction: 'pending', errorCode: null, errorMessage: null };
  return { ...base, transaction: 'failed', errorCode: p!.resultCode, errorMessage: p!.resultMessage };
}
