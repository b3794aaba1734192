// Shared helpers of the bookings-*.test.ts files: a host with a reviewed ad, a guest in a
// conversation about it, offers over HTTP and the sandbox card page driven like a browser.
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { addDays, todayInStockholm } from '@/lib/rules/dates';
import { SANDBOX_CARDS } from '@/lib/rules/sandbox-cards';
import { host } from './cottages-support';
import type { Harness } from './harness';
import type { Booking } from '@/lib/schemas/booking-dto';

export const today = () => todayInStockholm();
export const inDays = (n: number) => addDays(today(), n);

/**
 * A host with a complete profile and a reviewed commission ad that DAC7 accepts. Unless `payoutReady`
 * is false (or there is no sandbox provider to hold the account) the host can be paid out (issue 15): a payout account with an IBAN at the MangoPay
 * emulation (saved through the API) and verified ID documents (the status set here;
 * tests/api/kyc.test.ts goes through the documents).
 */
export async function hostWithAd(h: Harness, { payoutReady = process.env.STUGA_SANDBOX === '1' } = {}) {
  const owner = await host(h);
  if (payoutReady) {
    const saved = await h.call('PUT', '/api/user/host-information', {
      token: owner.token,
      body: { tin_number: '8504121230', iban: 'SE4550000000058398257466', owner: 'Astrid Lindqvist', accept_payment_terms: true, password: owner.user.password },
    });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    await passSca(h, owner.token, saved.json.sca_bank_action_url);
    await h.db.update(h.schema.users).set({ kycStatus: 'SUCCEDED' }).where(eq(h.schema.users.id, owner.user.id));
  }
  const [ad] = await h.db
    .insert(h.schema.cottages)
    .values({
      userId: owner.user.id,
      titleSv: 'Sjöstugan',
      commission: true,
      commissionPercentage: 12,
      reviewedAt: new Date(),
      propertyDesignation: 'Orsa Kråkberg 1:23',
      addressStreet: 'Sjövägen 4',
      addressPostalCode: '79430',
      addressCity: 'Orsa',
    })
    .returning();
  return { owner, ad: ad! };
}

/** The host confirms their new payout bank account on the emulation's SCA page and comes back (the sync adds it). */
export async function passSca(h: Harness, token: string, actionUrl: unknown) {
  const rid = new URL(String(actionUrl), 'http://x').pathname.split('/').pop()!;
  expect((await h.call('POST', `/api/sandbox/mangopay/sca/${rid}`, { token, body: { pass: true } })).json).toEqual({ status: 'ACTIVE' });
  const synced = await h.call('GET', `/api/mango/recipients/${rid}/status`, { token });
  expect(synced.json).toMatchObject({ remote_status: 'ACTIVE', ready: true });
  return rid;
}

/** A guest (complete profile) who has contacted the host about the ad. */
export async function guestIn(h: Harness, cottageId: number) {
  const guest = await host(h);
  const started = await h.call('POST', '/api/conversations', { token: guest.token, body: { cottage_id: cottageId, text: 'Hej! Är stugan ledig?' } });
  expect(started.status).toBe(200);
  return { guest, conversationId: started.json.id as number };
}

export function offerBody(input: { conversationId: number; guestId: number; cottageId: number; checkIn?: string; checkOut?: string; total?: number; expiry?: string; policy?: number }) {
  const checkIn = input.checkIn ?? inDays(40);
  return {
    conversation_id: input.conversationId,
    guest_id: input.guestId,
    cottage_id: input.cottageId,
    cancellation_policy_id: input.policy ?? 2,
    check_in: checkIn,
    check_out: input.checkOut ?? addDays(checkIn, 7),
    number_of_guests: 4,
    cleaning_policy: 'guest',
    total_price: input.total ?? 12_500_00,
    booking_expiration_date: input.expiry ?? inDays(3),
    mark_as_booked_if_accepted: true,
    additional_information: 'Sänglinne ingår.',
  };
}

/** A whole setup: host, ad, guest, conversation and one sent offer. */
export async function offered(h: Harness, overrides: Partial<Parameters<typeof offerBody>[0]> = {}) {
  const { owner, ad } = await hostWithAd(h);
  const { guest, conversationId } = await guestIn(h, ad.id);
  const sent = await h.call('POST', '/api/bookings', { token: owner.token, body: offerBody({ conversationId, guestId: guest.user.id, cottageId: ad.id, ...overrides }) });
  expect(sent.status, JSON.stringify(sent.json)).toBe(200);
  return { owner, ad, guest, conversationId, booking: sent.json as unknown as Booking };
}

/** The guest pays on the sandbox card page with a card, and the browser comes back: answers the return's result. */
export async function pay(h: Harness, token: string, bookingId: number, card: string = SANDBOX_CARDS.success) {
  const started = await h.call('POST', `/api/bookings/${bookingId}/payment`, { token, body: { card_type: 'CB_VISA_MASTERCARD', accept_terms: true } });
  if (started.status !== 200) return { started, result: null, transactionId: null };
  const payinId = String(started.json.RedirectURL).split('/').pop()!;
  const submitted = await h.call('POST', `/api/sandbox/mangopay/payins/${payinId}/card`, { body: { card_number: card, expiry: '12/39', cvc: '123' } });
  expect(submitted.status).toBe(200);
  if (submitted.json.secure) return { started, result: null, transactionId: payinId, secure: true };
  const transactionId = new URL(String(submitted.json.redirect), 'http://x').searchParams.get('transactionId')!;
  const result = await h.call('GET', `/api/payments/return?transactionId=${transactionId}`);
  return { started, result, transactionId };
}
