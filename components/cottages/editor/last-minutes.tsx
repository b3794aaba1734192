'use client';
import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { api } from '@/lib/api/client';
import { formatMoney } from '@/lib/format';
import { Button } from '@/components/ui/button';
import { lazyForm, PreviewFieldset } from '@/components/forms/lazy-form';
import { staticForm } from '@/components/forms/static-form';
import { useApiMutation } from '@/components/query/use-api-mutation';
import { EMPTY_LAST_MINUTE, LastMinuteFields } from './last-minute-fields';

export type Deal = { id: number; from_date: string; to_date: string; price: number; title_sv: string | null };

type FormProps = { cottageId: number; onCreated: (deals: Deal[]) => void };

// The deals form (and react-hook-form) load after the editor page; until then its fields show, disabled.
const LastMinuteForm = lazyForm<FormProps>(
  () => import('./last-minute-form').then((m) => m.LastMinuteForm),
  function LastMinuteFormPreview() {
    return (
      <PreviewFieldset className="grid gap-x-3 sm:grid-cols-4">
        <LastMinuteFields form={staticForm(EMPTY_LAST_MINUTE)} pending={false} />
      </PreviewFieldset>
    );
  },
);

/** Last-minute deals of an ad: list, create (within two months), delete. */
export function LastMinutes({ cottageId, initial }: { cottageId: number; initial: Deal[] }) {
  const t = useTranslations();
  const [deals, setDeals] = useState(initial);
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
      <LastMinuteForm cottageId={cottageId} onCreated={setDeals} />
    </section>
  );
}
