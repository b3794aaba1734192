'use client';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { SelectField } from '@/components/ui/fields';
import { TextField } from '@/components/ui/text-field';
import { BOOKING_FILTER_STATUSES, BOOKING_ORDERS } from '@/lib/rules/booking-form';

type Filters = { status: string; checkInFrom: string; checkInTo: string; order: string };

/** SPEC §5: the list's filters apply on change, without validation; dates are YYYY-MM-DD. */
export function BookingFilters(initial: Filters) {
  const t = useTranslations('booking');
  const router = useRouter();
  function apply(change: Partial<Filters>) {
    const next = { ...initial, ...change };
    const params = new URLSearchParams();
    if (next.status) params.set('status', next.status);
    params.set('checkInFrom', next.checkInFrom);
    if (next.checkInTo) params.set('checkInTo', next.checkInTo);
    if (next.order && next.order !== 'check_in_asc') params.set('order', next.order);
    router.replace(`/dashboard/bookings?${params.toString()}`);
  }
  return (
    <form className="grid grid-cols-1 gap-x-4 rounded-lg bg-white p-4 shadow-sm sm:grid-cols-4" role="search" onSubmit={(e) => e.preventDefault()}>
      <TextField type="date" label={t('minCheckIn')} defaultValue={initial.checkInFrom} onChange={(e) => apply({ checkInFrom: e.target.value })} />
      <TextField type="date" label={t('maxCheckIn')} defaultValue={initial.checkInTo} onChange={(e) => apply({ checkInTo: e.target.value })} />
      <SelectField label={t('orderBy')} defaultValue={initial.order} onChange={(e) => apply({ order: e.target.value })}>
        {BOOKING_ORDERS.map((o) => (
          <option key={o} value={o}>
            {t(`order_${o}`)}
          </option>
        ))}
      </SelectField>
      <SelectField label={t('statusFilter')} defaultValue={initial.status} onChange={(e) => apply({ status: e.target.value })}>
        <option value="">{t('statusAll')}</option>
        {BOOKING_FILTER_STATUSES.map((s) => (
          <option key={s} value={s}>
            {t(`status_${s.toUpperCase()}`)}
          </option>
        ))}
      </SelectField>
    </form>
  );
}
