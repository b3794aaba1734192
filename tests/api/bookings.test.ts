import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@/lib/rules/dates';
import { SANDBOX_CARDS } from '@/lib/rules/sandbox-cards';
import { stockholmTime } from '@/lib/rules/dates';
import { guestIn, hostWithAd, inDays, offerBody, offered, pay } from './bookings-support';
import { host, startCottageApi } from './cottages-support';
import type { Harness } from './harness';
import type { Booking } from '@/lib/schemas/booking-dto';

let h: Harness;
let stop: () => Promise<void>;
beforeAll(async () => {
  ({ h, stop } = await startCottageApi());
});
afterAll(async () => stop?.());

const stored = async (id: number) => (await h.db.select().from(h.schema.bookings).where(eq(h.schema.bookings.id, id)))[0]!;
const messagesOf = async (conversationId: number) => h.db.select().from(h.schema.messages).where(eq(h.schema.messages.conversationId, conversationId));

describe('sending an offer', () => {
  it('the host sends an offer: stored in öre, a timeline entry, a chat message, a to-do for the guest', async () => {
    const { booking, conversationId, guest } = await offered(h);
    expect(booking.status).toBe('PENDING');
    expect(booking.total_price).toBe(1_250_000);
    expect(booking.fee).toBe(150_000);
    expect(booking.kept_amount).toBe(1_100_000);
    expect(booking.Timeline.map((e) => e.type)).toEqual(['CREATED', 'FULL_PAYMENT_DUE_DATE']);
    const row = await stored(booking.id);
    expect(row.totalPrice).toBe(1_250_000);
    expect(row.insurance).toBe(true);
    // The expiry is the end of the chosen day in Stockholm.
    expect(row.bookingExpirationDate.toISOString()).toBe(stockholmTime(inDays(3), '23:59:59').toISOString());
    expect((await messagesOf(conversationId)).map((m) => m.type)).toContain('booking_created');
    const [todo] = await h.db
      .select()
      .from(h.schema.todos)
      .where(and(eq(h.schema.todos.userId, guest.user.id), eq(h.schema.todos.type, 'PENDING_BOOKING')));
    expect(todo?.refId).toBe(booking.id);
  });

  it('each SPEC §5 rule answers its message and stores nothing', async () => {
    const { owner, ad } = await hostWithAd(h);
    const { guest, conversationId } = await guestIn(h, ad.id);
    const base = offerBody({ conversationId, guestId: guest.user.id, cottageId: ad.id });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ check_in: inDays(0) }, 'check_in', 'Check in date should start from tomorrow or later'],
      [{ check_in: inDays(800), check_out: inDays(801) }, 'check_in', 'Check in is too far in future'],
      [{ check_out: base.check_in }, 'check_out', 'Check out date should be greater than check in'],
      [{ number_of_guests: 101 }, 'number_of_guests', 'Out of range'],
      [{ total_price: 99_99 }, 'total_price', 'Must be between 100 and 100000'],
      [{ total_price: 100_000_01 }, 'total_price', 'Must be between 100 and 100000'],
      [{ check_in: 'imorgon' }, 'check_in', 'Invalid date'],
      [{ booking_expiration_date: addDays(base.check_in, 1) }, 'booking_expiration_date', 'Choose a date from today up to the check-in date'],
    ];
    for (const [change, field, message] of cases) {
      const response = await h.call('POST', '/api/bookings', { token: owner.token, body: { ...base, ...change } });
      expect(response.status, field).toBe(400);
      expect(response.json.errors?.find((e) => e.field === field)?.message, field).toBe(message);
    }
    expect(await h.db.select().from(h.schema.bookings).where(eq(h.schema.bookings.cottageId, ad.id))).toHaveLength(0);
  });

  it('only the host with a complete profile, a reviewed ad and DAC7 data sends offers', async () => {
    const { owner, ad } = await hostWithAd(h);
    const { guest, conversationId } = await guestIn(h, ad.id);
    const body = offerBody({ conversationId, guestId: guest.user.id, cottageId: ad.id });
    expect((await h.call('POST', '/api/bookings', { token: guest.token, body })).status).toBe(403);
    const stranger = await host(h);
    expect((await h.call('POST', '/api/bookings', { token: stranger.token, body })).status).toBe(404);
    expect((await h.call('POST', '/api/bookings', { body })).status).toBe(401);
    await h.db.update(h.schema.users).set({ phone1: null }).where(eq(h.schema.users.id, owner.user.id));
    const incomplete = await h.call('POST', '/api/bookings', { token: owner.token, body });
    expect(incomplete.json.message).toBe('You have to complete your profile before you can send an booking offer');
    await h.db.update(h.schema.users).set({ phone1: '+46701234567' }).where(eq(h.schema.users.id, owner.user.id));
    await h.db.update(h.schema.cottages).set({ addressStreet: null }).where(eq(h.schema.cottages.id, ad.id));
    const dac7 = await h.call('POST', '/api/bookings', { token: owner.token, body });
    expect(dac7.json.code).toBe('booking.dac7Invalid');
    await h.db.update(h.schema.cottages).set({ addressStreet: 'Sjövägen 4', reviewedAt: null }).where(eq(h.schema.cottages.id, ad.id));
    expect((await h.call('POST', '/api/bookings', { token: owner.token, body })).json.code).toBe('booking.adNotReviewed');
    expect(await h.db.select().from(h.schema.bookings).where(eq(h.schema.bookings.cottageId, ad.id))).toHaveLength(0);
  });
});

describe('who may do what', () => {
  it('host, guest, third user and signed out × every booking endpoint', async () => {
    const { owner, guest, booking, conversationId, ad } = await offered(h);
    const stranger = await host(h);
    const expiry = { booking_expiration_date: inDays(5) };
    const reason = { cancellation_reason: 'Ändrade planer' };
    const payment = { card_type: 'CB_VISA_MASTERCARD', accept_terms: true };
    const stay = { check_in: booking.check_in, check_out: booking.check_out };
    // [method, path, body, expected status for host, guest, stranger, signed out]
    const matrix: [string, string, unknown, number, number, number, number][] = [
      ['GET', `/api/bookings/${booking.id}`, undefined, 200, 200, 404, 401],
      ['GET', `/api/conversations/${conversationId}/bookings`, undefined, 200, 200, 404, 401],
      ['POST', `/api/bookings/${ad.id}/overlap`, stay, 200, 400, 400, 401],
      ['PUT', `/api/bookings/${booking.id}`, expiry, 200, 403, 404, 401],
      ['POST', `/api/bookings/${booking.id}/payment`, payment, 403, 200, 404, 401],
    ];
    for (const [method, path, body, ...expected] of matrix) {
      const got = [];
      for (const token of [owner.token, guest.token, stranger.token, null]) got.push((await h.call(method, path, { token, body })).status);
      expect(got, `${method} ${path}`).toEqual(expected);
    }
    // Cancel: the stranger and the signed-out get nothing, and nothing changes.
    expect((await h.call('PUT', `/api/bookings/${booking.id}/cancel`, { token: stranger.token, body: reason })).status).toBe(404);
    expect((await h.call('PUT', `/api/bookings/${booking.id}/cancel`, { body: reason })).status).toBe(401);
    expect((await stored(booking.id)).status).toBe('PENDING');
    // A missing reason is refused; the host may cancel a pending offer.
    expect((await h.call('PUT', `/api/bookings/${booking.id}/cancel`, { token: owner.token, body: { cancellation_reason: ' ' } })).status).toBe(400);
    expect((await h.call('PUT', `/api/bookings/${booking.id}/cancel`, { token: owner.token, body: { cancellation_reason: 'x'.repeat(1001) } })).status).toBe(400);
    const cancelled = await h.call('PUT', `/api/bookings/${booking.id}/cancel`, { token: owner.token, body: reason });
    expect(cancelled.status).toBe(200);
    expect((cancelled.json as unknown as Booking).Cancellation?.user_id).toBe(owner.user.id);
    // Nothing more can happen to a cancelled offer.
    expect((await h.call('PUT', `/api/bookings/${booking.id}/cancel`, { token: guest.token, body: reason })).status).toBe(403);
    expect((await h.call('POST', `/api/bookings/${booking.id}/payment`, { token: guest.token, body: payment })).status).toBe(400);
    expect((await h.call('PUT', `/api/bookings/${booking.id}`, { token: owner.token, body: expiry })).status).toBe(403);
  });

  it('a guest with an incomplete profile cannot pay; a host cannot cancel a paid booking', async () => {
    const { owner, guest, booking } = await offered(h);
    await h.db.update(h.schema.users).set({ uCity: null }).where(eq(h.schema.users.id, guest.user.id));
    const refused = await h.call('POST', `/api/bookings/${booking.id}/payment`, { token: guest.token, body: { card_type: 'AMEX', accept_terms: true } });
    expect(refused.json.code).toBe('booking.guestProfileIncomplete');
    await h.db.update(h.schema.users).set({ uCity: 'Uppsala' }).where(eq(h.schema.users.id, guest.user.id));
    expect((await h.call('POST', `/api/bookings/${booking.id}/payment`, { token: guest.token, body: { card_type: 'AMEX' } })).status).toBe(400);
    const { result } = await pay(h, guest.token, booking.id);
    expect(result?.json.transaction).toBe('success');
    const hostCancel = await h.call('PUT', `/api/bookings/${booking.id}/cancel`, { token: owner.token, body: { cancellation_reason: 'Nej' } });
    expect(hostCancel.status).toBe(403);
    expect(hostCancel.json.code).toBe('booking.hostCannotCancelPaid');
    expect((await stored(booking.id)).status).toBe('PAID');
  });
});

describe('paying', () => {
  it('a success card makes the booking PAID: nights booked, calendar marked, insurance, message, phones shown', async () => {
    const { owner, guest, booking, conversationId, ad } = await offered(h);
    const adOf = async () => (await h.call('GET', `/api/cottages/${ad.id}`, { token: owner.token })).json;
    expect((await adOf()).has_valid_booking).toBe(false);
    const { result } = await pay(h, guest.token, booking.id);
    // SPEC §2 verify: an ad with a paid booking offers 'If you do not have BankID click here'.
    expect((await adOf()).has_valid_booking).toBe(true);
    expect(result?.json).toMatchObject({ transaction: 'success', booking_id: booking.id, conversation_id: conversationId });
    const seen = (await h.call('GET', `/api/bookings/${booking.id}`, { token: owner.token })).json as unknown as Booking;
    expect(seen.status).toBe('PAID');
    expect(seen.omocom_id).toMatch(/^OMO-SBX-/);
    expect(seen.insurance_claim_url).toContain(seen.omocom_id!);
    expect(seen.Guest.phone_1).toBe('+46701234567');
    expect(seen.Timeline.map((e) => e.type)).toEqual(['CREATED', 'FULL_PAYMENT', 'CHECKIN', 'PAY_OUT_DUE_DATE', 'CHECKOUT']);
    const asGuest = (await h.call('GET', `/api/bookings/${booking.id}`, { token: guest.token })).json as unknown as Booking;
    expect(asGuest.omocom_id).toBeNull();
    expect(await h.db.select().from(h.schema.bookedNights).where(eq(h.schema.bookedNights.bookingId, booking.id))).toHaveLength(7);
    const calendar = (await h.call('GET', `/api/cottages/${ad.id}/calendar`, { token: owner.token })).json as unknown as { from: string; to: string; state: number }[];
    expect(calendar).toContainEqual({ from: booking.check_in, to: booking.check_out, state: 1 });
    expect((await messagesOf(conversationId)).filter((m) => m.type === 'booking_paid')).toHaveLength(1);
    const conversation = await h.call('GET', `/api/conversations/${conversationId}`, { token: guest.token });
    expect((conversation.json.Users as { phone_1: string | null }[])[0]!.phone_1).toBe('+46701234567');
  });

  it('a declined card leaves the offer pending with the provider code; 3-D Secure can be refused', async () => {
    const { guest, booking } = await offered(h);
    const declined = await pay(h, guest.token, booking.id, `${SANDBOX_CARDS.failurePrefix}001001`);
    expect(declined.result?.json).toMatchObject({ transaction: 'failed', errorCode: '001001' });
    expect((await stored(booking.id)).status).toBe('PENDING');
    const secure = await pay(h, guest.token, booking.id, SANDBOX_CARDS.secure);
    expect(secure.secure).toBe(true);
    const refused = await h.call('POST', `/api/sandbox/mangopay/payins/${secure.transactionId}/secure`, { body: { approve: false } });
    const back = await h.call('GET', `/api/payments/return?transactionId=${new URL(String(refused.json.redirect), 'http://x').searchParams.get('transactionId')}`);
    expect(back.json).toMatchObject({ transaction: 'failed', errorCode: '101399' });
    const again = await pay(h, guest.token, booking.id, SANDBOX_CARDS.secure);
    const approved = await h.call('POST', `/api/sandbox/mangopay/payins/${again.transactionId}/secure`, { body: { approve: true } });
    expect(approved.status).toBe(200);
    expect((await h.call('GET', `/api/payments/return?transactionId=${again.transactionId}`)).json.transaction).toBe('success');
    expect((await stored(booking.id)).status).toBe('PAID');
  });

  it('the same return 20 times (and the hook) records one payment and one message', async () => {
    const { guest, booking, conversationId } = await offered(h);
    const started = await h.call('POST', `/api/bookings/${booking.id}/payment`, { token: guest.token, body: { card_type: 'CB_VISA_MASTERCARD', accept_terms: true } });
    const payinId = String(started.json.RedirectURL).split('/').pop()!;
    // Before the card: the return says pending and nothing is paid.
    expect((await h.call('GET', `/api/payments/return?transactionId=${payinId}`)).json.transaction).toBe('pending');
    await h.call('POST', `/api/sandbox/mangopay/payins/${payinId}/card`, { body: { card_number: SANDBOX_CARDS.success, expiry: '12/39', cvc: '123' } });
    const returns = await Promise.all(Array.from({ length: 20 }, () => h.call('GET', `/api/payments/return?transactionId=${payinId}`)));
    expect(returns.every((r) => r.json.transaction === 'success')).toBe(true);
    expect((await h.call('GET', `/api/payments/hook?EventType=PAYIN_NORMAL_SUCCEEDED&RessourceId=${payinId}`)).status).toBe(200);
    const succeeded = await h.db.select().from(h.schema.payins).where(eq(h.schema.payins.bookingId, booking.id));
    expect(succeeded.filter((p) => p.status === 'SUCCEEDED')).toHaveLength(1);
    expect((await messagesOf(conversationId)).filter((m) => m.type === 'booking_paid')).toHaveLength(1);
    const events = await h.db.select().from(h.schema.bookingEvents).where(eq(h.schema.bookingEvents.bookingId, booking.id));
    expect(events.filter((e) => e.type === 'FULL_PAYMENT')).toHaveLength(1);
    // A made-up transaction is not found; the browser's query string alone pays nothing.
    expect((await h.call('GET', '/api/payments/return?transactionId=sbx_payin_madeup00000000')).status).toBe(404);
  });
});

describe('overlap and double booking', () => {
  it('the overlap check lists the ad’s open and paid bookings sharing a night', async () => {
    const { owner, ad, booking } = await offered(h, { checkIn: inDays(60), checkOut: inDays(67) });
    const check = (check_in: string, check_out: string) => h.call('POST', `/api/bookings/${ad.id}/overlap`, { token: owner.token, body: { check_in, check_out } });
    expect(((await check(inDays(66), inDays(70))).json as unknown as { id: number }[]).map((b) => b.id)).toEqual([booking.id]);
    expect((await check(inDays(67), inDays(70))).json).toEqual([]);
    expect((await check(inDays(55), inDays(60))).json).toEqual([]);
  });

  it('a second guest cannot start paying for held or paid nights; a card paid after its hold ran out is refunded at once', async () => {
    const first = await offered(h, { checkIn: inDays(90), checkOut: inDays(95) });
    const { guest: other, conversationId } = await guestIn(h, first.ad.id);
    const second = await h.call('POST', '/api/bookings', {
      token: first.owner.token,
      body: offerBody({ conversationId, guestId: other.user.id, cottageId: first.ad.id, checkIn: inDays(93), checkOut: inDays(97) }),
    });
    const start = (id: number, token: string) => h.call('POST', `/api/bookings/${id}/payment`, { token, body: { card_type: 'CB_VISA_MASTERCARD', accept_terms: true } });
    // The first start holds the nights: the second is told before any card page.
    const s1 = await start(first.booking.id, first.guest.token);
    expect(s1.status).toBe(200);
    const refused = await start(second.json.id as number, other.token);
    expect(refused.status).toBe(409);
    expect(refused.json.code).toBe('booking.nightsTaken');
    // The first guest's hold runs out on the card page; the second starts and holds them; then both cards succeed.
    await h.db
      .update(h.schema.bookedNights)
      .set({ holdUntil: new Date(Date.now() - 1000) })
      .where(eq(h.schema.bookedNights.bookingId, first.booking.id));
    const s2 = await start(second.json.id as number, other.token);
    expect(s2.status).toBe(200);
    const ids = [s1, s2].map((s) => String(s.json.RedirectURL).split('/').pop()!);
    for (const id of ids) await h.call('POST', `/api/sandbox/mangopay/payins/${id}/card`, { body: { card_number: SANDBOX_CARDS.success, expiry: '12/39', cvc: '123' } });
    // The last line of defence: the late card is refunded in full at once, the holder's pays.
    const lost = await h.call('GET', `/api/payments/return?transactionId=${ids[0]}`);
    expect(lost.json).toMatchObject({ transaction: 'failed', errorCode: 'NIGHTS_TAKEN' });
    expect((await h.call('GET', `/api/payments/return?transactionId=${ids[1]}`)).json.transaction).toBe('success');
    const [refunded] = await h.db.select().from(h.schema.payins).where(eq(h.schema.payins.providerId, ids[0]!));
    expect(refunded).toMatchObject({ status: 'REFUNDED', refundedAmount: refunded!.amount });
    expect(refunded!.refundProviderId).toMatch(/^sbx_refund_/);
    expect((await stored(first.booking.id)).status).toBe('PENDING');
    expect((await stored(second.json.id as number)).status).toBe('PAID');
    // Starting again is refused before any money moves.
    const retry = await start(first.booking.id, first.guest.token);
    expect(retry.status).toBe(409);
    expect(retry.json.code).toBe('booking.nightsTaken');
  });
});

describe('cancelling and refunds', () => {
  it('the guest cancels a paid booking before the full-refund deadline: 100 % back, nights and calendar freed', async () => {
    const { owner, guest, booking, ad, conversationId } = await offered(h, { checkIn: inDays(40), policy: 2 });
    await pay(h, guest.token, booking.id);
    const before = (await h.call('GET', `/api/bookings/${booking.id}`, { token: guest.token })).json as unknown as Booking;
    expect(before.refund_now).toEqual({ percent: 100, amount: 1_250_000 });
    const cancelled = await h.call('PUT', `/api/bookings/${booking.id}/cancel`, { token: guest.token, body: { cancellation_reason: 'Sjuk' } });
    expect(cancelled.status).toBe(200);
    const after = cancelled.json as unknown as Booking;
    expect(after.status).toBe('CANCELLED');
    expect(after.refund_amount).toBe(1_250_000);
    expect(after.Timeline.map((e) => e.type)).toEqual(['CREATED', 'FULL_PAYMENT', 'CANCELLED', 'REFUNDED']);
    expect(await h.db.select().from(h.schema.bookedNights).where(eq(h.schema.bookedNights.bookingId, booking.id))).toHaveLength(0);
    const calendar = (await h.call('GET', `/api/cottages/${ad.id}/calendar`, { token: owner.token })).json as unknown as { state: number }[];
    expect(calendar.filter((r) => r.state === 1)).toEqual([]);
    expect((await messagesOf(conversationId)).map((m) => m.type)).toContain('booking_cancelled');
  });

  it('between the deadlines half the rent comes back', async () => {
    const { guest, booking } = await offered(h, { checkIn: inDays(10), expiry: inDays(2), policy: 2 });
    await pay(h, guest.token, booking.id);
    const cancelled = await h.call('PUT', `/api/bookings/${booking.id}/cancel`, { token: guest.token, body: { cancellation_reason: 'Sjuk' } });
    expect((cancelled.json as unknown as Booking).refund_amount).toBe(625_000);
  });
});

describe('time moves bookings', () => {
  it('a run of the sweep pays a bounded number of hosts out; the next runs go on', async () => {
    const { sweepBookings } = await import('@/marketplace/jobs/bookings-sweep');
    const later = new Date(Date.now() + 25 * 86_400_000);
    // Whatever else is due then (a shared test database keeps other files' stays) is paid first, without a cap.
    for (let run = 0; run < 20 && (await sweepBookings(h.db, later, { payoutsPerRun: Number.MAX_SAFE_INTEGER })).paidOut > 0; run++);
    const due: number[] = [];
    for (let i = 0; i < 2; i++) {
      const b = await offered(h, { checkIn: inDays(20), checkOut: inDays(22), expiry: inDays(1) });
      await pay(h, b.guest.token, b.booking.id);
      due.push(b.booking.id);
    }
    const paidOut = async () => (await Promise.all(due.map(stored))).filter((b) => b.paidOutAt).length;
    // At most one payout a run: the first run leaves at least one of the two for the next.
    const first = await sweepBookings(h.db, later, { payoutsPerRun: 1 });
    expect(first.paidOut).toBeLessThanOrEqual(1);
    expect(await paidOut()).toBeLessThan(2);
    for (let run = 0; run < 100 && (await paidOut()) < 2; run++) expect((await sweepBookings(h.db, later, { payoutsPerRun: 1 })).paidOut).toBeLessThanOrEqual(1);
    expect(await paidOut()).toBe(2);
  });

  it('the sweep expires offers, finishes stays and pays hosts out; editing the expiry reopens an offer', async () => {
    const { sweepBookings } = await import('@/marketplace/jobs/bookings-sweep');
    const pending = await offered(h, { checkIn: inDays(20), checkOut: inDays(22), expiry: inDays(1) });
    const paid = await offered(h, { checkIn: inDays(20), checkOut: inDays(22), expiry: inDays(1) });
    await pay(h, paid.guest.token, paid.booking.id);
    // Three days later the offer has expired; after check-out the stay is finished and paid out.
    await sweepBookings(h.db, new Date(Date.now() + 3 * 86_400_000));
    expect((await stored(pending.booking.id)).status).toBe('EXPIRED');
    const editable = (await h.call('GET', `/api/bookings/${pending.booking.id}`, { token: pending.owner.token })).json as unknown as Booking;
    expect(editable.actions.editExpiry).toBe(true);
    await sweepBookings(h.db, new Date(Date.now() + 25 * 86_400_000));
    const done = await stored(paid.booking.id);
    expect(done.status).toBe('FINISHED');
    expect(done.paidOutAt).not.toBeNull();
    const events = await h.db.select().from(h.schema.bookingEvents).where(eq(h.schema.bookingEvents.bookingId, paid.booking.id));
    expect(events.find((e) => e.type === 'PAY_OUT')?.amount).toBe(paid.booking.kept_amount);
    // The stay has ended: the host (only) may ask the guest for a review, once.
    const canAsk = (token: string) => h.call('GET', `/api/conversations/${paid.conversationId}/can-ask-for-review`, { token });
    expect((await canAsk(paid.owner.token)).json.allowed).toBe(true);
    expect((await canAsk(paid.guest.token)).json.allowed).toBe(false);
    expect((await h.call('POST', `/api/conversations/${paid.conversationId}/messages/ask-for-review`, { token: paid.guest.token, body: {} })).status).toBe(400);
    // Pressed twice at the same moment: one request is made, the other refused.
    const both = await Promise.all(
      [1, 2].map(() =>
        h.call('POST', `/api/conversations/${paid.conversationId}/messages/ask-for-review`, { token: paid.owner.token, body: { conversation: paid.conversationId, cottage: paid.ad.id } }),
      ),
    );
    expect(both.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(both.find((r) => r.status === 200)!.json.type).toBe('ask_for_review');
    const requests = await h.db
      .select()
      .from(h.schema.messages)
      .where(and(eq(h.schema.messages.conversationId, paid.conversationId), eq(h.schema.messages.type, 'ask_for_review')));
    expect(requests).toHaveLength(1);
    expect((await canAsk(paid.owner.token)).json.allowed).toBe(false);
    expect((await h.call('POST', `/api/conversations/${paid.conversationId}/messages/ask-for-review`, { token: paid.owner.token, body: {} })).json.code).toBe('chat.cannotAskForReview');
  });

  it('reading a booking never shows a stale state, and the host may give more time', async () => {
    const { owner, booking } = await offered(h, { checkIn: inDays(20), expiry: inDays(1) });
    await h.db
      .update(h.schema.bookings)
      .set({ bookingExpirationDate: new Date(Date.now() - 1000) })
      .where(eq(h.schema.bookings.id, booking.id));
    const read = (await h.call('GET', `/api/bookings/${booking.id}`, { token: owner.token })).json as unknown as Booking;
    expect(read.status).toBe('EXPIRED');
    expect((await h.call('PUT', `/api/bookings/${booking.id}`, { token: owner.token, body: { booking_expiration_date: inDays(21) } })).status).toBe(400);
    const reopened = await h.call('PUT', `/api/bookings/${booking.id}`, { token: owner.token, body: { booking_expiration_date: inDays(4) } });
    expect((reopened.json as unknown as Booking).status).toBe('PENDING');
  });
});

describe('lists', () => {
  it('My Bookings filters by status and check-in, pages with nextPage; conversation bookings; policies', async () => {
    const { owner, ad } = await hostWithAd(h);
    const { guest, conversationId } = await guestIn(h, ad.id);
    for (let i = 0; i < 12; i++) {
      const sent = await h.call('POST', '/api/bookings', {
        token: owner.token,
        body: offerBody({ conversationId, guestId: guest.user.id, cottageId: ad.id, checkIn: inDays(30 + i * 3), checkOut: inDays(31 + i * 3), expiry: inDays(10) }),
      });
      expect(sent.status).toBe(200);
    }
    const first = await h.call('GET', '/api/user/bookings', { token: guest.token });
    const results = first.json.results as Booking[];
    expect(results).toHaveLength(10);
    expect(results.map((b) => b.check_in)).toEqual([...results.map((b) => b.check_in)].sort());
    const next = await h.call('GET', String(first.json.nextPage), { token: guest.token });
    expect((next.json.results as Booking[]).length).toBe(2);
    expect(next.json.nextPage).toBeNull();
    await pay(h, guest.token, results[0]!.id);
    const paidOnly = await h.call('GET', '/api/user/bookings?paid=1', { token: owner.token });
    expect((paidOnly.json.results as Booking[]).map((b) => b.id)).toEqual([results[0]!.id]);
    const window = await h.call('GET', `/api/user/bookings?checkInFrom=${inDays(33)}&checkInTo=${inDays(36)}&order=check_in_desc`, { token: owner.token });
    expect((window.json.results as Booking[]).map((b) => b.check_in)).toEqual([inDays(36), inDays(33)]);
    expect((await h.call('GET', '/api/user/bookings?order=amount', { token: owner.token })).status).toBe(400);
    const inConversation = await h.call('GET', `/api/conversations/${conversationId}/bookings`, { token: owner.token });
    expect((inConversation.json as unknown as Booking[]).length).toBe(12);
    const policies = await h.call('GET', '/api/cancellation-policies');
    expect((policies.json as unknown as { id: number }[]).map((p) => p.id)).toEqual([1, 2, 3]);
  });
});
