// Issue 15: the payout tab's host information (SPEC §4 "Payout save", §5 "Payout person") over HTTP,
// through the real MangoPay adapter and SDK pointed at the local emulation of MangoPay's API.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { host, startCottageApi } from './cottages-support';
import type { Harness } from './harness';

let h: Harness;
let stop: () => Promise<void>;
beforeAll(async () => {
  ({ h, stop } = await startCottageApi());
});
afterAll(async () => stop?.());

const IBAN = 'SE45 5000-0000 0583 9825 7466';
const rowOf = async (id: number) => (await h.db.select().from(h.schema.users).where(eq(h.schema.users.id, id)))[0]!;
const mango = async (id: string) => (await h.db.select().from(h.schema.sandboxMangoObjects).where(eq(h.schema.sandboxMangoObjects.id, id)))[0];

async function strictHost(overrides: Parameters<typeof host>[1] = {}) {
  const me = await host(h, overrides);
  return { ...me, password: me.user.password! };
}
const body = (password: string, extra: Record<string, unknown> = {}) => ({ tin_number: '8504121230', iban: IBAN, owner: 'Astrid Lindqvist', accept_payment_terms: true, password, ...extra });

describe('PUT /api/user/host-information', () => {
  it('saves the details, makes the host an OWNER user and an IBAN account at MangoPay, and stores the IBAN without spaces', async () => {
    const { user, token, password } = await strictHost();
    const saved = await h.call('PUT', '/api/user/host-information', { token, body: body(password) });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    expect(saved.json).toMatchObject({ iban: 'SE4550000000058398257466', bank_owner: 'Astrid Lindqvist', payment_terms_accepted: true, sca_bank_status: 'PENDING', bank_account_added_at: null });
    const row = await rowOf(user.id);
    expect(row).toMatchObject({ iban: 'SE4550000000058398257466', bankOwner: 'Astrid Lindqvist', tinNumber: '8504121230' });
    const owner = await mango(row.mangoUserId!);
    expect(owner?.data).toMatchObject({ PersonType: 'NATURAL', UserCategory: 'OWNER', FirstName: 'Astrid', LastName: 'Lindqvist', Nationality: 'SE', Address: { City: 'Stockholm', Country: 'SE' } });
    const account = await mango(row.mangoBankAccountId!);
    expect(account?.data).toMatchObject({ Type: 'IBAN', IBAN: 'SE4550000000058398257466', OwnerName: 'Astrid Lindqvist', Active: true, UserId: row.mangoUserId });
  });

  it('a new IBAN is a new bank account and the old one is deactivated; the same one again changes nothing at MangoPay', async () => {
    const { user, token, password } = await strictHost();
    await h.call('PUT', '/api/user/host-information', { token, body: body(password) });
    const first = await rowOf(user.id);
    expect((await h.call('PUT', '/api/user/host-information', { token, body: body(password, { iban: 'SE4550000000058398257466' }) })).status).toBe(200);
    expect((await rowOf(user.id)).mangoBankAccountId).toBe(first.mangoBankAccountId);
    const changed = await h.call('PUT', '/api/user/host-information', { token, body: body(password, { iban: 'DE89 3704 0044 0532 0130 00', accept_payment_terms: undefined }) });
    expect(changed.status, JSON.stringify(changed.json)).toBe(200);
    const second = await rowOf(user.id);
    expect(second.mangoBankAccountId).not.toBe(first.mangoBankAccountId);
    expect(second.mangoUserId).toBe(first.mangoUserId);
    expect((await mango(first.mangoBankAccountId!))?.data.Active).toBe(false);
    expect((await mango(second.mangoBankAccountId!))?.data).toMatchObject({ IBAN: 'DE89370400440532013000', Active: true });
    const accounts = await h.db
      .select()
      .from(h.schema.sandboxMangoObjects)
      .where(and(eq(h.schema.sandboxMangoObjects.ownerId, first.mangoUserId!), eq(h.schema.sandboxMangoObjects.kind, 'BANK_ACCOUNT')));
    expect(accounts).toHaveLength(2);
  });

  it.each([
    ['a wrong check digit', { iban: 'SE45 5000 0000 0583 9825 7467' }, 'iban', 'Invalid IBAN'],
    ['a made-up country', { iban: 'XX45 5000 0000 0583 9825 7466' }, 'iban', 'Invalid IBAN'],
    ['letters in a Swedish IBAN', { iban: 'SE45 5000 0000 0583 9825 746A' }, 'iban', 'Invalid IBAN'],
    ['no IBAN', { iban: '' }, 'iban', 'Required'],
    ['no owner', { owner: '  ' }, 'owner', 'Required'],
    ['an owner of 256 characters', { owner: 'x'.repeat(256) }, 'owner', 'Max number of chars: 255'],
    ['a TIN of 9 characters', { tin_number: '850412123' }, 'tin_number', 'The tax identification number must be 10 to 80 characters'],
    ['a Swedish TIN with letters', { tin_number: '85041212AB' }, 'tin_number', null],
    ['the payment terms not accepted', { accept_payment_terms: false }, 'accept_payment_terms', 'Accept the payment terms to continue'],
  ])('refuses %s on its field and stores nothing', async (_what, extra, field, message) => {
    const { user, token, password } = await strictHost();
    const before = await rowOf(user.id);
    const result = await h.call('PUT', '/api/user/host-information', { token, body: body(password, extra) });
    expect(result.status).toBe(400);
    const error = (result.json.errors as { field: string; message: string }[]).find((e) => e.field === field);
    expect(error, JSON.stringify(result.json)).toBeTruthy();
    if (message) expect(error!.message).toBe(message);
    expect(await rowOf(user.id)).toEqual(before);
  });

  it('accepts IBANs of other countries (GB, NO) and the boundaries of TIN and owner', async () => {
    for (const extra of [{ iban: 'GB29 NWBK 6016 1331 9268 19' }, { iban: 'no9386011117947' }, { owner: 'x'.repeat(255) }]) {
      const { token, password } = await strictHost();
      const result = await h.call('PUT', '/api/user/host-information', { token, body: body(password, extra) });
      expect(result.status, JSON.stringify(result.json)).toBe(200);
    }
    const { token, password } = await strictHost({ nationality: 'NO' });
    expect((await h.call('PUT', '/api/user/host-information', { token, body: body(password, { tin_number: 'N'.repeat(80) }) })).status).toBe(200);
  });

  it('a company (business) needs its headquarters; an American one also its state', async () => {
    const { user, token, password } = await strictHost({ typeOfPerson: 'LEGAL', businessType: 'BUSINESS', businessName: 'Stugor AB', organizationNumber: '556677-8899' });
    const missing = await h.call('PUT', '/api/user/host-information', { token, body: body(password) });
    expect(missing.status).toBe(400);
    expect((missing.json.errors as { field: string }[]).map((e) => e.field).sort()).toEqual(['hq_address1', 'hq_city', 'hq_country', 'hq_postal_code']);
    const hq = { hq_address1: 'Main Street 1', hq_postal_code: '10001', hq_city: 'New York', hq_country: 'US' };
    const noState = await h.call('PUT', '/api/user/host-information', { token, body: body(password, hq) });
    expect(noState.json.errors).toEqual([{ field: 'hq_region', message: 'Required' }]);
    const saved = await h.call('PUT', '/api/user/host-information', { token, body: body(password, { ...hq, hq_region: 'NY' }) });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    const owner = await mango((await rowOf(user.id)).mangoUserId!);
    expect(owner?.data).toMatchObject({ PersonType: 'LEGAL', LegalPersonType: 'BUSINESS', Name: 'Stugor AB', CompanyNumber: '556677-8899', HeadquartersAddress: { City: 'New York', Region: 'NY' } });
  });

  it('a STRICT host confirms with the password; an incomplete profile is refused first', async () => {
    const { token, password } = await strictHost();
    const none = await h.call('PUT', '/api/user/host-information', { token, body: body(password, { password: undefined }) });
    expect(none.status).toBe(400);
    expect(none.json.errors).toContainEqual({ field: 'password', message: expect.any(String) });
    const wrong = await h.call('PUT', '/api/user/host-information', { token, body: body('not-it') });
    expect(wrong.status).toBe(400);
    const incomplete = await strictHost({ uCity: null });
    const refused = await h.call('PUT', '/api/user/host-information', { token: incomplete.token, body: body(incomplete.password) });
    expect(refused.status).toBe(400);
    expect(refused.json.code).toBe('payout.profileIncomplete');
  });
});
