import 'server-only';
import * as z from 'zod/mini';
import { todayInStockholm } from '@/lib/rules/dates';
import { idParam } from '@/lib/schemas/common';
import { bookingListQuery, bookingOfferSchema, bookingPaymentBody, cancelBookingBody, editExpiryBody, overlapBody } from '@/lib/schemas/booking';
import type { Api } from '../http/api';
import { ApiError } from '../http/errors';
import { payments, sandboxPayments } from '../providers/payments';
import { bookingOf } from '../services/bookings/access';
import { cancelBooking } from '../services/bookings/cancel';
import { conversationBookingList } from '../services/bookings/conversation-bookings';
import { bookingDto } from '../services/bookings/dto';
import { listUserBookings } from '../services/bookings/list';
import { cancellationPolicyList, createOffer, overlapping, updateExpiry } from '../services/bookings/offer';
import { settlePayin, startPayment } from '../services/bookings/payment';

function idOf(params: Record<string, string>, name = 'id'): number {
  const parsed = z.safeParse(idParam, params[name]);
  if (!parsed.success) throw new ApiError(404, 'booking.notFound');
  return parsed.data;
}

const transactionQuery = z.object({ transactionId: z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/, 'errors.badUrl')) });
const hookQuery = z.object({ EventType: z.optional(z.string()), RessourceId: z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/, 'errors.badUrl')), Date: z.optional(z.string()) });
const sandboxCardBody = z.object({ card_number: z.string().check(z.maxLength(30)), expiry: z.string().check(z.maxLength(10)), cvc: z.string().check(z.maxLength(6)) });
const sandboxSecureBody = z.object({ approve: z.boolean() });

export function bookingRoutes(api: Api) {
  // GET /api/cancellation-policies — what each policy refunds, and until when
  api.route({ method: 'get', path: '/api/cancellation-policies', auth: 'none', tag: 'bookings', summary: 'Cancellation policies' }, async ({ db }) => cancellationPolicyList(db));

  // POST /api/bookings — the host sends an offer (SPEC §5 "Booking offer"; dates checked against today in Stockholm)
  api.route(
    { method: 'post', path: '/api/bookings', auth: 'user', tag: 'bookings', summary: 'Send a booking offer', body: () => bookingOfferSchema(todayInStockholm()) },
    async ({ db, user, body }) => createOffer(db, user, body),
  );

  // GET /api/bookings/:id — host or guest only
  api.route({ method: 'get', path: '/api/bookings/:id', auth: 'user', tag: 'bookings', summary: 'A booking' }, async ({ db, user, params }) => {
    const { booking, role } = await bookingOf(db, user, idOf(params));
    return bookingDto(db, booking, role);
  });

  // PUT /api/bookings/:id — the host changes the time limit for the guest to accept
  api.route({ method: 'put', path: '/api/bookings/:id', auth: 'user', tag: 'bookings', summary: 'Change the offer expiry', body: editExpiryBody }, async ({ db, user, params, body }) =>
    updateExpiry(db, user, idOf(params), body.booking_expiration_date),
  );

  // POST /api/bookings/:id/overlap — :id is the cottage: its open and paid bookings sharing a night with the stay
  api.route({ method: 'post', path: '/api/bookings/:id/overlap', auth: 'user', tag: 'bookings', summary: 'Overlapping bookings of an ad', body: overlapBody }, async ({ db, user, params, body }) =>
    overlapping(db, user, idOf(params), body),
  );

  // PUT /api/bookings/:id/cancel — cancel with a reason (who and when: SPEC §4)
  api.route({ method: 'put', path: '/api/bookings/:id/cancel', auth: 'user', tag: 'bookings', summary: 'Cancel a booking', body: cancelBookingBody }, async ({ db, user, params, body }) =>
    cancelBooking(db, user, idOf(params), body.cancellation_reason),
  );

  // POST /api/bookings/:id/payment — the guest accepts and pays: answers the provider's RedirectURL
  api.route({ method: 'post', path: '/api/bookings/:id/payment', auth: 'user', tag: 'bookings', summary: 'Accept and pay by card', body: bookingPaymentBody }, async ({ db, user, params, body }) =>
    startPayment(db, user, idOf(params), body.card_type),
  );

  // GET /api/conversations/:id/bookings — the offers of one conversation
  api.route({ method: 'get', path: '/api/conversations/:id/bookings', auth: 'user', tag: 'bookings', summary: "A conversation's bookings" }, async ({ db, user, params }) => {
    const parsed = z.safeParse(idParam, params.id);
    if (!parsed.success) throw new ApiError(404, 'chat.invalidConversation');
    return conversationBookingList(db, user, parsed.data);
  });

  // GET /api/user/bookings/:id — one of My Bookings (the same as GET /api/bookings/:id)
  api.route({ method: 'get', path: '/api/user/bookings/:id', auth: 'user', tag: 'bookings', summary: 'One of my bookings' }, async ({ db, user, params }) => {
    const { booking, role } = await bookingOf(db, user, idOf(params));
    return bookingDto(db, booking, role);
  });

  // GET /api/user/bookings — My Bookings: filters, 10 a page, nextPage
  api.route({ method: 'get', path: '/api/user/bookings', auth: 'user', tag: 'bookings', summary: 'My bookings', query: bookingListQuery }, async ({ db, user, query }) =>
    listUserBookings(db, user, query),
  );

  // GET /api/payments/return?transactionId= — the browser is back from the card page; the status comes from the provider
  api.route({ method: 'get', path: '/api/payments/return', auth: 'none', tag: 'payments', summary: 'Payment return', query: transactionQuery }, async ({ db, query }) =>
    settlePayin(db, query.transactionId),
  );

  // GET /api/payments/hook?EventType=&RessourceId= — the provider's notification (MangoPay hooks are GETs)
  api.route({ method: 'get', path: '/api/payments/hook', auth: 'none', tag: 'payments', summary: 'Payment provider hook', query: hookQuery }, async ({ db, query }) => {
    const result = await settlePayin(db, query.RessourceId);
    return { received: true, transaction: result.transaction };
  });

  // The sandbox provider's card page talks to these (only while the sandbox is the provider).
  const sandboxOnly = () => {
    if (payments.name !== 'sandbox') throw new ApiError(404, 'errors.badUrl');
  };
  const payinId = (params: Record<string, string>) => {
    if (!/^sbx_payin_[A-Za-z0-9_-]{10,40}$/.test(params.id ?? '')) throw new ApiError(404, 'errors.notFound');
    return params.id!;
  };

  // GET /api/sandbox/mangopay/payins/:id — the pay-in the card page shows
  api.route({ method: 'get', path: '/api/sandbox/mangopay/payins/:id', auth: 'none', tag: 'sandbox', summary: 'Sandbox pay-in' }, async ({ db, params }) => {
    sandboxOnly();
    const row = await sandboxPayments.payIn(db, payinId(params));
    if (!row) throw new ApiError(404, 'errors.notFound');
    return { id: row.id, amount: row.amount, card_type: row.cardType, status: row.status, secure_mode_pending: row.secureModePending };
  });

  // POST /api/sandbox/mangopay/payins/:id/card — the holder's card: success, 3-D Secure, or a MangoPay error code
  api.route({ method: 'post', path: '/api/sandbox/mangopay/payins/:id/card', auth: 'none', tag: 'sandbox', summary: 'Sandbox card', body: sandboxCardBody }, async ({ db, params, body }) => {
    sandboxOnly();
    const result = await sandboxPayments.submitCard(db, payinId(params), { number: body.card_number, expiry: body.expiry, cvc: body.cvc });
    if (!result) throw new ApiError(400, 'sandbox.payinClosed');
    return result;
  });

  // POST /api/sandbox/mangopay/payins/:id/secure — the 3-D Secure step
  api.route({ method: 'post', path: '/api/sandbox/mangopay/payins/:id/secure', auth: 'none', tag: 'sandbox', summary: 'Sandbox 3-D Secure', body: sandboxSecureBody }, async ({ db, params, body }) => {
    sandboxOnly();
    const redirect = await sandboxPayments.secure(db, payinId(params), body.approve);
    if (!redirect) throw new ApiError(400, 'sandbox.payinClosed');
    return { redirect };
  });

  // POST /api/sandbox/mangopay/payins/:id/cancel — the holder gives up on the card page
  api.route({ method: 'post', path: '/api/sandbox/mangopay/payins/:id/cancel', auth: 'none', tag: 'sandbox', summary: 'Sandbox cancel' }, async ({ db, params }) => {
    sandboxOnly();
    const redirect = await sandboxPayments.cancel(db, payinId(params));
    if (!redirect) throw new ApiError(400, 'sandbox.payinClosed');
    return { redirect };
  });
}
