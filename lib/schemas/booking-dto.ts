// What the booking endpoints answer (SPEC §3, §4, §7). Kept apart from the offer form's schemas
// (booking.ts), so that a form loads none of it; components use the inferred types.
import * as z from 'zod/mini';
import { CLEANING_POLICIES } from '../rules/booking-form';
import { dayString, idAnswer, instant, safeString } from './common';
import { listPersonDto, personDto } from './person';

export const BOOKING_STATUSES = ['PENDING', 'EXPIRED', 'PAID', 'FINISHED', 'CANCELLED'] as const;
const status = z.enum(BOOKING_STATUSES);
const label = z.enum([...BOOKING_STATUSES, 'PAID_OUT']);
const role = z.enum(['host', 'guest']);
const ore = z.int();

/** GET /api/cancellation-policies: what each policy refunds, and until when. */
export const cancellationPolicyDto = z.object({
  id: idAnswer,
  name: safeString(),
  cancel_for_full_refund_in_days: z.int(),
  cancel_for_half_refund_in_days: z.int(),
});
export const cancellationPolicyList = z.array(cancellationPolicyDto);
export type CancellationPolicy = z.infer<typeof cancellationPolicyDto>;

export const timelineEntryDto = z.object({
  date: instant,
  user: z.nullable(idAnswer),
  type: safeString(),
  state: z.enum(['NEUTRAL', 'ERROR', 'SUCCESS', 'FUTURE']),
  amount: z.nullable(ore),
});
export type TimelineEntry = z.infer<typeof timelineEntryDto>;

/** GET /api/bookings/{id}: the booking for the caller's role (the fee, payout and insurance are the host's). */
export const bookingDto = z.object({
  id: idAnswer,
  role,
  status,
  label,
  check_in: dayString,
  check_out: dayString,
  created_at: instant,
  conversation_id: idAnswer,
  cottage_id: idAnswer,
  guest_id: idAnswer,
  host_id: idAnswer,
  number_of_guests: z.int(),
  cleaning_policy: z.enum(CLEANING_POLICIES),
  cancellation_policy_id: idAnswer,
  cancellation_policy: z.nullable(cancellationPolicyDto),
  cancellation_reason: z.nullable(safeString()),
  Cancellation: z.nullable(z.object({ user_id: z.nullable(idAnswer) })),
  total_price: ore,
  fee: z.nullable(ore),
  kept_amount: z.nullable(ore),
  refund_amount: z.nullable(ore),
  booking_expiration_date: instant,
  additional_information: z.nullable(safeString()),
  mark_as_booked_if_accepted: z.boolean(),
  insurance: z.boolean(),
  paid_at: z.nullable(instant),
  finished_at: z.nullable(instant),
  cancelled_at: z.nullable(instant),
  paid_out_at: z.nullable(instant),
  omocom_id: z.nullable(safeString()),
  insurance_claim_url: z.nullable(safeString()),
  can_leave_review: z.boolean(),
  guest_profile_complete: z.boolean(),
  /** The host's: the other site whose imported calendar books a night of this open or paid stay (issue 18), or null. */
  imported_overlap: z.nullable(safeString()),
  Host: personDto,
  Guest: personDto,
  cottage: z.nullable(z.object({ id: idAnswer, title_sv: z.nullable(safeString()), images: z.array(z.object({ filename: safeString() })) })),
  Timeline: z.array(timelineEntryDto),
  cancel_for_full_refund_deadline: z.nullable(instant),
  cancel_for_half_refund_deadline: z.nullable(instant),
  refund_now: z.nullable(z.object({ percent: z.union([z.literal(0), z.literal(50), z.literal(100)]), amount: ore })),
  actions: z.object({ pay: z.boolean(), cancel: z.boolean(), editExpiry: z.boolean(), contactSupportToCancel: z.boolean() }),
  last_payment: z.nullable(z.object({ status: safeString(), result_code: z.nullable(safeString()), result_message: z.nullable(safeString()) })),
});
export type Booking = z.infer<typeof bookingDto>;
export type BookingStatus = Booking['status'];
export type BookingLabel = Booking['label'];

/** GET /api/conversations/{id}/bookings */
export const bookingDtoList = z.array(bookingDto);

/** One row of My Bookings: only what the list shows (the booking page reads the rest). */
export const bookingListItemDto = z.object({
  ...z.pick(bookingDto, {
    id: true,
    role: true,
    status: true,
    label: true,
    check_in: true,
    check_out: true,
    created_at: true,
    conversation_id: true,
    cottage_id: true,
    guest_id: true,
    host_id: true,
    number_of_guests: true,
    total_price: true,
    booking_expiration_date: true,
    paid_at: true,
    paid_out_at: true,
    can_leave_review: true,
  }).shape,
  cottage: z.nullable(z.object({ id: idAnswer, title_sv: z.nullable(safeString()) })),
  Host: listPersonDto,
  Guest: listPersonDto,
});
export type BookingListItem = z.infer<typeof bookingListItemDto>;

/** GET /api/user/bookings: a page of 10 and the next page's path. */
export const bookingListPage = z.object({ results: z.array(bookingListItemDto), nextPage: z.nullable(safeString()) });
export type BookingListPage = z.infer<typeof bookingListPage>;

/** POST /api/bookings/{cottageId}/overlap: the ad's open and paid bookings sharing a night with the stay. */
export const overlapList = z.array(z.object({ id: idAnswer, conversation_id: idAnswer, check_in: dayString, check_out: dayString, status }));
export type Overlap = z.infer<typeof overlapList>[number];

/** POST /api/bookings/{id}/payment: where the provider's card page is. */
export const paymentStartDto = z.object({ RedirectURL: safeString() });
export type PaymentStart = z.infer<typeof paymentStartDto>;

/** GET /api/payments/return: the provider's word on a pay-in, for the payment return page. */
export const paymentReturnDto = z.object({
  booking_id: idAnswer,
  conversation_id: idAnswer,
  transaction: z.enum(['success', 'failed', 'pending']),
  errorCode: z.nullable(safeString()),
  errorMessage: z.nullable(safeString()),
});
export type PaymentReturn = z.infer<typeof paymentReturnDto>;

/** GET /api/payments/hook: the provider's notification is received. */
export const paymentHookDto = z.object({ received: z.literal(true), transaction: paymentReturnDto.shape.transaction });

// ——— The sandbox card provider's page ———

export const sandboxPayinDto = z.object({ id: safeString(), amount: ore, card_type: z.nullable(safeString()), status: safeString(), secure_mode_pending: z.boolean() });
export type SandboxPayin = z.infer<typeof sandboxPayinDto>;
export const sandboxRedirectDto = z.object({ redirect: safeString() });
export type SandboxRedirect = z.infer<typeof sandboxRedirectDto>;
/** POST /api/sandbox/mangopay/payins/{id}/card: 3-D Secure next, or back to the shop. */
export const sandboxCardDto = z.object({ secure: z.boolean(), redirect: z.nullable(safeString()) });
export type SandboxCard = z.infer<typeof sandboxCardDto>;
