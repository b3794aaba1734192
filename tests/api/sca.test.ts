// Issue 15: the payout bank account's strong customer authentication (SPEC §4 SCA, §7
// /api/mango/recipients/*, /api/user/bank-status, §9 the 9.5-minute action URL) over HTTP, through the
// MangoPay SDK to the emulation's recipients and its SCA page.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passSca } from './bookings-support';
import { host, startCottageApi } from './cottages-support';
import type { Harness } from './harness';

let h: Harness;
let stop: () => Promise<void>;
beforeAll(async () => {
  ({ h, stop } = await startCottageApi());
});
afterAll(async () => stop?.());

const rowOf = async (id: number) => (await h.db.select().from(h.schema.users).where(eq(h.schema.users.id, id)))[0]!;
async function saveAccount(iban = 'SE4550000000058398257466') {
  const me = await host(h);
  const saved = await h.call('PUT', '/api/user/host-information', {
    token: me.token,
    body: { tin_number: '8504121230', iban, owner: 'Astrid Lindqvist', accept_payment_terms: true, password: me.user.password },
  });
  expect(saved.status, JSON.stringify(saved.json)).toBe(200);
  return { ...me, saved: saved.json as { sca_bank_status: string | null; sca_bank_action_url: string | null } };
}
const ridOf = (url: string | null) => new URL(String(url), 'http://x').pathname.split('/').pop()!;

describe('SCA of the payout bank account', () => {
  it('a new account waits for SCA: PENDING with the action URL (return address /payout?rid=…), not added, payouts not ready', async () => {
    const me = await saveAccount();
    expect(me.saved.sca_bank_status).toBe('PENDING');
    const url = new URL(me.saved.sca_bank_action_url!, 'http://x');
    const rid = ridOf(me.saved.sca_bank_action_url);
    expect(url.pathname).toBe(`/sandbox/mangopay/sca/${rid}`);
    expect(url.searchParams.get('returnUrl')).toMatch(new RegExp(`/dashboard/payout\\?rid=${rid}$`));
    const row = await rowOf(me.user.id);
    expect(row).toMatchObject({ mangoRecipientId: rid, bankAccountAddedAt: null });
    expect((await h.call('GET', '/api/user/bank-status', { token: me.token })).json).toEqual({ ready: false });
    expect((await h.call('GET', `/api/mango/recipients/${rid}/status`, { token: me.token })).json).toMatchObject({ remote_status: 'PENDING', terminal: false, ready: false });
    // Saving the same account again keeps the SCA under way (the same recipient).
    await h.call('PUT', '/api/user/host-information', { token: me.token, body: { tin_number: '8504121230', iban: 'SE4550000000058398257466', owner: 'Astrid Lindqvist', password: me.user.password } });
    expect((await rowOf(me.user.id)).mangoRecipientId).toBe(rid);
  });

  it('a failed SCA can be resumed with the stored URL; after 9.5 minutes it must start over; a pass adds the account', async () => {
    const me = await saveAccount();
    const rid = ridOf(me.saved.sca_bank_action_url);
    expect((await h.call('POST', `/api/sandbox/mangopay/sca/${rid}`, { token: me.token, body: { pass: false } })).json).toEqual({ status: 'PENDING' });
    const resumed = await h.call('POST', '/api/mango/recipients/resume', { token: me.token });
    expect(resumed.json).toMatchObject({ data: { next: 'next' } });
    expect((resumed.json.data as { sca_bank_action_url: string }).sca_bank_action_url).toContain(`/sandbox/mangopay/sca/${rid}?returnUrl=`);

    await h.db
      .update(h.schema.users)
      .set({ scaBankActionAt: new Date(Date.now() - 571_000) })
      .where(eq(h.schema.users.id, me.user.id));
    expect((await h.call('POST', '/api/mango/recipients/resume', { token: me.token })).json).toEqual({ data: { next: 'start_over', sca_bank_action_url: null } });
    expect((await h.call('GET', `/api/mango/recipients/${rid}/status`, { token: me.token })).json).toMatchObject({ sca_bank_action_url: null });
    // Starting over: saving the account again gives a new recipient and a new URL.
    const again = await h.call('PUT', '/api/user/host-information', {
      token: me.token,
      body: { tin_number: '8504121230', iban: 'SE4550000000058398257466', owner: 'Astrid Lindqvist', password: me.user.password },
    });
    const second = ridOf((again.json as { sca_bank_action_url: string }).sca_bank_action_url);
    expect(second).not.toBe(rid);

    await passSca(h, me.token, (again.json as { sca_bank_action_url: string }).sca_bank_action_url);
    expect((await rowOf(me.user.id)).bankAccountAddedAt).not.toBeNull();
    expect((await h.call('GET', '/api/user/bank-status', { token: me.token })).json).toEqual({ ready: true });
    expect((await h.call('POST', '/api/mango/recipients/resume', { token: me.token })).json).toEqual({ data: { next: 'done', sca_bank_action_url: null } });
    const user = (await h.call('GET', '/api/user', { token: me.token })).json as { bank_account_added_at: string | null };
    expect(user.bank_account_added_at).not.toBeNull();
  });

  it('nobody reads or answers another host’s recipient; no recipient is "Missing recipient id"', async () => {
    const me = await saveAccount();
    const rid = ridOf(me.saved.sca_bank_action_url);
    const other = await saveAccount('DE89 3704 0044 0532 0130 00');
    expect((await h.call('GET', `/api/mango/recipients/${rid}/status`, { token: other.token })).status).toBe(404);
    expect((await h.call('POST', `/api/sandbox/mangopay/sca/${rid}`, { token: other.token, body: { pass: true } })).status).toBe(404);
    expect((await rowOf(me.user.id)).bankAccountAddedAt).toBeNull();
    const none = await host(h);
    const missing = await h.call('POST', '/api/mango/recipients/resume', { token: none.token });
    expect(missing.status).toBe(400);
    expect(missing.json.message).toBe('Missing recipient id');
    expect((await h.call('GET', '/api/user/bank-status')).status).toBe(401);
  });
});

describe('SCA enrolment of the host (POST /api/user/sca-enroll, GET /api/mango/user)', () => {
  it('needs a payout account and a return address; answers the enrolment page; passing makes the user ACTIVE', async () => {
    const none = await host(h);
    const missing = await h.call('POST', '/api/user/sca-enroll', { token: none.token, body: { sca_return_url: '/dashboard/profile/sca-enroll' } });
    expect(missing.status).toBe(400);
    expect(missing.json.message).toBe('Your account is missing required information to begin verification.');
    const me = await saveAccount();
    const noReturn = await h.call('POST', '/api/user/sca-enroll', { token: me.token, body: {} });
    expect(noReturn.json.message).toBe('Missing return URL for SCA enrollment.');
    expect((await h.call('POST', '/api/user/sca-enroll', { token: me.token, body: { sca_return_url: 'https://evil.example/' } })).status).toBe(400);
    const started = await h.call('POST', '/api/user/sca-enroll', { token: me.token, body: { sca_return_url: '/dashboard/profile/sca-enroll' } });
    expect(started.status).toBe(200);
    const mangoUserId = (await rowOf(me.user.id)).mangoUserId!;
    const url = new URL(started.json as unknown as string, 'http://x');
    expect(url.pathname).toBe(`/sandbox/mangopay/sca/${mangoUserId}`);
    expect(url.searchParams.get('returnUrl')).toMatch(/\/dashboard\/profile\/sca-enroll$/);
    expect((await h.call('GET', '/api/mango/user', { token: me.token })).json).toEqual({ UserStatus: 'PENDING_USER_ACTION' });
    expect((await h.call('POST', `/api/sandbox/mangopay/sca/${mangoUserId}`, { token: none.token, body: { pass: true } })).status).toBe(404);
    expect((await h.call('POST', `/api/sandbox/mangopay/sca/${mangoUserId}`, { token: me.token, body: { pass: true } })).json).toEqual({ status: 'ACTIVE' });
    expect((await h.call('GET', '/api/mango/user', { token: me.token })).json).toEqual({ UserStatus: 'ACTIVE' });
  });
});
