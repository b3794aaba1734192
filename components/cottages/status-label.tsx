import type { ListingStatus } from '@/lib/rules/ad';

const colours: Record<ListingStatus, string> = {
  INCOMPLETE: 'bg-gray-100 text-gray-700',
  SENT_FOR_REVIEW: 'bg-amber-100 text-amber-900',
  HIDDEN: 'bg-slate-200 text-slate-800',
  ACTIVE: 'bg-green-100 text-green-900',
  UNPAID: 'bg-red-100 text-red-800',
};

export function StatusLabel({ status, label }: { status: ListingStatus; label: string }) {
  return (
    <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${colours[status]}`} data-status={status}>
      {label}
    </span>
  );
}
