import type { Metadata } from 'next';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import ArrowLeft from 'lucide-react/icons/arrow-left';
import { PrintButton } from '@/components/layout/print-button';
import { loadReceipt } from '@/components/orders/load-receipt';
import { ReceiptDocument } from '@/components/orders/receipt-document';
import { Notice } from '@/components/ui/notice';

type Params = { id: string };

export async function generateMetadata({ params }: { params: Promise<Params> }): Promise<Metadata> {
  const { id } = await params;
  const t = await getTranslations('receipts');
  return { title: /^\d{1,9}$/.test(id) ? t('number', { id }) : t('title') };
}

// /dashboard/orders/{id} — one receipt, printable on A4 (the menu, the back link and the button stay off paper)
export default async function ReceiptPage({ params }: { params: Promise<Params> }) {
  const [receipt, t] = await Promise.all([params.then((p) => loadReceipt(p.id)), getTranslations('receipts')]);
  return (
    <div className="flex flex-col gap-5">
      <div className="no-print flex flex-wrap items-center justify-between gap-3">
        <Link href="/dashboard/orders" className="text-sm text-brand-700 hover:underline">
          <ArrowLeft className="mr-1 inline size-4 align-[-3px]" aria-hidden />
          {t('backToList')}
        </Link>
        {receipt ? <PrintButton label={t('print')} /> : null}
      </div>
      {receipt ? <ReceiptDocument receipt={receipt} /> : <Notice tone="error">{t('receiptLoadFailed')}</Notice>}
    </div>
  );
}
