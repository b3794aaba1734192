// Issue 14: the profile (SPEC §4 "Profile save", §5 "User and profile", §6): PUT /api/user with
// every rule and limit, the locks, the save confirmations (password, BankID) and authorisation.
import { eq } from 'drizzle-orm';
import { todayInStockholm } from '@/lib/rules/dates';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPLETE_PROFILE, host, startCottageApi } from './cottages-support';
import type { Harness } from './harness';
import { bankIdSignIn, profileBody } from './profile-support';

let h: Harness;
let stop: () => Promise<void>;
beforeAll(async () => {
  ({ h, stop } = await startCottageApi());
});
afterAll(async () => stop?.());

const rowOf = async (id: number) => (await h.db.select().from(h.schema.users).where(eq(h.schema.users.id, id)))[0]!;

async function softUser() {
  const user = await h.createUser({ password: null, firstName: null, lastName: null });
  const { createSession } = await import('@/marketplace/services/sessions');
  return { user, token: await createSession(h.db, user.id) };
}

/** The day `years` years (and `days` days) before today in Stockholm, the day the age rule counts from. */
const yearsAgo = (years: number, days = 0) => {
  const [y, m, d] = todayInStockholm().split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y - years, m - 1, d + days)).toISOString().slice(0, 10);
};

describe('PUT /api/user: a SOFT user saves directly, then sets a password', () => {
  it('stores every field, then ?authenticate=true makes the account STRICT and the profile complete', async () => {
    const { user, token } = await softUser();
    const body = profileBody(user.username, { phone_2: '+4612345678', hide_last_name: true, u_address2: 'c/o Berg', personal_number: '8504121230', tin_number: '8504121230' });
    const saved = await h.call('PUT', '/api/user', { token, body });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    expect(saved.json).toMatchObject({ first_name: 'Astrid', u_region: 'Stockholms län', phone_2: '+4612345678', hide_last_name: true, personal_number: '8504121230', type: 'SOFT' });
    expect(await rowOf(user.id)).toMatchObject({ firstName: 'Astrid', uAddress2: 'c/o Berg', tinNumber: '8504121230', type: 'SOFT', passwordHash: null });

    const mismatch = await h.call('PUT', '/api/user?authenticate=true', { token, body: { password: 'secret-1', confirm_password: 'secret-2' } });
    expect(mismatch.status).toBe(400);
    expect(mismatch.json.errors?.[0]).toEqual({ field: 'confirm_password', message: "Password doesn't match" });
    const short = await h.call('PUT', '/api/user?authenticate=true', { token, body: { password: 'abc12', confirm_password: 'abc12' } });
    expect(short.json.errors?.[0]).toEqual({ field: 'password', message: 'Password should have at least 6 characters' });
    const set = await h.call('PUT', '/api/user?authenticate=true', { token, body: { password: 'secret-1', confirm_password: 'secret-1' } });
    expect(set.status).toBe(200);
    expect(set.json.type).toBe('STRICT');
    expect((await h.login(user.username, 'secret-1')).status).toBe(200);
    const again = await h.call('PUT', '/api/user?authenticate=true', { token, body: { password: 'secret-2', confirm_password: 'secret-2' } });
    expect(again.status).toBe(400);
    expect(again.json.code).toBe('profile.passwordAlreadySet');
  });

  it('a sole trader gets the name as business name; a company needs name and organisation number; VAT only when registered', async () => {
    const { user, token } = await softUser();
    const sole = await h.call('PUT', '/api/user', { token, body: profileBody(user.username, { type_of_person: 'LEGAL', business_type: 'SOLETRADER', business_name: 'Something else' }) });
    expect(sole.status, JSON.stringify(sole.json)).toBe(200);
    expect(sole.json).toMatchObject({ type_of_person: 'LEGAL', business_type: 'SOLETRADER', business_name: 'Astrid Lindqvist' });

    const company = profileBody(user.username, {
      type_of_person: 'LEGAL',
      business_type: 'BUSINESS',
      business_name: 'Stugor AB',
      organization_number: '556677-8899',
      vat_registered: 'YES',
      vat_number: 'SE556677889901',
      vat_rate: 25.5,
    });
    const saved = await h.call('PUT', '/api/user', { token, body: company });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    expect(saved.json).toMatchObject({ business_name: 'Stugor AB', organization_number: '556677-8899', vat_registered: 'YES', vat_rate: 25.5 });
    expect(await rowOf(user.id)).toMatchObject({ vatRateTenths: 255 });

    const unregistered = await h.call('PUT', '/api/user', { token, body: { ...company, vat_registered: 'NO', vat_number: '', vat_rate: null } });
    expect(unregistered.json).toMatchObject({ vat_registered: 'NO', vat_number: null, vat_rate: null });
  });
});

describe('PUT /api/user: every rule of SPEC §5 answers 400 on its field and stores nothing', () => {
  const long = (n: number) => 'a'.repeat(n);
  // [what, extra body, field, English message] — each just past a limit, or malformed.
  const invalid: [string, Record<string, unknown>, string, string][] = [
    ['first name missing', { first_name: '' }, 'first_name', 'Required'],
    ['first name over 255', { first_name: long(256) }, 'first_name', 'Max number of chars: 255'],
    ['last name missing', { last_name: '  ' }, 'last_name', 'Required'],
    ['e-mail missing', { username: '' }, 'username', 'Email required'],
    ['e-mail malformed', { username: 'not-an-email' }, 'username', 'Invalid email'],
    ['confirmation differs', { confirm_username: 'other@example.com' }, 'confirm_username', "Email doesn't match."],
    ['birthday not a date', { birthday: '2001-02-30' }, 'birthday', 'Invalid date'],
    ['age under 18', { birthday: yearsAgo(18, 1) }, 'birthday', 'Age should be above 18'],
    ['birthday before the picker range', { birthday: '1916-12-31' }, 'birthday', 'Invalid age'],
    ['age over 100', { birthday: yearsAgo(101) }, 'birthday', 'Invalid age'],
    ['nationality not a country code', { nationality: 'Sweden' }, 'nationality', 'Required'],
    ['language not offered', { language: 'de' }, 'language', 'Required'],
    ['phone without plus', { phone_1: '0701234567' }, 'phone_1', 'Invalid phone number'],
    ['phone with 6 digits', { phone_1: '+123456' }, 'phone_1', 'Invalid phone number'],
    ['phone with 16 digits', { phone_1: `+${'1'.repeat(16)}` }, 'phone_1', 'Invalid phone number'],
    ['second phone malformed', { phone_2: '12' }, 'phone_2', 'Invalid phone number'],
    ['address over 40', { u_address1: long(41) }, 'u_address1', 'Max number of chars: 40'],
    ['C/O over 40', { u_address2: long(41) }, 'u_address2', 'Max number of chars: 40'],
    ['postal code of 9 digits', { u_postal_code: '123456789' }, 'u_postal_code', 'Max number of chars: 8'],
    ['postal code with letters', { u_postal_code: '1A345' }, 'u_postal_code', 'Only digits'],
    ['city missing', { u_city: '' }, 'u_city', 'Required'],
    ['region missing', { u_region: '' }, 'u_region', 'Required'],
    ['personal number with a wrong check digit', { personal_number: '8504121231' }, 'personal_number', 'Enter the personal number as YYMMDDNNNN (10 digits)'],
    ['personal number with 12 digits', { personal_number: '198504121230' }, 'personal_number', 'Enter the personal number as YYMMDDNNNN (10 digits)'],
    [
      'organisation number without dash',
      { type_of_person: 'LEGAL', business_type: 'BUSINESS', business_name: 'AB', organization_number: '5566778899' },
      'organization_number',
      'Enter the organisation number as XXXXXX-YYYY',
    ],
    ['company without organisation number', { type_of_person: 'LEGAL', business_type: 'ORGANIZATION', business_name: 'Förening' }, 'organization_number', 'Required'],
    ['company without name', { type_of_person: 'LEGAL', business_type: 'BUSINESS', organization_number: '556677-8899' }, 'business_name', 'Required'],
    ['company without type', { type_of_person: 'LEGAL' }, 'business_type', 'Required'],
    ['tax number of 9 characters', { nationality: 'NO', tin_number: '123456789' }, 'tin_number', 'The tax identification number must be 10 to 80 characters'],
    ['Swedish tax number not 10 digits', { tin_number: 'SE12345678' }, 'tin_number', 'For Swedish nationals the tax identification number is the 10-digit personal number'],
    ['VAT rate over 100', { vat_registered: 'YES', vat_number: 'SE1234567890', vat_rate: 100.1 }, 'vat_rate', 'Enter a VAT rate from 0 to 100 with at most one decimal'],
    ['VAT rate below 0', { vat_registered: 'YES', vat_number: 'SE1234567890', vat_rate: -1 }, 'vat_rate', 'Enter a VAT rate from 0 to 100 with at most one decimal'],
    ['VAT rate with two decimals', { vat_registered: 'YES', vat_number: 'SE1234567890', vat_rate: 25.25 }, 'vat_rate', 'Enter a VAT rate from 0 to 100 with at most one decimal'],
    ['VAT rate when not registered', { vat_registered: 'NO', vat_rate: 25 }, 'vat_rate', 'A VAT rate is only given when you are VAT registered'],
    ['VAT number of 4 characters', { vat_registered: 'YES', vat_number: 'SE12', vat_rate: 25 }, 'vat_number', 'Bad VAT format'],
  ];
  it.each(invalid)('%s', async (_what, extra, field, message) => {
    const { user, token } = await softUser();
    const before = await rowOf(user.id);
    const result = await h.call('PUT', '/api/user', { token, body: profileBody(user.username, extra) });
    expect(result.status).toBe(400);
    expect(result.json.errors).toContainEqual({ field, message });
    expect(await rowOf(user.id)).toEqual(before);
  });

  const valid: [string, Record<string, unknown>][] = [
    ['names of 255', { first_name: long(255), last_name: long(255) }],
    ['exactly 18 today', { birthday: yearsAgo(18) }],
    ['exactly 100 today', { birthday: yearsAgo(100) }],
    ['phone with 7 and 15 digits', { phone_1: '+1234567', phone_2: `+${'1'.repeat(15)}` }],
    ['postal code of 8 digits, address and C/O of 40', { u_postal_code: '12345678', u_address1: long(40), u_address2: long(40) }],
    ['VAT rate 0 and 100', { vat_registered: 'YES', vat_number: 'SE1234567890', vat_rate: 100 }],
    ['a non-Swedish tax number of 80', { nationality: 'NO', tin_number: long(80) }],
  ];
  it.each(valid)('accepts the boundary: %s', async (_what, extra) => {
    const { user, token } = await softUser();
    const result = await h.call('PUT', '/api/user', { token, body: profileBody(user.username, extra) });
    expect(result.status, JSON.stringify(result.json)).toBe(200);
  });

  it('answers in Swedish for a Swedish caller', async () => {
    const { user, token } = await softUser();
    const result = await h.call('PUT', '/api/user', { token, lang: 'sv', body: profileBody(user.username, { phone_1: '123' }) });
    expect(result.json.errors).toContainEqual({ field: 'phone_1', message: 'Ogiltigt telefonnummer' });
  });
});

describe('PUT /api/user: the show-phone option (SPEC §6: only hosts with a fixed-price ad)', () => {
  it('refuses a change of hide_phone_number without a fixed-price ad, changing nothing; allows it with one', async () => {
    const { user, token } = await softUser();
    expect((await h.call('GET', '/api/user', { token })).json.has_fixed_cottages).toBe(false);
    await h.db.insert(h.schema.cottages).values({ userId: user.id, commission: true });
    const before = await rowOf(user.id);
    const refused = await h.call('PUT', '/api/user', { token, body: profileBody(user.username, { hide_phone_number: true, u_city: 'Uppsala' }) });
    expect(refused.status).toBe(400);
    expect(refused.json.errors).toEqual([{ field: 'hide_phone_number', message: 'Only hosts with a fixed-price ad can choose this' }]);
    expect(await rowOf(user.id)).toEqual(before);
    expect((await h.call('PUT', '/api/user', { token, body: profileBody(user.username, { hide_phone_number: false }) })).status).toBe(200);

    await h.db.insert(h.schema.cottages).values({ userId: user.id, commission: false });
    const allowed = await h.call('PUT', '/api/user', { token, body: profileBody(user.username, { hide_phone_number: true }) });
    expect(allowed.status, JSON.stringify(allowed.json)).toBe(200);
    expect(allowed.json).toMatchObject({ hide_phone_number: true, has_fixed_cottages: true });
    expect((await rowOf(user.id)).hidePhoneNumber).toBe(true);
  });
});

describe('PUT /api/user: locks', () => {
  it('names locked unless can_change_name: a new value is refused, the same value passes', async () => {
    const { user, token } = await softUser();
    await h.db.update(h.schema.users).set({ firstName: 'Astrid', lastName: 'Lindqvist', birthday: '1985-04-12', nationality: 'SE', canChangeName: false }).where(eq(h.schema.users.id, user.id));
    const before = await rowOf(user.id);
    const changed = await h.call('PUT', '/api/user', { token, body: profileBody(user.username, { first_name: 'Greta', u_city: 'Uppsala' }) });
    expect(changed.status).toBe(400);
    expect(changed.json.errors).toEqual([{ field: 'first_name', message: 'This field cannot be changed' }]);
    expect(await rowOf(user.id)).toEqual(before);
    const same = await h.call('PUT', '/api/user', { token, body: profileBody(user.username, { u_city: 'Uppsala' }) });
    expect(same.status).toBe(200);
    expect(same.json.locked_fields).toEqual(expect.arrayContaining(['first_name', 'last_name', 'birthday', 'nationality', 'business_name']));
  });

  it.each(['PENDING', 'SUCCEDED'])('identity fields locked while KYC is %s', async (kycStatus) => {
    const { user, token } = await softUser();
    await h.db
      .update(h.schema.users)
      .set({ ...COMPLETE_PROFILE, kycStatus })
      .where(eq(h.schema.users.id, user.id));
    const result = await h.call('PUT', '/api/user', { token, body: profileBody(user.username, { birthday: '1985-04-13', personal_number: '8504121230' }) });
    expect(result.status).toBe(400);
    expect(result.json.errors).toEqual([
      { field: 'birthday', message: 'This field cannot be changed' },
      { field: 'personal_number', message: 'This field cannot be changed' },
    ]);
  });

  it('type of person is chosen once: a STRICT user cannot change it', async () => {
    const { user, token } = await host(h);
    const result = await h.call('PUT', '/api/user', { token, body: profileBody(user.username, { type_of_person: 'LEGAL', business_type: 'SOLETRADER', password: user.password }) });
    expect(result.status).toBe(400);
    expect(result.json.errors).toContainEqual({ field: 'type_of_person', message: 'This field cannot be changed' });
  });
});

describe('PUT /api/user: STRICT saves are confirmed', () => {
  it('without BankID: the password is required and checked', async () => {
    const { user, token } = await host(h);
    const body = profileBody(user.username, { u_city: 'Lund' });
    const missing = await h.call('PUT', '/api/user', { token, body });
    expect(missing.status).toBe(400);
    expect(missing.json.errors).toEqual([{ field: 'password', message: 'Please enter your password' }]);
    const wrong = await h.call('PUT', '/api/user', { token, body: { ...body, password: 'wrong-pass' } });
    expect(wrong.json.errors).toEqual([{ field: 'password', message: 'Password does not match' }]);
    expect((await rowOf(user.id)).uCity).toBe('Stockholm');
    const right = await h.call('PUT', '/api/user', { token, body: { ...body, password: user.password } });
    expect(right.status).toBe(200);
    expect((await rowOf(user.id)).uCity).toBe('Lund');
  });

  it("an e-mail change needs the confirmation, and another account's address is refused", async () => {
    const { user, token } = await host(h);
    const other = await h.createUser();
    const fresh = h.uniqueEmail('moved');
    const unconfirmed = await h.call('PUT', '/api/user', { token, body: profileBody(fresh, { password: user.password }) });
    expect(unconfirmed.json.errors).toEqual([{ field: 'confirm_username', message: "Email doesn't match." }]);
    const taken = await h.call('PUT', '/api/user', { token, body: profileBody(other.username, { confirm_username: other.username, password: user.password }) });
    expect(taken.status).toBe(400);
    expect(taken.json.errors).toEqual([{ field: 'username', message: 'A user with this email already exists' }]);
    const moved = await h.call('PUT', '/api/user', { token, body: profileBody(fresh, { confirm_username: fresh.toUpperCase(), password: user.password }) });
    expect(moved.status).toBe(200);
    expect((await rowOf(user.id)).username).toBe(fresh);
  });

  it('BankID-verified: a save needs a BankID sign-in in this session first', async () => {
    const { user, token } = await host(h);
    await h.db.update(h.schema.users).set({ bankidVerifiedAt: new Date() }).where(eq(h.schema.users.id, user.id));
    const body = profileBody(user.username, { u_city: 'Visby' });
    const first = await h.call('PUT', '/api/user', { token, body: { ...body, password: user.password } });
    expect(first.status).toBe(403);
    expect(first.json.code).toBe('profile.bankidRequired');
    const { login } = await bankIdSignIn(h, token, 'own');
    expect(login.json).toEqual({ message: 'success' });
    const second = await h.call('PUT', '/api/user', { token, body });
    expect(second.status, JSON.stringify(second.json)).toBe(200);
    expect((await rowOf(user.id)).uCity).toBe('Visby');
  });
});

describe('BankID sign-in (GET /api/auth/bankid/token, POST /api/auth/bankid/login)', () => {
  it('pending with a QR code, then success: the user is BankID-verified and the identity fields lock', async () => {
    const { user, token } = await host(h);
    const started = await h.call('GET', '/api/auth/bankid/token', { token });
    expect(started.status).toBe(200);
    expect(String(started.json.qr_svg)).toMatch(/^<svg/);
    expect(String(started.json.app_url)).toMatch(/^\/sandbox\/bankid\//);
    const pending = await h.call('POST', '/api/auth/bankid/login', { token, body: { token: started.json.token } });
    expect(pending.json).toMatchObject({ status: 'pending', hint_code: 'outstandingTransaction' });
    const { login } = await bankIdSignIn(h, token, 'own');
    expect(login.status).toBe(200);
    const row = await rowOf(user.id);
    expect(row.bankidVerifiedAt).toBeInstanceOf(Date);
    expect((await h.call('GET', '/api/user', { token })).json.locked_fields).toEqual(expect.arrayContaining(['first_name', 'last_name', 'birthday', 'nationality', 'personal_number']));
  });

  it('a mismatch lists the fields with both values (INFORMATION_MISSMATCH) and verifies nothing', async () => {
    const { user, token } = await host(h);
    const { login } = await bankIdSignIn(h, token, 'stranger');
    expect(login.status).toBe(400);
    expect(login.json).toMatchObject({ code: 'INFORMATION_MISSMATCH', message: 'The information from BankID does not match your profile' });
    expect(login.json.errors).toEqual([
      { field: 'first_name', message: 'Your first name in BankID does not match the first name in your profile', profile: 'Astrid', bankid: 'Sven' },
      { field: 'last_name', message: 'Your surname in BankID does not match the surname in your profile', profile: 'Lindqvist', bankid: 'Svensson' },
      { field: 'birthday', message: 'Your birth date in BankID does not match the birth date in your profile', profile: '1985-04-12', bankid: '1981-12-28' },
    ]);
    expect((await rowOf(user.id)).bankidVerifiedAt).toBeNull();
  });

  it.each([
    ['userCancel', 'The identification was cancelled in BankID.'],
    ['expiredTransaction', 'BankID did not answer in time. Please try again.'],
  ] as const)('%s answers its message', async (outcome, message) => {
    const { user, token } = await host(h);
    const { login } = await bankIdSignIn(h, token, outcome);
    expect(login.status).toBe(400);
    expect(login.json.message).toBe(message);
    expect((await rowOf(user.id)).bankidVerifiedAt).toBeNull();
  });

  it("a session is one user's: another user's token is 'There was an error contacting BankID'", async () => {
    const a = await host(h);
    const b = await host(h);
    const started = await h.call('GET', '/api/auth/bankid/token', { token: a.token });
    const stolen = await h.call('POST', '/api/auth/bankid/login', { token: b.token, body: { token: started.json.token } });
    expect(stolen.status).toBe(400);
    expect(stolen.json.message).toBe('There was an error contacting BankID');
  });
});

describe('authorisation', () => {
  it('signed out: 401; a body naming another user changes only the caller', async () => {
    const a = await host(h);
    const b = await host(h);
    expect((await h.call('PUT', '/api/user', { body: profileBody(a.user.username) })).status).toBe(401);
    const before = await rowOf(b.user.id);
    const result = await h.call('PUT', '/api/user', { token: a.token, body: { ...profileBody(a.user.username, { u_city: 'Kiruna', password: a.user.password }), id: b.user.id, user_id: b.user.id } });
    expect(result.status).toBe(200);
    expect(result.json.id).toBe(a.user.id);
    expect(await rowOf(b.user.id)).toEqual(before);
  });
});

describe('a new host with a company profile can send an offer (SPEC §6)', () => {
  it('refused while SOFT and incomplete, accepted once the company profile and the password are saved', async () => {
    const { inDays, guestIn, offerBody } = await import('./bookings-support');
    const { user, token } = await softUser();
    const [ad] = await h.db
      .insert(h.schema.cottages)
      .values({
        userId: user.id,
        titleSv: 'Fjällstugan',
        commission: true,
        commissionPercentage: 12,
        reviewedAt: new Date(),
        propertyDesignation: 'Åre Tegefjäll 1:2',
        addressStreet: 'Fjällvägen 1',
        addressPostalCode: '83752',
        addressCity: 'Åre',
      })
      .returning();
    const { guest, conversationId } = await guestIn(h, ad!.id);
    const offer = offerBody({ conversationId, guestId: guest.user.id, cottageId: ad!.id, checkIn: inDays(50) });
    const early = await h.call('POST', '/api/bookings', { token, body: offer });
    expect(early.status).toBe(400);
    expect(early.json.code).toBe('booking.profileIncomplete');

    const company = profileBody(user.username, {
      type_of_person: 'LEGAL',
      business_type: 'BUSINESS',
      business_name: 'Fjällstugor AB',
      organization_number: '556677-8899',
      vat_registered: 'YES',
      vat_number: 'SE556677889901',
      vat_rate: 25,
    });
    expect((await h.call('PUT', '/api/user', { token, body: company })).status).toBe(200);
    expect((await h.call('PUT', '/api/user?authenticate=true', { token, body: { password: 'company-1', confirm_password: 'company-1' } })).status).toBe(200);
    const sent = await h.call('POST', '/api/bookings', { token, body: offer });
    expect(sent.status, JSON.stringify(sent.json)).toBe(200);
  });
});
