// /dashboard/payment-return/{bookingId}?transactionId= — where the payment provider sends the browser
// back. The marketplace asks the provider for the pay-in's status (never trusting this URL), records
// it once, and the browser lands on the booking with transaction, errorCode and errorMessage (SPEC §4).
import { type NextRequest, NextResponse } from 'next/server';
import { webConfig } from '@/lib/api/config';
import { marketplaceFetch } from '@/lib/api/server';
import type { PaymentReturn as Result } from '@/lib/schemas/booking-dto';

export async function GET(request: NextRequest, { params }: { params: Promise<{ bookingId: string }> }) {
  const { bookingId } = await params;
  const transactionId = request.nextUrl.searchParams.get('transactionId') ?? '';
  const back = (path: string) => NextResponse.redirect(new URL(path, webConfig.publicUrl), 303);
  if (!/^\d{1,9}$/.test(bookingId) || !/^[A-Za-z0-9_-]{1,64}$/.test(transactionId)) return back('/dashboard/bookings');
  const upstream = await marketplaceFetch(`/api/payments/return?transactionId=${encodeURIComponent(transactionId)}`, { method: 'GET', token: null, locale: 'sv', address: 'local' });
  if (!upstream.ok) return back('/dashboard/bookings');
  const result = (await upstream.json()) as Result;
  if (String(result.booking_id) !== bookingId) return back('/dashboard/bookings');
  const query = new URLSearchParams({ transaction: result.transaction === 'success' ? 'success' : result.transaction === 'pending' ? 'pending' : 'failed' });
  if (result.transaction === 'pending') query.set('transactionId', transactionId);
  if (result.errorCode) query.set('errorCode', result.errorCode);
  if (result.errorMessage) query.set('errorMessage', result.errorMessage);
  return back(`/dashboard/conversations/${result.conversation_id}/bookings/${result.booking_id}?${query.toString()}`);
}
