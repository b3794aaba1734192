'use client';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { useSnackbar } from '@/components/layout/snackbar';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { api, ApiClientError } from '@/lib/api/client';
import { showMessage } from '@/lib/i18n/message';
import { expirationError } from '@/lib/rules/booking-form';

/** SPEC §2: the edit page shows only 'time limit for guest to accept' and Save; success goes to the booking. */
export function ExpiryForm({ bookingId, back, today, checkIn, current }: { bookingId: number; back: string; today: string; checkIn: string; current: string }) {
  const t = useTranslations('booking');
  const tv = useTranslations();
  const snackbar = useSnackbar();
  const router = useRouter();
  const [value, setValue] = useState(current < today ? '' : current);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  async function save(event: React.FormEvent) {
    event.preventDefault();
    const problem = expirationError(value, today, checkIn);
    if (problem) return setError(showMessage(tv, problem));
    setBusy(true);
    try {
      await api(`/bookings/${bookingId}`, { method: 'PUT', body: { booking_expiration_date: value } });
      snackbar(t('expirySaved'), { severity: 'success' });
      router.push(back);
      router.refresh();
    } catch (e) {
      setBusy(false);
      if (e instanceof ApiClientError && e.errors[0]) setError(e.errors[0].message);
      else snackbar(e instanceof ApiClientError && e.message ? e.message : t('saveFailed'));
    }
  }
  return (
    <form onSubmit={save} className="flex flex-col gap-2 rounded-lg bg-white p-5 shadow-sm">
      <TextField type="date" label={t('expiry')} value={value} min={today} max={checkIn} error={error} onChange={(e) => setValue(e.target.value)} />
      <div>
        <Button type="submit" disabled={busy}>
          {t('save')}
        </Button>
      </div>
    </form>
  );
}
