import { notFound } from 'next/navigation';
import { apiGet, ApiResponseError } from '@/lib/api/server';
import type { Booking } from '@/lib/schemas/booking-dto';

/**
 * The booking of a `/conversations/{c}/bookings/{b}` page, or null when the API refused it (the
 * page shows 'Could not load the booking.'). Malformed ids, and a booking of another
 * conversation, are Not found.
 */
export async function loadBooking(params: { id: string; bookingId: string }): Promise<Booking | null> {
  if (!/^\d{1,9}$/.test(params.id) || !/^\d{1,9}$/.test(params.bookingId)) notFound();
  let booking: Booking;
  try {
    booking = await apiGet<Booking>(`/api/bookings/${params.bookingId}`);
  } catch (error) {
    if (error instanceof ApiResponseError) return null;
    throw error;
  }
  if (String(booking.conversation_id) !== params.id) notFound();
  return booking;
}
