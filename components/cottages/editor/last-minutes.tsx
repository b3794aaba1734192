'use client';
import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { api, ApiClientError } from '@/lib/api/client';
import { showMessage } from '@/lib/i18n/message';
import { todayInStockholm } from '@/lib/rules/dates';
import { formatMoney } from '@/lib/format';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { useSnackbar } from '@/components/layout/snackbar';
import { digits } from './use-fields';
import type { LastMinute as Deal } from '@/lib/schemas/cottage-dto';

/** Last-minute deals of an ad: list, create (within two months), delete. */
export function LastMinutes({ cottageId, initial }: { cottageId: number; initial: Deal[] }) {
  const t = useTranslations();
  const snackbar = useSnackbar();
  const [deals, setDeals] = useState(initial);
  const [values, setValues] = useState({ from_date: '', to_date: '', price: '', title_sv: '' });
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const set = (name: keyof typeof values, value: string) => setValues((v) => ({ ...v, [name]: value }));

  async function create() {
    const payload = { from_date: values.from_date, to_date: values.to_date, price: values.price ? Number(values.price) * 100 : Number.NaN, title_sv: values.title_sv.trim() || null };
    // The schema (and zod) load when the host first adds a deal, not with the editor page.
    const { checkLastMinute } = await import('@/lib/schemas/last-minute');
    const result = checkLastMinute(payload, todayInStockholm());
    if (!result.success) {
      const found: Record<string, string | undefined> = {};
      for (const issue of result.error.issues) found[String(issue.path[0])] ??= showMessage(t, issue.message);
      return setErrors(found);
    }
    try {
      setDeals(await api<Deal[]>(`/cottages/${cottageId}/lastminutes`, { body: payload }));
      setValues({ from_date: '', to_date: '', price: '', title_sv: '' });
      setErrors({});
      snackbar(t('cottage.lastMinuteCreated'), { severity: 'success' });
    } catch (error) {
      snackbar(error instanceof ApiClientError && error.message ? error.message : t('errors.generic'));
    }
  }

  async function remove(id: number) {
    setDeals(await api<Deal[]>(`/cottages/${cottageId}/lastminutes/${id}`, { method: 'DELETE' }));
    snackbar(t('cottage.lastMinuteDeleted'), { severity: 'success' });
  }

  return (
    <section className="rounded-lg bg-white p-5 shadow-sm" aria-labelledby="last-minutes">
      <h2 id="last-minutes" className="mb-3 font-semibold">
        {t('cottage.lastMinutes')}
      </h2>
      {deals.length === 0 ? <p className="mb-3 text-sm text-muted">{t('cottage.noLastMinutes')}</p> : null}
      <ul className="mb-4 divide-y divide-gray-100">
        {deals.map((d) => (
          <li key={d.id} className="flex items-center gap-3 py-2 text-sm">
            <span className="flex-1">
              {d.from_date} – {d.to_date} · {formatMoney(d.price)}
              {d.title_sv ? ` · ${d.title_sv}` : ''}
            </span>
            <Button variant="text" onClick={() => void remove(d.id)}>
              {t('cottage.delete')}
            </Button>
          </li>
        ))}
      </ul>
      <form
        noValidate
        className="grid gap-x-3 sm:grid-cols-4"
        onSubmit={(e) => {
          e.preventDefault();
          void create();
        }}
      >
        <TextField type="date" label={t('cottage.fromDate')} value={values.from_date} error={errors.from_date} onChange={(e) => set('from_date', e.target.value)} />
        <TextField type="date" label={t('cottage.toDate')} value={values.to_date} error={errors.to_date} onChange={(e) => set('to_date', e.target.value)} />
        <TextField label={t('cottage.price')} inputMode="numeric" value={values.price} error={errors.price} onChange={(e) => set('price', digits(e.target.value))} />
        <TextField label={t('cottage.titleOptional')} maxLength={50} value={values.title_sv} error={errors.title_sv} onChange={(e) => set('title_sv', e.target.value)} />
        <div className="sm:col-span-4">
          <Button type="submit">{t('cottage.addLastMinute')}</Button>
        </div>
      </form>
    </section>
  );
}
