import 'server-only';
import * as z from 'zod/mini';
import { todayInStockholm } from '@/lib/rules/dates';
import { idParam } from '@/lib/schemas/common';
import { bookingListQuery, bookingOfferSchema, bookingPaymentBody, cancelBookingBody, editExpiryBody, overlapBody } from '@/lib/schemas/booking';
import {
  bookingDto as bookingSchema,
  bookingDtoList,
  bookingListPage,
  cancellationPolicyList as policyList,
  overlapList,
  paymentHookDto,
  paymentReturnDto,
  paymentStartDto,
} from '@/lib/schemas/booking-dto';
import { paymentHookQuery, paymentReturnQuery } from '@/lib/schemas/payment';
import type { Api } from '../http/api';
import { ApiError } from '../http/errors';
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

export function bookingRoutes(api: Api) {
  // GET /api/cancellation-policies — what each policy refunds, and until when
  api.route({ method: 'get', path: '/api/cancellation-policies', auth: 'none', tag: 'bookings', summary: 'Cancellation policies', response: policyList }, async ({ db }) => cancellationPolicyList(db));

  // POST /api/bookings — the host sends an offer (SPEC §5 "Booking offer"; dates checked against today in Stockholm)
  api.route(
    { method: 'post', path: '/api/bookings', auth: 'user', tag: 'bookings', summary: 'Send a booking offer', body: () => bookingOfferSchema(todayInStockholm()), response: bookingSchema },
    async ({ db, user, body }) => createOffer(db, user, body),
  );

  // GET /api/bookings/:id — host or guest only
  api.route({ method: 'get', path: '/api/bookings/:id', auth: 'user', tag: 'bookings', summary: 'A booking', response: bookingSchema }, async ({ db, user, params }) => {
    const { booking, role } = await bookingOf(db, user, idOf(params));
    return bookingDto(db, booking, role);
  });

  // PUT /api/bookings/:id — the host changes the time limit for the guest to accept
  api.route(
    { method: 'put', path: '/api/bookings/:id', auth: 'user', tag: 'bookings', summary: 'Change the offer expiry', body: editExpiryBody, response: bookingSchema },
    async ({ db, user, params, body }) => updateExpiry(db, user, idOf(params), body.booking_expiration_date),
  );

  // POST /api/bookings/:id/overlap — :id is the cottage: its open and paid bookings sharing a night with the stay
  api.route(
    { method: 'post', path: '/api/bookings/:id/overlap', auth: 'user', tag: 'bookings', summary: 'Overlapping bookings of an ad', body: overlapBody, response: overlapList },
    async ({ db, user, params, body }) => overlapping(db, user, idOf(params), body),
  );

  // PUT /api/bookings/:id/cancel — cancel with a reason (who and when: SPEC §4)
  api.route(
    { method: 'put', path: '/api/bookings/:id/cancel', auth: 'user', tag: 'bookings', summary: 'Cancel a booking', body: cancelBookingBody, response: bookingSchema },
    async ({ db, user, params, body }) => cancelBooking(db, user, idOf(params), body.cancellation_reason),
  );

  // POST /api/bookings/:id/payment — the guest accepts and pays: answers the provider's RedirectURL
  api.route(
    { method: 'post', path: '/api/bookings/:id/payment', auth: 'user', tag: 'bookings', summary: 'Accept and pay by card', body: bookingPaymentBody, response: paymentStartDto },
    async ({ db, user, params, body }) => startPayment(db, user, idOf(params), body.card_type),
  );

  // GET /api/conversations/:id/bookings — the offers of one conversation
  api.route({ method: 'get', path: '/api/conversations/:id/bookings', auth: 'user', tag: 'bookings', summary: "A conversation's bookings", response: bookingDtoList }, async ({ db, user, params }) => {
    const parsed = z.safeParse(idParam, params.id);
    if (!parsed.success) throw new ApiError(404, 'chat.invalidConversation');
    return conversationBookingList(db, user, parsed.data);
  });

  // GET /api/user/bookings/:id — one of My Bookings (the same as GET /api/bookings/:id)
  api.route({ method: 'get', path: '/api/user/bookings/:id', auth: 'user', tag: 'bookings', summary: 'One of my bookings', response: bookingSchema }, async ({ db, user, params }) => {
    const { booking, role } = await bookingOf(db, user, idOf(params));
    return bookingDto(db, booking, role);
  });

  // GET /api/user/bookings — My Bookings: filters, 10 a page, nextPage
  api.route({ method: 'get', path: '/api/user/bookings', auth: 'user', tag: 'bookings', summary: 'My bookings', query: bookingListQuery, response: bookingListPage }, async ({ db, user, query }) =>
    listUserBookings(db, user, query),
  );

  // GET /api/payments/return?transactionId= — the browser is back from the card page; the status comes from the provider
  api.route({ method: 'get', path: '/api/payments/return', auth: 'none', tag: 'payments', summary: 'Payment return', query: paymentReturnQuery, response: paymentReturnDto }, async ({ db, query }) =>
    settlePayin(db, query.transactionId),
  );

  // GET /api/payments/hook?EventType=&RessourceId= — the provider's notification (MangoPay hooks are GETs)
  api.route(
    { method: 'get', path: '/api/payments/hook', auth: 'none', tag: 'payments', summary: 'Payment provider hook', query: paymentHookQuery, response: paymentHookDto },
    async ({ db, query }) => {
      const result = await settlePayin(db, query.RessourceId);
      return { received: true as const, transaction: result.transaction };
    },
  );
}
