// Issue 15: the one-time ID-document verification (SPEC §2 /profile/id-verification, §5 "ID proof
// form", §7 /api/mango/kyc) over HTTP, through the MangoPay adapter and SDK pointed at the local
// emulation; the emulation's sandbox desk decides and sends MangoPay's unsigned hook. Then payouts:
// a host without verified ID documents and a bank account waits, with a to-do and one e-mail.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@/lib/rules/dates';
import { guestIn, hostWithAd, inDays, offerBody, passSca, pay } from './bookings-support';
import { host, startCottageApi } from './cottages-support';
import type { Harness } from './harness';

let h: Harness;
let stop: () => Promise<void>;
let admin: string;
beforeAll(async () => {
  ({ h, stop } = await startCottageApi());
  admin = (await host(h, { admin: true })).token;
});
afterAll(async () => stop?.());

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(2048, 7)]);
const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(2048, 32)]);
const TEXT = Buffer.from('just some text, not a picture');

/** A host whose payout account exists at MangoPay (the host information saved). */
async function hostWithAccount(overrides: Parameters<typeof host>[1] = {}) {
  const me = await host(h, overrides);
  const saved = await h.call('PUT', '/api/user/host-information', {
    token: me.token,
    body: { tin_number: '8504121230', iban: 'SE4550000000058398257466', owner: 'Astrid Lindqvist', accept_payment_terms: true, password: me.user.password },
  });
  expect(saved.status, JSON.stringify(saved.json)).toBe(200);
  return me;
}

type Upload = { terms?: boolean; type?: string; idFirst?: string; idLast?: string; chosen?: string[]; files?: { bytes: Buffer; name: string }[] };
async function upload(token: string, u: Upload = {}) {
  const form = new FormData();
  form.set('accept_terms', String(u.terms ?? true));
  form.set('document_type', u.type ?? 'PASSPORT');
  form.set('id_first_name', u.idFirst ?? 'Astrid Maria');
  form.set('id_last_name', u.idLast ?? 'Lindqvist');
  for (const word of u.chosen ?? ['Astrid']) form.append('first_name', word);
  form.set('validationType', 'IDENTITY_PROOF');
  for (const f of u.files ?? [{ bytes: PNG, name: 'passport.png' }]) form.append('validationFile', new Blob([new Uint8Array(f.bytes)]), f.name);
  const response = await fetch(`${h.url}/api/mango/kyc/identity`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' }, body: form });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> & { errors?: { field: string; message: string }[] } };
}
const state = async (token: string) =>
  (await h.call('GET', '/api/mango/kyc', { token })).json as { kyc_status: string; can_upload: boolean; documents: { id: string; status: string; refused_reason_message: string | null }[] };
const kycOf = async (userId: number) => (await h.db.select().from(h.schema.users).where(eq(h.schema.users.id, userId)))[0]!.kycStatus;
const decide = (id: string, body: Record<string, unknown>) => h.call('POST', `/api/sandbox/mangopay/kyc/${id}`, { token: admin, body });

describe('ID documents (GET /api/mango/kyc, POST /api/mango/kyc/identity)', () => {
  it('a host without a payout account cannot upload yet', async () => {
    const me = await host(h);
    expect(await state(me.token)).toEqual({ kyc_status: 'UNVERIFIED', can_upload: false, documents: [] });
    const refused = await upload(me.token);
    expect(refused.status).toBe(400);
    expect(refused.json.message).toBe('Your account is missing required information to complete this action.');
    expect(await kycOf(me.user.id)).toBe('UNVERIFIED');
  });

  it('a passport goes to MangoPay as one page asked for validation; the host waits (PENDING) and cannot send another', async () => {
    const me = await hostWithAccount();
    expect((await state(me.token)).can_upload).toBe(true);
    const sent = await upload(me.token);
    expect(sent.status, JSON.stringify(sent.json)).toBe(200);
    expect(sent.json).toMatchObject({ kyc_status: 'PENDING', can_upload: false, documents: [{ status: 'VALIDATION_ASKED', refused_reason_message: null }] });
    const [document] = await h.db
      .select()
      .from(h.schema.sandboxMangoObjects)
      .where(and(eq(h.schema.sandboxMangoObjects.kind, 'KYC_DOCUMENT'), eq(h.schema.sandboxMangoObjects.id, (sent.json.documents as { id: string }[])[0]!.id)));
    expect(document?.data).toMatchObject({ Type: 'IDENTITY_PROOF', Status: 'VALIDATION_ASKED', Pages: 1 });
    expect(await kycOf(me.user.id)).toBe('PENDING');
    // Identity fields are locked while the document is checked.
    const user = (await h.call('GET', '/api/user', { token: me.token })).json as { locked_fields: string[] };
    expect(user.locked_fields).toContain('first_name');
    const again = await upload(me.token);
    expect(again.status).toBe(409);
    expect(again.json.message).toBe('Your ID documents are being checked or your identity is already verified.');
  });

  it('a refused document shows the bank’s reason and can be sent again; an approved one verifies the host', async () => {
    const me = await hostWithAccount();
    const first = await upload(me.token, {
      type: 'ID_CARD',
      files: [
        { bytes: PNG, name: 'front.png' },
        { bytes: PDF, name: 'back.pdf' },
      ],
    });
    expect(first.status, JSON.stringify(first.json)).toBe(200);
    const firstId = (first.json.documents as { id: string }[])[0]!.id;
    expect((await decide(firstId, { status: 'REFUSED', reason: 'DOCUMENT_HAS_EXPIRED' })).status).toBe(200);
    // The hook reached the app, which read the document back.
    expect(await kycOf(me.user.id)).toBe('FAILED');
    const refused = await state(me.token);
    expect(refused).toMatchObject({ kyc_status: 'FAILED', can_upload: true, documents: [{ id: firstId, status: 'REFUSED', refused_reason_message: 'The document has expired.' }] });
    // A decided document cannot be decided again.
    expect((await decide(firstId, { status: 'VALIDATED' })).status).toBe(404);

    const second = await upload(me.token);
    expect(second.status).toBe(200);
    const secondId = (second.json.documents as { id: string }[])[0]!.id;
    expect(secondId).not.toBe(firstId);
    expect((await decide(secondId, { status: 'VALIDATED' })).status).toBe(200);
    expect(await kycOf(me.user.id)).toBe('SUCCEDED');
    expect(await state(me.token)).toMatchObject({
      kyc_status: 'SUCCEDED',
      can_upload: false,
      documents: [
        { id: secondId, status: 'VALIDATED' },
        { id: firstId, status: 'REFUSED' },
      ],
    });
  });

  it.each([
    ['the terms not accepted', { terms: false }, 'accept_terms', 'Accept the terms to continue'],
    ['a chosen word not on the document', { idFirst: 'Maria', chosen: ['Astrid'] }, 'first_name', 'Choose at least one of Astrid'],
    ['no word chosen', { chosen: [] }, 'first_name', 'Choose at least one of Astrid'],
    ['a word not in the profile', { idFirst: 'Astrid Eva', chosen: ['Eva'] }, 'first_name', 'Choose at least one of Astrid'],
    ['no document name', { idLast: '  ' }, 'id_last_name', 'Required'],
    ['an ID card without its back', { type: 'ID_CARD' }, 'back', 'Choose the back side'],
    ['a driving licence without its back', { type: 'DRIVING_LICENCE' }, 'back', 'Choose the back side'],
    ['no file', { files: [] }, 'front', 'Choose the front side'],
    ['a text file', { files: [{ bytes: TEXT, name: 'passport.png' }] }, 'front', 'The file must be a GIF, JPEG, PNG or PDF'],
    ['an unknown document type', { type: 'LIBRARY_CARD' }, 'document_type', 'Required'],
  ])('refuses %s on its field and sends nothing', async (_what, u, field, message) => {
    const me = await hostWithAccount();
    const refused = await upload(me.token, u as Upload);
    expect(refused.status, JSON.stringify(refused.json)).toBe(400);
    expect(refused.json.errors?.find((e) => e.field === field)?.message, JSON.stringify(refused.json)).toBe(message);
    expect(await state(me.token)).toMatchObject({ kyc_status: 'UNVERIFIED', documents: [] });
  });

  it('answers 400, never 500, for a body that is no form, three files, or another validation type', async () => {
    const me = await hostWithAccount();
    const raw = await fetch(`${h.url}/api/mango/kyc/identity`, {
      method: 'POST',
      headers: { authorization: `Bearer ${me.token}`, 'content-type': 'multipart/form-data; boundary=x' },
      body: '--x\r\nbroken',
    });
    expect(raw.status).toBe(400);
    const json = await fetch(`${h.url}/api/mango/kyc/identity`, { method: 'POST', headers: { authorization: `Bearer ${me.token}`, 'content-type': 'application/json' }, body: '{}' });
    expect(json.status).toBe(400);
    const three = await upload(me.token, { files: [PNG, PNG, PNG].map((bytes) => ({ bytes, name: 'x.png' })) });
    expect(three.status).toBe(400);
    expect(await kycOf(me.user.id)).toBe('UNVERIFIED');
    expect((await fetch(`${h.url}/api/mango/kyc/identity`, { method: 'POST', body: new FormData() })).status).toBe(401);
  });

  it('hooks are read back: replayed 20 times they act once, and a forged one changes nothing', async () => {
    const me = await hostWithAccount();
    const sent = await upload(me.token);
    const id = (sent.json.documents as { id: string }[])[0]!.id;
    // A forged "succeeded" for a document still being checked: the provider says otherwise.
    expect((await h.call('GET', `/api/mango/hooks?EventType=KYC_SUCCEEDED&RessourceId=${id}&Date=1`)).status).toBe(200);
    expect(await kycOf(me.user.id)).toBe('PENDING');
    expect((await h.call('GET', '/api/mango/hooks?EventType=KYC_SUCCEEDED&RessourceId=kycdoc_unknown&Date=1')).status).toBe(200);
    expect((await decide(id, { status: 'VALIDATED' })).status).toBe(200);
    const replays = await Promise.all(Array.from({ length: 20 }, () => h.call('GET', `/api/mango/hooks?EventType=KYC_FAILED&RessourceId=${id}&Date=1`)));
    expect(replays.every((r) => r.status === 200)).toBe(true);
    expect(await kycOf(me.user.id)).toBe('SUCCEDED');
    expect((await h.call('GET', '/api/mango/hooks?EventType=KYC_SUCCEEDED')).status).toBe(400);
    expect((await h.call('GET', `/api/mango/hooks?EventType=KYC_SUCCEEDED&RessourceId=${encodeURIComponent('../users/x')}`)).status).toBe(400);
  });

  it('only an administrator decides in the sandbox desk, and nobody reads another host’s documents', async () => {
    const me = await hostWithAccount();
    const other = await hostWithAccount();
    const sent = await upload(me.token);
    const id = (sent.json.documents as { id: string }[])[0]!.id;
    expect((await h.call('POST', `/api/sandbox/mangopay/kyc/${id}`, { token: me.token, body: { status: 'VALIDATED' } })).status).toBe(403);
    expect((await h.call('GET', '/api/sandbox/mangopay/kyc', { token: me.token })).status).toBe(403);
    const desk = (await h.call('GET', '/api/sandbox/mangopay/kyc', { token: admin })).json as unknown as { id: string }[];
    expect(desk.map((d) => d.id)).toContain(id);
    expect((await state(other.token)).documents).toEqual([]);
    expect((await h.call('GET', '/api/mango/kyc')).status).toBe(401);
  });
});

describe('payouts wait for verified ID documents and a bank account', () => {
  it('the due payout waits with a to-do and one e-mail, and is paid on the next run once the host is verified', async () => {
    const { sweepBookings } = await import('@/marketplace/jobs/bookings-sweep');
    const { owner, ad } = await hostWithAd(h, { payoutReady: false });
    const { guest, conversationId } = await guestIn(h, ad.id);
    const offer = await h.call('POST', '/api/bookings', { token: owner.token, body: offerBody({ conversationId, guestId: guest.user.id, cottageId: ad.id, checkIn: inDays(40) }) });
    const bookingId = offer.json.id as number;
    await pay(h, guest.token, bookingId);
    await h.db
      .update(h.schema.bookings)
      .set({ checkIn: inDays(-2), checkOut: addDays(inDays(-2), 7) })
      .where(eq(h.schema.bookings.id, bookingId));
    const s = h.schema;
    const payout = async () =>
      (
        await h.db
          .select()
          .from(s.moneyIntents)
          .where(and(eq(s.moneyIntents.bookingId, bookingId), eq(s.moneyIntents.kind, 'PAYOUT')))
      )[0];
    const todo = async () =>
      (
        await h.db
          .select()
          .from(s.todos)
          .where(and(eq(s.todos.userId, owner.user.id), eq(s.todos.type, 'PAYOUT_WAITING')))
      )[0];
    const mails = async () => (await h.db.select().from(s.outbox).where(eq(s.outbox.to, owner.user.username))).filter((m) => m.subject === 'A payout is waiting for you on Stuga');

    await sweepBookings(h.db);
    await sweepBookings(h.db);
    expect((await payout())?.status).toBe('WAITING');
    expect((await h.db.select().from(s.bookings).where(eq(s.bookings.id, bookingId)))[0]!.paidOutAt).toBeNull();
    expect(await todo()).toMatchObject({ read: false });
    const sent = await mails();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toContain('Add your bank account (IBAN) in your payout details');
    expect(sent[0]!.text).toContain('Verify your identity with ID documents');
    const list = (await h.call('GET', '/api/user/todo', { token: owner.token })).json as unknown as { type: string; value: { read: boolean } }[];
    expect(list.find((t) => t.type === 'PAYOUT_WAITING')?.value.read).toBe(false);

    // The host adds the bank account (confirmed with SCA) and gets the ID approved; the next run pays.
    const saved = await h.call('PUT', '/api/user/host-information', {
      token: owner.token,
      body: { tin_number: '8504121230', iban: 'SE4550000000058398257466', owner: 'Astrid Lindqvist', accept_payment_terms: true, password: owner.user.password },
    });
    await sweepBookings(h.db);
    expect((await payout())?.status).toBe('WAITING');
    await passSca(h, owner.token, saved.json.sca_bank_action_url);
    await sweepBookings(h.db);
    expect((await payout())?.status).toBe('WAITING');
    const id = ((await upload(owner.token)).json.documents as { id: string }[])[0]!.id;
    await decide(id, { status: 'VALIDATED' });
    await sweepBookings(h.db);
    expect((await payout())?.status).toBe('SUCCEEDED');
    expect((await h.db.select().from(s.bookings).where(eq(s.bookings.id, bookingId)))[0]!.paidOutAt).not.toBeNull();
    expect(await todo()).toMatchObject({ read: true });
    expect(await mails()).toHaveLength(1);
  });
});
