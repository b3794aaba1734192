'use client';
import { useTranslations } from 'next-intl';
import { lazyForm, PreviewFieldset } from '@/components/forms/lazy-form';
import type { Booking } from '@/lib/schemas/booking-dto';
import { ActionRow, PayBox } from './booking-action-fields';

// The booking's actions load after the page (react-hook-form stays out of its first load); until then
// the server-rendered preview shows the same pay box and buttons, disabled. docs/performance.md.
function BookingActionsPreview({ booking }: { booking: Booking }) {
  const t = useTranslations('booking');
  return (
    <section className="no-print" aria-label={t('actions')}>
      <PreviewFieldset className="flex flex-col gap-4">
        {booking.actions.pay ? <PayBox booking={booking} accept={{ name: 'accept_terms' }} card={{ name: 'card_type' }} /> : null}
        <ActionRow booking={booking} />
      </PreviewFieldset>
    </section>
  );
}

export const LazyBookingActions = lazyForm(() => import('./booking-actions').then((m) => m.BookingActions), BookingActionsPreview);
