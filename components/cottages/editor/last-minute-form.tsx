'use client';
import { useTranslations } from 'next-intl';
import { api } from '@/lib/api/client';
import { todayInStockholm } from '@/lib/rules/dates';
import type { LastMinutePayload } from '@/lib/schemas/last-minute';
import { useZodForm } from '@/components/forms/use-zod-form';
import { useApiMutation } from '@/components/query/use-api-mutation';
import { EMPTY_LAST_MINUTE, LastMinuteFields } from './last-minute-fields';
import type { Deal } from './last-minutes';

/** A new last-minute deal (within two months); loaded after the editor page (last-minutes.tsx). */
export function LastMinuteForm({ cottageId, onCreated }: { cottageId: number; onCreated: (deals: Deal[]) => void }) {
  const t = useTranslations('cottage');
  // The schema (and zod) load when the host first adds a deal.
  const form = useZodForm(() => import('@/lib/schemas/last-minute').then((m) => m.lastMinuteForm(todayInStockholm())), { defaultValues: EMPTY_LAST_MINUTE });
  const create = useApiMutation({
    mutationFn: (payload: LastMinutePayload) => api<Deal[]>(`/cottages/${cottageId}/lastminutes`, { body: payload }),
    form,
    success: t('lastMinuteCreated'),
    onSuccess: (list) => {
      onCreated(list);
      form.reset(EMPTY_LAST_MINUTE);
    },
  });
  return (
    <form noValidate className="grid gap-x-3 sm:grid-cols-4" onSubmit={form.handleSubmit((payload) => create.mutate(payload))}>
      <LastMinuteFields form={form} pending={create.isPending} />
    </form>
  );
}
