'use client';
import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { api } from '@/lib/api/client';
import { showMessage } from '@/lib/i18n/message';
import { todayInStockholm } from '@/lib/rules/dates';
import { formatMoney } from '@/lib/format';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { digits, filtered } from '@/components/forms/inputs';
import { useZodForm } from '@/components/forms/use-zod-form';
import { useApiMutation } from '@/components/query/use-api-mutation';
import type { LastMinuteFormValues, LastMinutePayload } from '@/lib/schemas/last-minute';

type Deal = { id: number; from_date: string; to_date: string; price: number; title_sv: string | null };

/** Last-minute deals of an ad: list, create (within two months), delete. */
const EMPTY: LastMinuteFormValues = { from_date: '', to_date: '', price: '', title_sv: '' };

/** Last-minute deals of an ad: list, create (within two months), delete. */
export function LastMinutes({ cottageId, initial }: { cottageId: number; initial: Deal[] }) {
  const t = useTranslations();
  const [deals, setDeals] = useState(initial);
  // The schema (and zod) load when the host first adds a deal, not with the editor page.
  const form = useZodForm(() => import('@/lib/schemas/last-minute').then((m) => m.lastMinuteForm(todayInStockholm())), { defaultValues: EMPTY });
  const error = (name: keyof LastMinuteFormValues) => showMessage(t, form.formState.errors[name]?.message);
  const create = useApiMutation({
    mutationFn: (payload: LastMinutePayload) => api<Deal[]>(`/cottages/${cottageId}/lastminutes`, { body: payload }),
    form,
    success: t('cottage.lastMinuteCreated'),
    onSuccess: (list) => {
      setDeals(list);
      form.reset(EMPTY);
    },
  });
  const remove = useApiMutation({
    mutationFn: (id: number) => api<Deal[]>(`/cottages/${cottageId}/lastminutes/${id}`, { method: 'DELETE' }),
    success: t('cottage.lastMinuteDeleted'),
    onSuccess: setDeals,
  });

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
            <Button variant="text" onClick={() => remove.mutate(d.id)} disabled={remove.isPending}>
              {t('cottage.delete')}
            </Button>
          </li>
        ))}
      </ul>
      <form noValidate className="grid gap-x-3 sm:grid-cols-4" onSubmit={form.handleSubmit((payload) => create.mutate(payload))}>
        <TextField type="date" label={t('cottage.fromDate')} error={error('from_date')} {...form.register('from_date')} />
        <TextField type="date" label={t('cottage.toDate')} error={error('to_date')} {...form.register('to_date')} />
        <TextField label={t('cottage.price')} inputMode="numeric" error={error('price')} {...filtered(form.register('price'), digits)} />
        <TextField label={t('cottage.titleOptional')} maxLength={50} error={error('title_sv')} {...form.register('title_sv')} />
        <div className="sm:col-span-4">
          <Button type="submit" disabled={create.isPending}>
            {t('cottage.addLastMinute')}
          </Button>
        </div>
      </form>
    </section>
  );
}
