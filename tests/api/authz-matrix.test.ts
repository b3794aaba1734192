// The generated authorisation matrix (issue 10): every route the app records (its OpenAPI document,
// built by Api.route and api.docs.add) × five roles × the host/guest pair's own resources.
// A route without a rule below fails the test, so a new route cannot ship without saying who may call it.
// Per (role, route): never ≥ 500; the expected status (and error code) for each role; a refused write
// changes nothing in its area; and an id that exists nowhere answers 404 to the would-be owner.
import { and, asc, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inDays, offerBody } from './bookings-support';
import { startCottageApi, TERMS_TICKED } from './cottages-support';
import type { Harness } from './harness';
import { card, CARDS } from './orders-support';
import { createOrderWorld, NO_SUCH_INTENT, NO_SUCH_SESSION, orderSnapshot, type OrderWorld } from './orders-world';
import { profileBody } from './profile-support';
import { createReviewWorld, reviewContent, reviewSnapshot, type ReviewWorld } from './reviews-world';
import { areaSnapshot, createWorld, fillPath, routeTable, send, uploadablePicture, type Answer, type Route, type World } from './security-support';

type Role = 'anonymous' | 'guest' | 'host' | 'otherHost' | 'admin';
type SignedRole = Exclude<Role, 'anonymous'>;
const SIGNED: SignedRole[] = ['guest', 'host', 'otherHost', 'admin'];
type Area = 'cottage' | 'conversation' | 'booking' | 'user' | 'review';

/** What a role gets: a status, the error code (`json.code`) when refused, and whether a 2xx may change the area. */
type Outcome = { status: number; code?: string; unchanged?: boolean };
type Params = Record<string, string | number>;

type Rule = {
  /** 'user': the route needs a session (anonymous gets 401); 'public': auth 'none' or 'optional'. */
  auth: 'user' | 'public';
  /** Whose data a write touches: compared before/after each refused write (and each `unchanged` success). */
  area?: Area;
  /** Per signed-in role; `others` for the ones not named. Public routes: `all` (anonymous included). */
  outcomes: Partial<Record<SignedRole | 'others' | 'all', Outcome>>;
  params?: (w: World, role: Role) => Params;
  query?: string;
  body?: (w: World, role: Role) => unknown;
  /** Raw bytes instead of JSON (the signed upload URLs). */
  raw?: () => Promise<Uint8Array>;
  /** Each role signs in anew and calls with that session (sign-out would end the matrix's own). */
  freshSession?: boolean;
  /** What a refused write must leave alone, where the area says too much (defaults to the area's snapshot). */
  watch?: (w: World) => Promise<unknown>;
  /** Extra assertions after a role's call. */
  after?: (w: World, role: Role, answer: Answer, token: string | null) => Promise<void>;
};

const ok: Outcome = { status: 200 };
const okUnchanged: Outcome = { status: 200, unchanged: true };
const notOwner: Outcome = { status: 400, code: 'errors.notOwner' };
const forbidden: Outcome = { status: 403, code: 'errors.forbidden' };
const invalidConversation: Outcome = { status: 404, code: 'chat.invalidConversation' };
const notFound: Outcome = { status: 404, code: 'errors.notFound' };
const bookingNotFound: Outcome = { status: 404, code: 'booking.notFound' };
const paymentNotFound: Outcome = { status: 404, code: 'booking.paymentNotFound' };

// Builders for the usual shapes.
/** One of the host's ads: only the host; everyone else 'User does not own room'. */
const hostsAd = (rule: Omit<Rule, 'auth' | 'outcomes'> & { host?: Outcome } = {}): Rule => ({
  auth: 'user',
  area: 'cottage',
  params: (w) => ({ id: w.ad.id }),
  ...rule,
  outcomes: { host: rule.host ?? ok, others: notOwner },
});
/** The guest↔host conversation: both participants; anyone else 'Invalid conversation'. */
const conversation = (rule: Omit<Rule, 'auth' | 'outcomes'> & { guest?: Outcome; host?: Outcome } = {}): Rule => ({
  auth: 'user',
  area: 'conversation',
  params: (w) => ({ id: w.conversationId }),
  ...rule,
  outcomes: { guest: rule.guest ?? ok, host: rule.host ?? ok, others: invalidConversation },
});
/** A booking between them: host and guest; anyone else 404 as if it did not exist. */
const booking = (rule: Omit<Rule, 'auth' | 'outcomes'> & { guest?: Outcome; host?: Outcome } = {}): Rule => ({
  auth: 'user',
  area: 'booking',
  params: (w) => ({ id: w.booking.id }),
  ...rule,
  outcomes: { guest: rule.guest ?? ok, host: rule.host ?? ok, others: bookingNotFound },
});
/** About the caller only: every signed-in role; others' writes must not touch the host/guest pair's data. */
const self = (rule: Omit<Rule, 'auth' | 'outcomes'> = {}): Rule => ({ auth: 'user', area: 'user', ...rule, outcomes: { guest: ok, host: ok, otherHost: okUnchanged, admin: okUnchanged } });
/** No session needed and none changes the answer. */
const open = (outcome: Outcome, rule: Omit<Rule, 'auth' | 'outcomes'> = {}): Rule => ({ auth: 'public', ...rule, outcomes: { all: outcome } });
/** The host's fixed-price ad and its orders (tests/api/orders-world.ts): only the host; a refused call leaves the ad and its orders alone. */
const adOrders = (rule: Omit<Rule, 'auth' | 'outcomes'> & { host?: Outcome } = {}): Rule => hostsAd({ params: () => ({ id: o.adId }), watch: () => orderSnapshot(h, o), ...rule });
const adminOnly = (rule: Omit<Rule, 'auth' | 'outcomes'> = {}): Rule => ({ auth: 'user', area: 'cottage', params: (w) => ({ id: w.ad.id }), ...rule, outcomes: { admin: ok, others: forbidden } });
/**
 * The reviews world (tests/api/reviews-world.ts): the guest wrote the reviews, the host is the one
 * reviewed, the other host a stranger; a refused call leaves every review and reply alone.
 */
const reviews = (outcomes: Rule['outcomes'], rule: Omit<Rule, 'auth' | 'outcomes'> = {}): Rule => ({ auth: 'user', area: 'review', ...rule, outcomes });
const notYours: Outcome = { status: 403, code: 'review.notYours' };
/** A review: its author and the reviewed host read it (once approved); only the author changes it; anyone else 404 as if it did not exist. */
const authorsReview = (rule: Omit<Rule, 'auth' | 'outcomes'> = {}, host: Outcome = notYours): Rule => reviews({ guest: ok, host, others: notFound }, rule);
/** A reply: the host who wrote it and the review's author read it; only the host changes it; anyone else 404. */
const hostsReply = (rule: Omit<Rule, 'auth' | 'outcomes'> = {}, guest: Outcome = notYours): Rule => reviews({ host: ok, guest, others: notFound }, rule);

const NO_SUCH_TOKEN = 'A'.repeat(43);
let feeds: { toSync: number; toDelete: number };

const rules: Record<string, Rule> = {
  // --- auth: public; the same answer whoever calls
  'POST /api/auth/login': open(ok, { body: (w) => ({ username: w.bystander.username, password: w.bystander.password }) }),
  'GET /api/auth/logout': {
    auth: 'public',
    freshSession: true,
    outcomes: { all: ok },
    after: async (w, role, _answer, token) => {
      // The signed-out session is over; the matrix's own session of that role is not.
      if (token) expect((await send(h, 'GET', '/api/user', { token })).status, `${role}'s signed-out session`).toBe(401);
    },
  },
  'POST /api/auth/token': open({ status: 400 }, { body: () => ({ token: NO_SUCH_TOKEN }) }),
  'POST /api/auth/request-reset-password': open(ok, { body: (w) => ({ username: w.bystander.username }) }),
  'POST /api/auth/reset-password': open({ status: 400 }, { body: () => ({ hash: NO_SUCH_TOKEN, password: 'new-secret-1' }) }),
  'GET /api/user/resetPassword/:token': open({ status: 404, code: 'errors.invalidResetLink' }, { params: () => ({ token: NO_SUCH_TOKEN }) }),
  'POST /api/user/checkUsername': open(ok, { body: (w) => ({ username: w.bystander.username }) }),
  'POST /api/user/send-auth-token': open(ok, { body: (w) => ({ username: w.bystander.username }) }),
  'POST /api/user': open(ok, { query: '?autenticate=yes', body: (_w, role) => ({ username: `matrix-${role}-${process.pid}-${Date.now().toString(36)}@example.com` }) }),

  // --- the caller's own account
  'GET /api/user': self(),
  'PUT /api/user': self({ body: (_w, role) => (role === 'anonymous' ? {} : profileBody(userOf(role).username, { password: 'secret-pass-1' })) }),
  'DELETE /api/user': { auth: 'user', area: 'user', body: () => ({ confirm: true, phrase: 'not the phrase' }), outcomes: { others: { status: 400, code: 'profile.deletePhrase' } } },
  'GET /api/user/export': self(),
  // A body no rule accepts: every role is refused on its own account (incomplete profile or the IBAN), nothing stored.
  'PUT /api/user/host-information': { auth: 'user', area: 'user', body: () => ({ iban: 'SE00 0000', owner: '', tin_number: '1' }), outcomes: { others: { status: 400 } } },
  'GET /api/auth/bankid/token': self(),
  'POST /api/auth/bankid/login': { auth: 'user', area: 'user', body: () => ({ token: NO_SUCH_TOKEN }), outcomes: { others: { status: 400, code: 'cottage.bankidError' } } },
  'PUT /api/user/change-password': self({ body: () => ({ old_password: 'secret-pass-1', password: 'secret-pass-1' }) }),
  'GET /api/user/todo': self(),
  // KYC: the caller's own documents; a JSON body is no identity form (400 for everyone, nothing sent).
  'GET /api/mango/kyc': self(),
  'POST /api/mango/kyc/identity': { auth: 'user', area: 'user', body: () => ({}), outcomes: { others: { status: 400 } } },
  'GET /api/mango/hooks': open(ok, { query: '?EventType=KYC_SUCCEEDED&RessourceId=kycdoc_none' }),
  // SCA of the payout account: only the caller's own recipient (none here: 404, resume 400 'Missing recipient id').
  'GET /api/mango/recipients/:rid/status': { auth: 'user', area: 'user', params: () => ({ rid: 'rcpt_none' }), outcomes: { others: { status: 404 } } },
  'POST /api/mango/recipients/resume': { auth: 'user', area: 'user', outcomes: { others: { status: 400, code: 'sca.missingRecipient' } } },
  'GET /api/user/bank-status': self(),
  // DAC7: the caller's own payouts only (the matrix's users have none: an empty list and an empty report).
  'GET /api/dac-seven/available-years': self(),
  'GET /api/dac-seven/info/:year': self({ params: () => ({ year: 2026 }) }),
  'POST /api/user/sca-enroll': { auth: 'user', area: 'user', body: () => ({ sca_return_url: '/dashboard/profile/sca-enroll' }), outcomes: { others: { status: 400, code: 'sca.noMangoUser' } } },
  'GET /api/mango/user': { auth: 'user', area: 'user', outcomes: { others: { status: 400, code: 'sca.noMangoUser' } } },
  // Marks the caller's own to-do: the guest's to-do about the booking stays unread for anyone else.
  'PATCH /api/user/todo': {
    auth: 'user',
    area: 'user',
    watch: (w) => h.db.select().from(h.schema.todos).where(eq(h.schema.todos.userId, w.guest.user.id)).orderBy(asc(h.schema.todos.id)),
    body: (w) => ({ type: w.guestTodo?.type ?? 'PENDING_BOOKING', id: w.guestTodo?.refId ?? w.booking.id }),
    outcomes: { guest: ok, host: okUnchanged, otherHost: okUnchanged, admin: okUnchanged },
  },
  'GET /api/user/events': self(),
  'POST /api/user/events': self({ body: () => ({ type: 'matrix.shown', data: { dialog: 'x' } }) }),
  'GET /api/news': self(),
  'GET /api/news/:id': self({ params: (w) => ({ id: w.newsId }) }),
  'POST /api/errors': open(ok, { body: () => ({ message: 'matrix', path: '/dashboard' }) }),
  'GET /api/flags': open(ok),
  'GET /api/openapi.json': open(ok),

  // --- sandbox: only with STUGA_SANDBOX=1 (set by the tests); no session, the same for everyone
  'GET /api/dev/outbox': open(ok),
  'GET /api/sandbox/mangopay/payins/:id': open(ok, { params: (w) => ({ id: w.payinId }) }),
  // A pay-in that does not exist (a real one is closed by the first call, which would make the roles differ).
  'POST /api/sandbox/mangopay/payins/:id/card': open(
    { status: 400 },
    { params: () => ({ id: 'sbx_payin_doesnotexist00' }), body: () => ({ card_number: '4970105191923460', expiry: '12/39', cvc: '123' }) },
  ),
  'POST /api/sandbox/mangopay/payins/:id/secure': open({ status: 400 }, { params: () => ({ id: 'sbx_payin_doesnotexist00' }), body: () => ({ approve: true }) }),
  'POST /api/sandbox/mangopay/payins/:id/cancel': open({ status: 400 }, { params: () => ({ id: 'sbx_payin_doesnotexist00' }) }),
  // The MangoPay emulation's compliance desk: administrators only.
  'GET /api/sandbox/mangopay/kyc': { auth: 'user', area: 'user', outcomes: { admin: ok, others: forbidden } },
  'POST /api/sandbox/mangopay/kyc/:id': {
    auth: 'user',
    area: 'user',
    params: () => ({ id: 'kycdoc_none' }),
    body: () => ({ status: 'VALIDATED' }),
    outcomes: { admin: { status: 404 }, others: forbidden },
  },
  // The emulation's SCA page: the caller's own recipient only.
  'POST /api/sandbox/mangopay/sca/:id': { auth: 'user', area: 'user', params: () => ({ id: 'rcpt_none' }), body: () => ({ pass: true }), outcomes: { others: { status: 404 } } },
  // The sandbox BankID page: the session's own user only.
  'GET /api/sandbox/bankid/:token': { auth: 'user', area: 'cottage', params: (w) => ({ token: w.bankidToRead }), outcomes: { host: ok, others: notFound } },
  'POST /api/sandbox/bankid/:token': { auth: 'user', area: 'cottage', params: (w) => ({ token: w.bankidToAnswer }), body: () => ({ fail: true }), outcomes: { host: ok, others: notFound } },

  // --- public catalogue
  'GET /api/regions': open(ok),
  'GET /api/cities': open(ok),
  'GET /api/public/cottages/tags': open(ok),
  'GET /api/public/cottages/:id': open(ok, { params: (w) => ({ id: w.ad.id }), query: '?count=0' }),
  'GET /api/img/:filename': open(ok, { params: (w) => ({ filename: w.adImageFilename }), query: '?w=136&h=136&fit=crop' }),
  'GET /api/cancellation-policies': open(ok),
  'GET /api/payments/return': open(paymentNotFound, { query: '?transactionId=doesnotexist' }),
  'GET /api/payments/hook': open(paymentNotFound, { query: '?EventType=PAYIN_NORMAL_SUCCEEDED&RessourceId=doesnotexist' }),

  // --- the caller's own ads and tags
  'GET /api/cottages': self(),
  'POST /api/cottages': { ...self({ body: () => ({}) }), area: 'cottage' },
  'GET /api/cottages/tags': self(),
  'POST /api/cottages/tags': self({ body: (_w, role) => ({ tag: `matrix ${role}` }) }),
  'GET /api/cottages/rentable': self(),

  // --- one of the host's ads
  'GET /api/cottages/:id': hostsAd(),
  'PUT /api/cottages/:id': hostsAd({ params: (w) => ({ id: w.draft.id }), body: () => ({ title_sv: 'Ny rubrik', description_sv: 'Ny text' }) }),
  'DELETE /api/cottages/:id': hostsAd({ params: (w) => ({ id: w.doomed.id }) }),
  'POST /api/cottages/:id/commission': hostsAd({ params: (w) => ({ id: w.draft.id }), body: () => ({ commission: false }) }),
  'POST /api/cottages/:id/send-for-review': hostsAd({ body: () => ({ general_conditions: true, booking_terms: true, no_contact_outside: true }) }),
  'POST /api/cottages/:id/hide': hostsAd({ params: (w) => ({ id: w.shown.id }) }),
  'POST /api/cottages/:id/activate': hostsAd({ params: (w) => ({ id: w.shown.id }) }),
  'POST /api/cottages/:id/verify': hostsAd({ params: (w) => ({ id: w.draft.id }), body: () => ({}) }),
  'GET /api/cottages/:id/stats': hostsAd(),
  'GET /api/cottages/:id/calendar': hostsAd(),
  'PUT /api/cottages/:id/calendar': hostsAd({ body: () => ({ ranges: [{ from: inDays(1), to: inDays(30), state: 5 }] }) }),
  'GET /api/cottages/:id/lastminutes': hostsAd(),
  'POST /api/cottages/:id/lastminutes': hostsAd({ body: () => ({ from_date: inDays(10), to_date: inDays(12), price: 120_000 }) }),
  'DELETE /api/cottages/:id/lastminutes/:lid': hostsAd({ params: (w) => ({ id: w.ad.id, lid: w.dealToDeleteId }) }),
  'POST /api/cottages/:id/images/upload': hostsAd({ body: () => ({ fileName: 'matrix.jpg' }) }),
  'POST /api/cottages/:id/images': hostsAd({ body: (w) => ({ filename: w.unregisteredImage }) }),
  'GET /api/cottages/:id/images': hostsAd(),
  'GET /api/cottages/:id/images/': hostsAd(),
  'GET /api/cottages/:id/images/:imageId': hostsAd({ params: (w) => ({ id: w.ad.id, imageId: w.adImageId }) }),
  'PUT /api/cottages/:id/images/:imageId': hostsAd({ params: (w) => ({ id: w.ad.id, imageId: w.adImageId }), body: () => ({ comment_sv: 'Utsikt' }) }),
  'DELETE /api/cottages/:id/images/:imageId': hostsAd({ params: (w) => ({ id: w.ad.id, imageId: w.imageToDeleteId }) }),
  'PUT /api/cottages/:id/images_reorder': hostsAd({ body: () => ({ ids: currentImageIds.slice().reverse() }) }),
  // The signed upload URL of a ticket issued to the host: its bytes from anyone else are refused.
  'PUT /api/uploads/:token': { auth: 'user', area: 'cottage', params: (w) => ({ token: w.imageUploadToken }), raw: uploadablePicture, outcomes: { host: ok, others: forbidden } },

  // --- administrators
  'POST /api/cottages/:id/approve': adminOnly(),
  'GET /api/admin/cottages/:id': adminOnly(),

  // --- conversations
  'GET /api/conversations': self(),
  // Any signed-in user may contact the host of a public ad, except the host.
  'POST /api/conversations': {
    auth: 'user',
    area: 'conversation',
    body: (w) => ({ cottage_id: w.ad.id, text: 'Hej igen!' }),
    outcomes: { guest: ok, host: { status: 400, code: 'chat.ownAd' }, otherHost: okUnchanged, admin: okUnchanged },
  },
  'GET /api/conversations/:id': conversation(),
  'GET /api/conversations/:id/messages': conversation(),
  'POST /api/conversations/:id/messages': conversation({ body: () => ({ text: 'Matrix' }) }),
  'DELETE /api/conversations/:id/messages/:mid': conversation({
    params: (w) => ({ id: w.conversationId, mid: w.guestMessageId }),
    host: { status: 403, code: 'chat.notYourMessage' },
  }),
  'POST /api/conversations/:id/messages/:mid/seen': conversation({ params: (w) => ({ id: w.conversationId, mid: w.hostMessageId }) }),
  'POST /api/conversations/:id/tag': conversation({ body: () => ({ tags: [1] }) }),
  'GET /api/conversations/:id/can-ask-for-review': conversation(),
  // No stay has ended: the participants are refused on the rule, the others on the conversation.
  'POST /api/conversations/:id/messages/ask-for-review': conversation({
    body: () => ({}),
    guest: { status: 400, code: 'chat.cannotAskForReview' },
    host: { status: 400, code: 'chat.cannotAskForReview' },
  }),
  // The guest rates the host (once); the host cannot rate themself.
  'POST /api/conversations/:id/review': conversation({ body: () => ({ recommended: true }), host: { status: 400, code: 'chat.cannotReview' } }),
  'POST /api/conversations/:id/upload': conversation({ body: () => ({ fileName: 'matrix.pdf' }) }),
  // The signed URL of a ticket issued to the guest.
  'PUT /api/conversation-uploads/:token': {
    auth: 'user',
    area: 'conversation',
    params: (w) => ({ token: w.chatUploadToken }),
    raw: async () => new Uint8Array(Buffer.from('%PDF-1.4 matrix')),
    outcomes: { guest: ok, others: forbidden },
  },
  'POST /api/conversations/:id/files': conversation({
    body: (w) => ({ path: w.unregisteredChatFile, fileName: 'matrix.pdf' }),
    host: { status: 400, code: 'chat.uploadFailed' },
  }),
  'GET /api/conversations/:id/files/:fid': conversation({ params: (w) => ({ id: w.conversationId, fid: w.fileId }) }),
  'GET /api/tags': self(),
  'POST /api/tags': self({ body: (_w, role) => ({ tag: `Matrix ${role}` }) }),

  // --- bookings
  'POST /api/bookings': {
    auth: 'user',
    area: 'booking',
    body: (w) => offerBody({ conversationId: w.conversationId, guestId: w.guest.user.id, cottageId: w.ad.id, checkIn: inDays(100), checkOut: inDays(103) }),
    outcomes: { host: ok, guest: { status: 403, code: 'booking.onlyHost' }, others: invalidConversation },
  },
  'GET /api/bookings/:id': booking(),
  'PUT /api/bookings/:id': booking({ body: () => ({ booking_expiration_date: inDays(38) }), guest: { status: 403, code: 'booking.notAllowed' } }),
  // :id is the ad here.
  'POST /api/bookings/:id/overlap': {
    auth: 'user',
    area: 'booking',
    params: (w) => ({ id: w.ad.id }),
    body: () => ({ check_in: inDays(40), check_out: inDays(45) }),
    outcomes: { host: ok, others: notOwner },
  },
  'PUT /api/bookings/:id/cancel': booking({
    // Each party cancels an offer of its own (the first cancel would leave nothing for the second).
    params: (w, role) => ({ id: role === 'host' ? w.bookingHostCancels.id : w.bookingGuestCancels.id }),
    body: () => ({ cancellation_reason: 'Matrix' }),
  }),
  'POST /api/bookings/:id/payment': booking({
    params: (w) => ({ id: w.bookingToPay.id }),
    body: () => ({ card_type: 'CB_VISA_MASTERCARD', accept_terms: true }),
    host: { status: 403, code: 'booking.onlyGuest' },
  }),
  'GET /api/conversations/:id/bookings': conversation({ area: 'booking' }),
  'GET /api/user/bookings/:id': booking(),
  'GET /api/user/bookings': self(),

  // --- calendar sync (issue 18): the host's ad only; the export feed is public but needs its secret
  'GET /api/cottages/:id/feeds': hostsAd(),
  'POST /api/cottages/:id/feeds': hostsAd({ body: () => ({ name: 'Matrix', url: 'http://127.0.0.1:9/matrix.ics' }) }),
  'POST /api/cottages/:id/feeds/:fid/sync': hostsAd({ params: (w) => ({ id: w.ad.id, fid: feeds.toSync }) }),
  'DELETE /api/cottages/:id/feeds/:fid': hostsAd({ params: (w) => ({ id: w.ad.id, fid: feeds.toDelete }) }),
  'POST /api/cottages/:id/ical/revoke': hostsAd(),
  'GET /api/cottages/:id/stay-rules': hostsAd(),
  'PUT /api/cottages/:id/stay-rules': hostsAd({ body: () => ({ rules: [] }) }),
  'GET /api/public/cottages/:id/stay-rules': open(ok, { params: (w) => ({ id: w.ad.id }) }),
  'GET /api/ical/:cottageId/:file': open(notFound, { params: (w) => ({ cottageId: w.ad.id, file: `${'A'.repeat(32)}.ics` }) }),

  // --- ad products, orders and their payment (issue 16): the host's fixed-price ad, an order of its own per call
  'GET /api/cottages/:id/products': adOrders(),
  'POST /api/cottages/:id/orders': adOrders({ body: () => ({ productIds: [10, 6], ...TERMS_TICKED }) }),
  'PUT /api/cottages/:id/orders/:oid': adOrders({ params: () => ({ id: o.adId, oid: o.orderToEdit }), body: () => ({ productIds: [10, 6, 7] }) }),
  'GET /api/cottages/:id/orders/:oid/status': adOrders({ params: () => ({ id: o.adId, oid: o.orderToRead }) }),
  'GET /api/cottages/:id/orders/:oid/pay': adOrders({ params: () => ({ id: o.adId, oid: o.orderToRead }) }),
  'POST /api/cottages/:id/orders/:oid/pay': adOrders({ params: () => ({ id: o.adId, oid: o.orderToPay }), body: () => ({ amount: 29_500, source: 'card' }) }),
  // Invoices are off: the host is refused on the rule, the others on the ad.
  'POST /api/cottages/:id/orders/:oid/invoice': adOrders({ params: () => ({ id: o.adId, oid: o.orderToRead }), host: { status: 400, code: 'order.invoiceUnavailable' } }),
  'POST /api/cottages/:id/orders/:oid/checkout': adOrders({ params: () => ({ id: o.adId, oid: o.orderToCheckout }) }),
  // Stripe's events: no session, only a valid signature (none here: 400 for everyone, nothing acted on).
  'POST /api/stripe/webhook': open(
    { status: 400, code: 'order.badSignature' },
    {
      area: 'cottage',
      watch: () => orderSnapshot(h, o),
      body: () => ({
        id: 'evt_matrix',
        object: 'event',
        type: 'checkout.session.completed',
        data: { object: { id: o.sessionToRead, object: 'checkout.session', metadata: { order_id: String(o.orderToRead) } } },
      }),
    },
  ),
  // Receipts: the caller's own (an order gone to payment is the host's receipt); anyone else 404 as if it did not exist.
  'GET /api/user/orders': self(),
  'GET /api/user/orders/:id': { auth: 'user', area: 'user', params: () => ({ id: o.receiptOrder }), outcomes: { host: ok, others: notFound } },
  // The Stripe sandbox's hosted pages: no session, the same for everyone (a session that does not exist for the state-spending calls).
  'GET /api/sandbox/stripe/checkout/:id': open(ok, { params: () => ({ id: o.sessionToRead }) }),
  'POST /api/sandbox/stripe/checkout/:id/card': open({ status: 400, code: 'sandbox.checkoutClosed' }, { params: () => ({ id: NO_SUCH_SESSION }), body: () => card(CARDS.success) }),
  'POST /api/sandbox/stripe/checkout/:id/secure': open({ status: 400, code: 'sandbox.checkoutClosed' }, { params: () => ({ id: NO_SUCH_SESSION }), body: () => ({ approve: true }) }),
  // Back to the shop: the session stays open (as on Stripe), so every role gets the same answer.
  'POST /api/sandbox/stripe/checkout/:id/cancel': open(ok, { params: () => ({ id: o.sessionToRead }) }),
  'POST /api/sandbox/stripe/payment_intents/:id/confirm': open({ status: 400, code: 'sandbox.checkoutClosed' }, { params: () => ({ id: NO_SUCH_INTENT }), body: () => card(CARDS.success) }),

  // --- reviews of finished stays and the hosts' replies (issue 17): the guest's stays at the host's second ad
  // Each caller's own reviews and the approved reviews of their ads: the strangers see none of the pair's.
  'GET /api/user/reviews': reviews(
    { others: ok },
    {
      query: '?limit=50',
      after: async (_w, role, answer) => {
        if (role === 'anonymous') return;
        const listed = ((answer.json.results ?? []) as { id: number; mine: boolean }[]).filter((r) => r.id === rv.reviewToRead);
        expect(listed, 'the approved review with a reply').toEqual(role === 'guest' ? [expect.objectContaining({ mine: true })] : role === 'host' ? [expect.objectContaining({ mine: false })] : []);
      },
    },
  ),
  // Only someone with a finished stay at the ad that has no review yet; everyone else is refused on that rule.
  'POST /api/user/reviews': reviews({ guest: ok, others: { status: 400, code: 'review.notAllowed' } }, { body: () => ({ ...reviewContent(), cottage_id: rv.adId, booking_id: rv.stayToReview }) }),
  // A question anyone signed in may ask: yes only for the guest's open stay.
  'GET /api/user/reviews/is-allowed/:cottageId/:bookingId': reviews(
    { others: ok },
    {
      params: () => ({ cottageId: rv.adId, bookingId: rv.stayOpen }),
      after: async (_w, role, answer) => {
        if (role !== 'anonymous')
          expect(answer.json).toEqual(
            role === 'guest' ? expect.objectContaining({ allowed: true, booking_id: rv.stayOpen }) : { allowed: false, reviewed: false, booking_id: null, cottage_title: null },
          );
      },
    },
  ),
  'GET /api/user/reviews/is-allowed/:cottageId': reviews(
    { others: ok },
    {
      params: () => ({ cottageId: rv.adId }),
      after: async (_w, role, answer) => {
        if (role !== 'anonymous') expect(answer.json.allowed, 'allowed').toBe(role === 'guest');
      },
    },
  ),
  'GET /api/user/reviews/reply/:id': hostsReply({ params: () => ({ id: rv.replyToRead }) }, ok),
  // Only the reviewed host replies; the review's author is refused on that rule, the strangers on the review.
  'POST /api/user/reviews/reply/:id': reviews(
    { host: ok, guest: { status: 403, code: 'review.onlyReviewedHost' }, others: notFound },
    { params: () => ({ id: rv.reviewToReplyTo }), body: () => ({ body: 'Tack för fina ord, välkomna tillbaka!' }) },
  ),
  'PUT /api/user/reviews/reply/:id': hostsReply({ params: () => ({ id: rv.replyToEdit }), body: () => ({ body: 'Tack för besöket, hoppas vi ses igen!' }) }),
  'DELETE /api/user/reviews/reply/:id': hostsReply({ params: () => ({ id: rv.replyToDelete }) }),
  'GET /api/user/reviews/:id': authorsReview({ params: () => ({ id: rv.reviewToRead }) }, ok),
  'PUT /api/user/reviews/:id': authorsReview({ params: () => ({ id: rv.reviewToEdit }), body: () => reviewContent('Ändrad text om vår vecka vid sjön.') }),
  'DELETE /api/user/reviews/:id': authorsReview({ params: () => ({ id: rv.reviewToDelete }) }),
  // The public ad: its approved reviews with their approved replies, the same for everyone.
  'GET /api/public/cottages/:id/reviews': open(ok, {
    params: () => ({ id: rv.adId }),
    after: async (_w, role, answer) => {
      const shown = (answer.json.results as { id: number; reply: { body: string } | null }[]).find((r) => r.id === rv.reviewToRead);
      expect(shown?.reply?.body, `${role}: the approved review and its approved reply`).toBe('Tack så mycket för besöket, välkomna åter!');
      const waiting = await h.db
        .select({ id: h.schema.reviews.id })
        .from(h.schema.reviews)
        .where(and(eq(h.schema.reviews.cottageId, rv.adId), isNull(h.schema.reviews.reviewedAt)));
      expect(waiting.length, 'reviews of the ad waiting for approval').toBeGreaterThan(0);
      expect(
        (answer.json.results as { id: number }[]).filter((r) => waiting.some((x) => x.id === r.id)).map((r) => r.id),
        `${role}: reviews waiting for approval`,
      ).toEqual([]);
    },
  }),
  // Administrators approve or reject; a decision by anyone else changes nothing.
  'GET /api/admin/reviews': reviews({ admin: ok, others: forbidden }),
  'POST /api/admin/reviews/:id': reviews(
    { admin: ok, others: forbidden },
    {
      params: () => ({ id: rv.reviewToDecide }),
      body: () => ({ approve: true }),
      after: async (_w, role) => {
        const [row] = await h.db.select().from(h.schema.reviews).where(eq(h.schema.reviews.id, rv.reviewToDecide));
        expect(Boolean(row?.reviewedAt), `approved after ${role}'s call`).toBe(role === 'admin');
      },
    },
  ),
  'POST /api/admin/reviews/reply/:id': reviews(
    { admin: ok, others: forbidden },
    {
      params: () => ({ id: rv.replyToDecide }),
      body: () => ({ approve: true }),
      after: async (_w, role) => {
        const [row] = await h.db.select().from(h.schema.reviewReplies).where(eq(h.schema.reviewReplies.id, rv.replyToDecide));
        expect(Boolean(row?.reviewedAt), `approved after ${role}'s call`).toBe(role === 'admin');
      },
    },
  ),
};

let h: Harness;
let stop: () => Promise<void>;
let w: World;
let o: OrderWorld;
let rv: ReviewWorld;
let routes: Route[];
let currentImageIds: number[] = [];
const tokens = new Map<Role, string | null>();

beforeAll(async () => {
  ({ h, stop } = await startCottageApi());
  w = await createWorld(h);
  o = await createOrderWorld(h, w.owner);
  rv = await createReviewWorld(h, w);
  // Two imported feeds of the host's ad (a closed local port: fetching them fails at once).
  const made = await h.db
    .insert(h.schema.calendarFeeds)
    .values([
      { cottageId: w.ad.id, name: 'Sync', url: 'http://127.0.0.1:9/sync.ics' },
      { cottageId: w.ad.id, name: 'Delete', url: 'http://127.0.0.1:9/delete.ics' },
    ])
    .returning({ id: h.schema.calendarFeeds.id });
  feeds = { toSync: made[0]!.id, toDelete: made[1]!.id };
  routes = routeTable(h);
  tokens.set('anonymous', null);
  tokens.set('guest', w.guest.token);
  tokens.set('host', w.owner.token);
  tokens.set('otherHost', w.otherHost.token);
  tokens.set('admin', w.admin.token);
}, 120_000);
let calls = 0;
afterAll(async () => {
  if (calls) console.log(`authz matrix: ${routes.length} routes × 5 roles = ${calls} calls`);
  await stop?.();
});

const userOf = (role: SignedRole) => ({ guest: w.guest, host: w.owner, otherHost: w.otherHost, admin: w.admin })[role].user;

function outcomeFor(rule: Rule, role: Role): Outcome {
  if (rule.outcomes.all) return rule.outcomes.all;
  if (role === 'anonymous') return { status: 401, code: 'errors.unauthorized' };
  const outcome = rule.outcomes[role] ?? rule.outcomes.others;
  if (!outcome) throw new Error(`no outcome for ${role}`);
  return outcome;
}

const isWrite = (route: Route) => route.method !== 'GET';
const refused = (o: Outcome) => o.status >= 400;

async function callAs(route: Route, rule: Rule, role: Role, overrideParams?: Params) {
  let token = tokens.get(role) ?? null;
  if (rule.freshSession && role !== 'anonymous') {
    const user = userOf(role);
    token = (await h.login(user.username, user.password!)).token;
  }
  const params = overrideParams ?? rule.params?.(w, role) ?? {};
  const path = fillPath(route.path, params) + (rule.query ?? '');
  if (route.key === 'PUT /api/cottages/:id/images_reorder') {
    const rows = await h.db.select({ id: h.schema.cottageImages.id }).from(h.schema.cottageImages).where(eq(h.schema.cottageImages.cottageId, w.ad.id));
    currentImageIds = rows.map((r) => r.id).sort((a, b) => a - b);
  }
  if (rule.raw) return { answer: await send(h, route.method, path, { token, raw: await rule.raw(), contentType: 'application/octet-stream' }), token };
  const body = rule.body?.(w, role);
  return { answer: await send(h, route.method, path, { token, json: body ?? (route.body ? {} : undefined) }), token };
}

describe('the authorisation matrix', () => {
  it('has a rule for every route the app records, and no rule for a route that is gone', () => {
    const keys = routes.map((r) => r.key);
    expect(keys.length).toBeGreaterThan(80);
    expect(
      keys.filter((k) => !rules[k]),
      'routes without a rule',
    ).toEqual([]);
    expect(
      Object.keys(rules).filter((k) => !keys.includes(k)),
      'rules without a route',
    ).toEqual([]);
    // The rule's auth is the route's: a route that stops needing a session (or starts) must be looked at again.
    expect(routes.filter((r) => rules[r.key] && rules[r.key]!.auth !== r.auth).map((r) => `${r.key}: app says ${r.auth}`)).toEqual([]);
  });
});

describe('every route × every role, on the host/guest pair’s own resources', () => {
  for (const key of Object.keys(rules)) {
    it(key, async () => {
      const route = routes.find((r) => r.key === key);
      expect(route, 'the route is gone (see the rule table test)').toBeTruthy();
      const rule = rules[key]!;
      const problems: string[] = [];
      // The roles that are refused go first, so that an allowed write cannot hide a refused one's effect.
      const roles: Role[] = (['anonymous', ...SIGNED] as Role[]).sort((a, b) => Number(!refused(outcomeFor(rule, a))) - Number(!refused(outcomeFor(rule, b))));
      for (const role of roles) {
        const expected = outcomeFor(rule, role);
        const watch = isWrite(route!) && rule.area && (refused(expected) || expected.unchanged);
        const snap = () => rule.watch?.(w) ?? (rule.area === 'review' ? reviewSnapshot(h, w, rv) : areaSnapshot(h, w, rule.area!));
        const before = watch ? await snap() : null;
        const { answer, token } = await callAs(route!, rule, role);
        calls++;
        const label = `as ${role}`;
        if (answer.status >= 500) problems.push(`${label}: ${answer.status} ${answer.text.slice(0, 200)}`);
        else if (answer.status !== expected.status) problems.push(`${label}: expected ${expected.status}, got ${answer.status} ${answer.text.slice(0, 200)}`);
        else if (expected.code && answer.json.code !== expected.code) problems.push(`${label}: expected code ${expected.code}, got ${String(answer.json.code)} (${String(answer.json.message)})`);
        if (answer.status >= 400 && typeof answer.json.message !== 'string') problems.push(`${label}: a ${answer.status} without a JSON message`);
        if (before && JSON.stringify(await snap()) !== JSON.stringify(before)) problems.push(`${label}: the ${refused(expected) ? 'refused' : 'caller-only'} call changed the ${rule.area} data`);
        if (rule.after) {
          try {
            await rule.after(w, role, answer, token);
          } catch (error) {
            problems.push(`${label}: ${(error as Error).message}`);
          }
        }
      }
      expect(problems).toEqual([]);
    });
  }
});

describe('ids that exist nowhere', () => {
  it('answer 404 to the would-be owner', async () => {
    const problems: string[] = [];
    let checked = 0;
    for (const route of routes) {
      const rule = rules[route.key];
      if (!rule || !route.params.includes('id') || rule.auth !== 'user') continue;
      // Someone the rule lets past the resource check (or refuses only on a business rule, with a 400).
      const owner =
        (['host', 'guest', 'admin', 'otherHost'] as SignedRole[]).find((r) => !refused(outcomeFor(rule, r))) ?? (['host', 'guest'] as SignedRole[]).find((r) => outcomeFor(rule, r).status === 400);
      if (!owner) continue;
      const params = { ...(rule.params?.(w, owner) ?? {}) };
      if (typeof params.id !== 'number') continue;
      params.id = 2_147_483_000;
      const { answer } = await callAs(route, rule, owner, params);
      checked++;
      if (answer.status !== 404) problems.push(`${route.key} as ${owner} with an unknown id: ${answer.status} ${answer.text.slice(0, 200)}`);
    }
    console.log(`authz matrix: an unknown id on ${checked} routes`);
    expect(checked).toBeGreaterThan(40);
    expect(problems).toEqual([]);
  });
});
