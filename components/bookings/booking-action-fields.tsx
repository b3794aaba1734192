'use client';
import Link from 'next/link';
import type { InputHTMLAttributes } from 'react';
import { useTranslations } from 'next-intl';
import { Button, buttonClass } from '@/components/ui/button';
import { CheckboxField } from '@/components/ui/fields';
import { formatMoney } from '@/lib/format';
import { CARD_TYPES } from '@/lib/rules/booking-form';
import type { Booking } from '@/lib/schemas/booking-dto';

type Field = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>;

/**
 * The guest's accept-and-pay box (SPEC §4), or the link to the profile while the guest's contact
 * details are missing; shared by the actions (booking-actions.tsx) and their preview while they load
 * (booking-actions-lazy.tsx): the fields get the form's registrations (the card type's is the same for each radio).
 */
export function PayBox({ booking, accept, card, error, onPay, paying }: { booking: Booking; accept: Field; card: Field; error?: string; onPay?: () => void; paying?: boolean }) {
  const t = useTranslations('booking');
  if (!booking.guest_profile_complete) {
    return (
      <div className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900" role="status">
        {t('completeContactDetails')}{' '}
        <Link href={`/dashboard/profile?next=${encodeURIComponent(`/conversations/${booking.conversation_id}/bookings/${booking.id}`)}&booking=true`} className="font-semibold underline">
          {t('toProfile')}
        </Link>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-3 rounded-lg bg-white p-5 shadow-sm" data-testid="pay-box">
      <h2 className="text-lg font-semibold">{t('acceptTitle')}</h2>
      <CheckboxField label={booking.insurance ? t('acceptTermsInsurance') : t('acceptTerms')} {...accept} />
      <fieldset className="flex flex-wrap gap-4">
        <legend className="mb-1 text-sm font-medium">{t('cardType')}</legend>
        {CARD_TYPES.map((type) => (
          <label key={type} className="flex items-center gap-2 text-sm">
            <input type="radio" value={type} className="accent-brand-700" {...card} />
            {t(`card_${type}`)}
          </label>
        ))}
      </fieldset>
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <div>
        <Button onClick={onPay} disabled={paying}>
          {t('acceptAndPay', { amount: formatMoney(booking.total_price) })}
        </Button>
      </div>
    </div>
  );
}

/** Change the time limit, cancel (opens the cancel box), print. */
export function ActionRow({ booking, cancel }: { booking: Booking; cancel?: { id: string; open: boolean; toggle: () => void; busy: boolean } }) {
  const t = useTranslations('booking');
  return (
    <div className="flex flex-wrap gap-3">
      {booking.actions.editExpiry ? (
        <Link href={`/dashboard/conversations/${booking.conversation_id}/bookings/${booking.id}/edit`} className={buttonClass('secondary')}>
          {t('changeExpiry')}
        </Link>
      ) : null}
      {booking.actions.cancel ? (
        <Button id={cancel?.id} variant="secondary" onClick={cancel?.toggle} aria-expanded={cancel?.open ?? false} aria-controls={cancel ? `${cancel.id}-box` : undefined} disabled={cancel?.busy}>
          {booking.status === 'PAID' ? t('cancelBooking') : t('cancelOffer')}
        </Button>
      ) : null}
      <Button variant="text" onClick={() => window.print()}>
        {t('print')}
      </Button>
    </div>
  );
}
