// Issue 15: the MangoPay emulation sends the hooks registered with its Hooks API, as MangoPay does: a
// finished card pay-in reaches GET /api/payments/hook, which reads the pay-in back and settles the
// booking before the browser comes back. Registration is global to the emulation's database, so on a
// PostgreSQL database shared by parallel test files it would send other files' pay-ins here: this
// runs on the embedded database only (each file its own).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_CARDS } from '@/lib/rules/sandbox-cards';
import { inDays, offered } from './bookings-support';
import { startCottageApi } from './cottages-support';
import type { Harness } from './harness';

let h: Harness;
let stop: () => Promise<void>;
beforeAll(async () => {
  ({ h, stop } = await startCottageApi());
});
afterAll(async () => stop?.());

describe.runIf(!process.env.TEST_DATABASE_URL)('hooks registered at the MangoPay emulation', () => {
  it('a paid card sends PAYIN_NORMAL_SUCCEEDED to the registered URL, and the booking is PAID without the return', async () => {
    const { registerHooks } = await import('@/marketplace/providers/mangopay-accounts');
    await registerHooks(`${h.url}/api/payments/hook`, ['PAYIN_NORMAL_SUCCEEDED', 'PAYIN_NORMAL_FAILED']);
    // Registering again (another start) adds nothing.
    await registerHooks(`${h.url}/api/payments/hook`, ['PAYIN_NORMAL_SUCCEEDED', 'PAYIN_NORMAL_FAILED']);
    const hooks = await h.db.select().from(h.schema.sandboxMangoObjects).where(eq(h.schema.sandboxMangoObjects.kind, 'HOOK'));
    expect(hooks.map((r) => r.data.EventType).sort()).toEqual(['PAYIN_NORMAL_FAILED', 'PAYIN_NORMAL_SUCCEEDED']);

    const { guest, booking } = await offered(h, { checkIn: inDays(50) });
    const started = await h.call('POST', `/api/bookings/${booking.id}/payment`, { token: guest.token, body: { card_type: 'CB_VISA_MASTERCARD', accept_terms: true } });
    const payinId = String(started.json.RedirectURL).split('/').pop()!;
    await h.call('POST', `/api/sandbox/mangopay/payins/${payinId}/card`, { body: { card_number: SANDBOX_CARDS.success, expiry: '12/39', cvc: '123' } });
    // No return call: the hook alone settles it.
    await expect.poll(async () => (await h.db.select().from(h.schema.bookings).where(eq(h.schema.bookings.id, booking.id)))[0]!.status, { timeout: 5_000 }).toBe('PAID');
    const [payin] = await h.db.select().from(h.schema.payins).where(eq(h.schema.payins.providerId, payinId));
    expect(payin!.status).toBe('SUCCEEDED');
  });
});
