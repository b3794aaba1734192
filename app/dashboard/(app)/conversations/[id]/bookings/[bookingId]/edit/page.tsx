import type { Metadata } from 'next';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { ExpiryForm } from '@/components/bookings/expiry-form';
import { loadBooking } from '@/components/bookings/load-booking';
import { Notice } from '@/components/ui/notice';
import { todayInStockholm } from '@/lib/rules/dates';
import ArrowLeft from 'lucide-react/icons/arrow-left';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('booking'))('changeExpiry') };
}

// /dashboard/conversations/{c}/bookings/{b}/edit — only the time limit for the guest to accept
export default async function EditBookingPage({ params }: { params: Promise<{ id: string; bookingId: string }> }) {
  const booking = await loadBooking(await params);
  const t = await getTranslations('booking');
  if (!booking) return <Notice tone="error">{t('loadFailed')}</Notice>;
  const back = `/dashboard/conversations/${booking.conversation_id}/bookings/${booking.id}`;
  return (
    <div className="flex max-w-lg flex-col gap-5">
      <Link href={back} className="text-sm text-brand-700 hover:underline">
        <ArrowLeft className="mr-1 inline size-4 align-[-3px]" aria-hidden />
        {t('bookingTitle', { title: booking.cottage?.title_sv ?? '', id: booking.id })}
      </Link>
      <h1 className="text-2xl font-semibold">{t('changeExpiry')}</h1>
      {booking.actions.editExpiry ? (
        <ExpiryForm bookingId={booking.id} back={back} today={todayInStockholm()} checkIn={booking.check_in} current={todayInStockholm(new Date(booking.booking_expiration_date))} />
      ) : (
        <Notice tone="error">{t('notAllowed')}</Notice>
      )}
    </div>
  );
}
