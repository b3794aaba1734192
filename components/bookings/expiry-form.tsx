'use client';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { api } from '@/lib/api/client';
import { showMessage } from '@/lib/i18n/message';
import { expiryForm } from '@/lib/schemas/booking';
import { useZodForm } from '@/components/forms/use-zod-form';
import { useApiMutation } from '@/components/query/use-api-mutation';

/** SPEC §2: the edit page shows only 'time limit for guest to accept' and Save; success goes to the booking. */
export function ExpiryForm({ bookingId, back, today, checkIn, current }: { bookingId: number; back: string; today: string; checkIn: string; current: string }) {
  const t = useTranslations('booking');
  const tv = useTranslations();
  const router = useRouter();
  const form = useZodForm(expiryForm(today, checkIn), { defaultValues: { booking_expiration_date: current < today ? '' : current } });
  const save = useApiMutation({
    mutationFn: (values: { booking_expiration_date: string }) => api(`/bookings/${bookingId}`, { method: 'PUT', body: values }),
    form,
    fallback: t('saveFailed'),
    success: t('expirySaved'),
    refresh: true,
    onSuccess: () => router.push(back),
  });
  return (
    <form onSubmit={form.handleSubmit((values) => save.mutate(values))} noValidate className="flex flex-col gap-2 rounded-lg bg-white p-5 shadow-sm">
      <TextField
        type="date"
        label={t('expiry')}
        min={today}
        max={checkIn}
        error={showMessage(tv, form.formState.errors.booking_expiration_date?.message)}
        {...form.register('booking_expiration_date')}
      />
      <div>
        <Button type="submit" disabled={save.isPending || save.isSuccess}>
          {t('save')}
        </Button>
      </div>
    </form>
  );
}
