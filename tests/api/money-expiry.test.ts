// Issue 11 §1: a card page left without a card expires at the provider too (MangoPay's web pay-in
// session; the sandbox emulates it): it can never be paid later, the sweep records it as failed, and
// the guest's next try opens a new card page.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SANDBOX_CARDS } from '@/lib/rules/sandbox-cards';
import { offered } from './bookings-support';
import { startApi, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startApi();
});
afterAll(async () => h?.close());

it('an abandoned card page expires at the provider, cannot be paid, and the next start opens a new one', async () => {
  const { guest, booking } = await offered(h);
  const started = await h.call('POST', `/api/bookings/${booking.id}/payment`, { token: guest.token, body: { card_type: 'CB_VISA_MASTERCARD', accept_terms: true } });
  expect(started.status).toBe(200);
  const payinId = String(started.json.RedirectURL).split('/').pop()!;
  // 16 minutes pass without a card.
  await h.db
    .update(h.schema.sandboxTransactions)
    .set({ createdAt: new Date(Date.now() - 16 * 60_000) })
    .where(eq(h.schema.sandboxTransactions.id, payinId));

  const late = await h.call('POST', `/api/sandbox/mangopay/payins/${payinId}/card`, { body: { card_number: SANDBOX_CARDS.success, expiry: '12/39', cvc: '123' } });
  expect(late.status).toBe(400);
  const [remote] = await h.db.select().from(h.schema.sandboxTransactions).where(eq(h.schema.sandboxTransactions.id, payinId));
  expect(remote).toMatchObject({ status: 'FAILED', resultCode: '001034' });

  // The sweep reads the provider back and records the pay-in as failed; nothing was charged.
  const { sweepBookings } = await import('@/marketplace/jobs/bookings-sweep');
  await sweepBookings(h.db, new Date(Date.now() + 2 * 60_000));
  const [payin] = await h.db.select().from(h.schema.payins).where(eq(h.schema.payins.providerId, payinId));
  expect(payin!.status).toBe('FAILED');

  const again = await h.call('POST', `/api/bookings/${booking.id}/payment`, { token: guest.token, body: { card_type: 'CB_VISA_MASTERCARD', accept_terms: true } });
  expect(again.status).toBe(200);
  expect(String(again.json.RedirectURL).split('/').pop()).not.toBe(payinId);
});
