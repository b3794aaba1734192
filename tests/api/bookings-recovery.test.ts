// What goes wrong around payments, and how the API and the sweep put it right: an offer cancelled
// while the guest was on the card page, a refund the provider refused, a browser that never came
// back from the card page, an expiry on the check-in day.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stockholmTime } from '@/lib/rules/dates';
import { SANDBOX_CARDS } from '@/lib/rules/sandbox-cards';
import { inDays, offered, pay } from './bookings-support';
import { startCottageApi } from './cottages-support';
import type { Harness } from './harness';
import type { Booking } from '@/lib/schemas/booking-dto';

let h: Harness;
let stop: () => Promise<void>;
beforeAll(async () => {
  ({ h, stop } = await startCottageApi());
});
afterAll(async () => stop?.());

const stored = async (id: number) => (await h.db.select().from(h.schema.bookings).where(eq(h.schema.bookings.id, id)))[0]!;
const payinsOf = async (id: number) => h.db.select().from(h.schema.payins).where(eq(h.schema.payins.bookingId, id));

/** The guest starts paying and the card succeeds at the provider, but the browser has not come back yet. */
async function paidAtProvider(token: string, bookingId: number) {
  const started = await h.call('POST', `/api/bookings/${bookingId}/payment`, { token, body: { card_type: 'CB_VISA_MASTERCARD', accept_terms: true } });
  const id = String(started.json.RedirectURL).split('/').pop()!;
  await h.call('POST', `/api/sandbox/mangopay/payins/${id}/card`, { body: { card_number: SANDBOX_CARDS.success, expiry: '12/39', cvc: '123' } });
  return id;
}

describe('payment recovery', () => {
  it('an offer cancelled while the guest was paying stays cancelled, and the money goes straight back', async () => {
    const { owner, guest, booking } = await offered(h);
    const transactionId = await paidAtProvider(guest.token, booking.id);
    expect((await h.call('PUT', `/api/bookings/${booking.id}/cancel`, { token: owner.token, body: { cancellation_reason: 'Uthyrd på annat sätt' } })).status).toBe(200);
    const back = await h.call('GET', `/api/payments/return?transactionId=${transactionId}`);
    expect(back.json).toMatchObject({ transaction: 'failed', errorCode: 'OFFER_CLOSED' });
    expect((await stored(booking.id)).status).toBe('CANCELLED');
    const [payin] = await payinsOf(booking.id);
    expect(payin).toMatchObject({ status: 'REFUNDED', refundedAmount: payin!.amount });
    expect(await h.db.select().from(h.schema.bookedNights).where(eq(h.schema.bookedNights.bookingId, booking.id))).toHaveLength(0);
    // The guest's view of the booking carries the stored outcome, not whatever an address says.
    const seen = (await h.call('GET', `/api/bookings/${booking.id}`, { token: guest.token })).json as unknown as { last_payment: { result_code: string } };
    expect(seen.last_payment.result_code).toBe('OFFER_CLOSED');
  });

  it('a refund the provider refuses does not fail the cancellation; the sweep makes it later', async () => {
    const { payments } = await import('@/marketplace/providers/payments');
    const { sweepBookings } = await import('@/marketplace/jobs/bookings-sweep');
    const { guest, booking } = await offered(h, { checkIn: inDays(60) });
    await pay(h, guest.token, booking.id);
    const refund = payments.refund;
    payments.refund = async () => {
      throw new Error('provider down');
    };
    try {
      const cancelled = await h.call('PUT', `/api/bookings/${booking.id}/cancel`, { token: guest.token, body: { cancellation_reason: 'Sjuk' } });
      expect(cancelled.status).toBe(200);
      expect((cancelled.json as unknown as Booking).Timeline.find((e) => e.type === 'REFUNDED')?.state).toBe('ERROR');
      expect((await payinsOf(booking.id))[0]).toMatchObject({ refundProviderId: null, refundedAmount: null });
    } finally {
      payments.refund = refund;
    }
    await sweepBookings(h.db);
    const [payin] = await payinsOf(booking.id);
    expect(payin!.refundedAmount).toBe(1_250_000);
    expect(payin!.refundProviderId).toMatch(/^sbx_refund_/);
    const after = (await h.call('GET', `/api/bookings/${booking.id}`, { token: guest.token })).json as unknown as Booking;
    expect(after.Timeline.filter((e) => e.type === 'REFUNDED').map((e) => e.state)).toEqual(['ERROR', 'SUCCESS']);
    // Swept again: nothing more is refunded.
    await sweepBookings(h.db);
    expect((await h.db.select().from(h.schema.sandboxTransactions).where(eq(h.schema.sandboxTransactions.id, payin!.refundProviderId!))).length).toBe(1);
    expect((await payinsOf(booking.id))[0]!.refundProviderId).toBe(payin!.refundProviderId);
  });

  it('a guest who never came back from the card page still gets the booking: the sweep asks the provider', async () => {
    const { sweepBookings } = await import('@/marketplace/jobs/bookings-sweep');
    const { booking, guest } = await offered(h);
    await paidAtProvider(guest.token, booking.id);
    expect((await stored(booking.id)).status).toBe('PENDING');
    await sweepBookings(h.db, new Date(Date.now() + 2 * 60_000));
    const row = await stored(booking.id);
    expect(row.status).toBe('PAID');
    expect(row.omocomId).toMatch(/^OMO-SBX-/);
  });
});

describe('rules around the booking', () => {
  it('an expiry chosen on the check-in day ends as check-in day begins', async () => {
    const { booking } = await offered(h, { checkIn: inDays(10), expiry: inDays(10) });
    expect((await stored(booking.id)).bookingExpirationDate.toISOString()).toBe(new Date(stockholmTime(inDays(10), '00:00:00').getTime() - 1000).toISOString());
  });

  it('the guest does not see the fee, the host’s share or the payout timeline; one of My Bookings by id', async () => {
    const { owner, guest, booking } = await offered(h);
    await pay(h, guest.token, booking.id);
    const asGuest = (await h.call('GET', `/api/user/bookings/${booking.id}`, { token: guest.token })).json as unknown as Booking & { fee: number | null };
    expect(asGuest.fee).toBeNull();
    expect(asGuest.kept_amount).toBeNull();
    expect(asGuest.Timeline.map((e) => e.type)).not.toContain('PAY_OUT_DUE_DATE');
    const asHost = (await h.call('GET', `/api/user/bookings/${booking.id}`, { token: owner.token })).json as unknown as Booking;
    expect(asHost.kept_amount).toBe(1_100_000);
    expect(asHost.Timeline.map((e) => e.type)).toContain('PAY_OUT_DUE_DATE');
    const { host } = await import('./cottages-support');
    const stranger = await host(h);
    expect((await h.call('GET', `/api/user/bookings/${booking.id}`, { token: stranger.token })).status).toBe(404);
  });
});
