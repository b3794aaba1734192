'use client';
import type { ChangeEvent } from 'react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { SelectField } from '@/components/ui/fields';
import { TextField } from '@/components/ui/text-field';
import { RECEIPT_FILTER_TYPES, RECEIPT_SORTS, receiptFiltersOf, receiptSearchOf, type ReceiptFilters as Filters } from '@/lib/rules/receipts';

const TYPE_LABELS = { payin: 'type_PAYIN', payout: 'type_PAYOUT', payment: 'type_PAYMENT', refund: 'type_REFUND', fee: 'type_FEE' } as const;

/** SPEC §2 /orders: type, paid from, paid to and order live in the address and apply on change (SPEC §5: without validation). */
export function ReceiptFilters(initial: Filters) {
  const t = useTranslations('receipts');
  const router = useRouter();
  // Read from the form itself, so that two changes in a row both count before the page has answered the first.
  function apply(event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) {
    const form = event.currentTarget.form;
    if (!form) return;
    const search = receiptSearchOf(receiptFiltersOf(Object.fromEntries(new FormData(form)) as Record<string, string>));
    router.replace(search ? `/dashboard/orders?${search}` : '/dashboard/orders', { scroll: false });
  }
  return (
    // On a phone the two days share a row, between the type and the order.
    <form className="grid grid-cols-2 gap-x-3 rounded-lg bg-white p-4 shadow-sm sm:gap-x-4 lg:grid-cols-4" role="search" aria-label={t('filters')} onSubmit={(e) => e.preventDefault()}>
      <div className="col-span-2 sm:col-span-1">
        <SelectField name="type" label={t('type')} defaultValue={initial.type} onChange={apply}>
          <option value="">{t('all')}</option>
          {RECEIPT_FILTER_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(TYPE_LABELS[type])}
            </option>
          ))}
        </SelectField>
      </div>
      <TextField name="paid_at_from" type="date" label={t('paidFrom')} defaultValue={initial.paid_at_from} onChange={apply} className="min-w-0" />
      <TextField name="paid_at_to" type="date" label={t('paidTo')} defaultValue={initial.paid_at_to} onChange={apply} className="min-w-0" />
      <div className="col-span-2 sm:col-span-1">
        <SelectField name="order" label={t('order')} defaultValue={initial.order} onChange={apply}>
          {RECEIPT_SORTS.map((o) => (
            <option key={o} value={o}>
              {t(`order_${o}`)}
            </option>
          ))}
        </SelectField>
      </div>
    </form>
  );
}
