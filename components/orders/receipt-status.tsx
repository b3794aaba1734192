import { useTranslations } from 'next-intl';
import type { OrderDto } from '@/lib/schemas/orders';

type Status = OrderDto['payment_status'];

/** Paid green, pending amber, failed and expired red, created grey (as the booking chips). */
const COLOURS: Record<Status, string> = {
  paid: 'bg-green-100 text-green-900 border-green-300',
  pending: 'bg-amber-100 text-amber-900 border-amber-300',
  failed: 'bg-red-100 text-red-900 border-red-300',
  expired: 'bg-red-50 text-red-800 border-red-200',
  created: 'bg-gray-100 text-gray-800 border-gray-300',
};

/** A receipt's payment status as a chip (the list in the browser, the receipt on the server). */
export function ReceiptStatus({ status }: { status: Status }) {
  const t = useTranslations('receipts');
  return <span className={`inline-block whitespace-nowrap rounded-full border px-2.5 py-0.5 text-xs font-semibold ${COLOURS[status]}`}>{t(`status_${status}`)}</span>;
}
