// Without STUGA_SANDBOX=1 (production's default): no outbox, no sandbox routes, no sandbox adapters.
// Providers without keys are "not configured": a translated 503, never a fake success, never a 500.
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offered } from './bookings-support';
import { host } from './cottages-support';
import { startApi, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  process.env.STUGA_SANDBOX = '0';
  h = await startApi();
});
afterAll(async () => h?.close());

describe('without the sandbox switch', () => {
  it('has no outbox and no sandbox routes', async () => {
    const outbox = await h.call('GET', '/api/dev/outbox');
    expect(outbox.status).toBe(404);
    const { token } = await host(h);
    for (const [method, path] of [
      ['GET', '/api/sandbox/mangopay/payins/sbx_payin_abcdefghijklmnop'],
      ['POST', '/api/sandbox/mangopay/payins/sbx_payin_abcdefghijklmnop/cancel'],
      ['GET', '/api/sandbox/bankid/abcdefghijklmnopqrstuv'],
    ] as const) {
      const response = await h.call(method, path, { token });
      expect(response.status, path).toBe(404);
    }
  });

  it('keeps mail out of the outbox, and out of reach', async () => {
    const user = await h.createUser({ password: null });
    const sent = await h.call('POST', '/api/user/send-auth-token', { body: { username: user.username } });
    expect(sent.status).toBe(200);
    const [stored] = await h.db.select({ n: count() }).from(h.schema.outbox).where(eq(h.schema.outbox.to, user.username));
    expect(stored!.n).toBe(0);
  });

  it('answers "not available" for a card payment and a BankID verification, and changes nothing', async () => {
    const { guest, booking, ad, owner } = await offered(h);
    const paid = await h.call('POST', `/api/bookings/${booking.id}/payment`, { token: guest.token, body: { card_type: 'CB_VISA_MASTERCARD', accept_terms: true } });
    expect(paid.status).toBe(503);
    expect(paid.json.message).toBe('This service is not available right now. Please try again later or contact support.');
    const [payins] = await h.db.select({ n: count() }).from(h.schema.payins).where(eq(h.schema.payins.bookingId, booking.id));
    expect(payins!.n).toBe(0);

    const verify = await h.call('POST', `/api/cottages/${ad.id}/verify`, { token: owner.token, body: {} });
    expect(verify.status).toBe(503);
    const [sessions] = await h.db.select({ n: count() }).from(h.schema.bankidSessions).where(eq(h.schema.bankidSessions.userId, owner.user.id));
    expect(sessions!.n).toBe(0);
  });
});
