// The booking as GET /api/bookings/{id} answers it (marketplace/services/bookings.ts bookingDto).
export type BookingStatus = 'PENDING' | 'EXPIRED' | 'PAID' | 'FINISHED' | 'CANCELLED';
export type BookingLabel = BookingStatus | 'PAID_OUT';
/** The other party as the booking screens show them: the name, and phone numbers once the booking is paid. */
export type BookingPerson = {
  id: number | null;
  name: string | null;
  deleted: boolean;
  phone_1: string | null;
  phone_2: string | null;
};
export type TimelineEntry = { date: string; user: number | null; type: string; state: 'NEUTRAL' | 'ERROR' | 'SUCCESS' | 'FUTURE'; amount: number | null };
export type Booking = {
  id: number;
  role: 'host' | 'guest';
  status: BookingStatus;
  label: BookingLabel;
  check_in: string;
  check_out: string;
  created_at: string;
  conversation_id: number;
  cottage_id: number;
  guest_id: number;
  host_id: number;
  number_of_guests: number;
  cleaning_policy: 'guest' | 'external' | 'host';
  cancellation_policy_id: number;
  cancellation_policy: { id: number; name: string; cancel_for_full_refund_in_days: number; cancel_for_half_refund_in_days: number } | null;
  cancellation_reason: string | null;
  Cancellation: { user_id: number | null } | null;
  total_price: number;
  fee: number | null;
  kept_amount: number | null;
  refund_amount: number | null;
  booking_expiration_date: string;
  additional_information: string | null;
  mark_as_booked_if_accepted: boolean;
  insurance: boolean;
  paid_at: string | null;
  finished_at: string | null;
  cancelled_at: string | null;
  paid_out_at: string | null;
  omocom_id: string | null;
  insurance_claim_url: string | null;
  can_leave_review: boolean;
  guest_profile_complete: boolean;
  Host: BookingPerson;
  Guest: BookingPerson;
  cottage: { id: number; title_sv: string | null; images: { filename: string }[] } | null;
  Timeline: TimelineEntry[];
  cancel_for_full_refund_deadline: string | null;
  cancel_for_half_refund_deadline: string | null;
  refund_now: { percent: 0 | 50 | 100; amount: number } | null;
  actions: { pay: boolean; cancel: boolean; editExpiry: boolean; contactSupportToCancel: boolean };
  last_payment: { status: string; result_code: string | null; result_message: string | null } | null;
};
export type CancellationPolicy = { id: number; name: string; cancel_for_full_refund_in_days: number; cancel_for_half_refund_in_days: number };
/** One row of My Bookings as GET /api/user/bookings answers it: only what the list shows (the booking page reads the rest). */
export type BookingListItem = Pick<
  Booking,
  | 'id'
  | 'role'
  | 'status'
  | 'label'
  | 'check_in'
  | 'check_out'
  | 'created_at'
  | 'conversation_id'
  | 'cottage_id'
  | 'guest_id'
  | 'host_id'
  | 'number_of_guests'
  | 'total_price'
  | 'booking_expiration_date'
  | 'paid_at'
  | 'paid_out_at'
  | 'can_leave_review'
> & {
  cottage: { id: number; title_sv: string | null } | null;
  Host: Pick<BookingPerson, 'id' | 'name' | 'deleted'>;
  Guest: Pick<BookingPerson, 'id' | 'name' | 'deleted'>;
};
