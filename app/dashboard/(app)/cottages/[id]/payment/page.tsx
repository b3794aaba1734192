import type { Metadata } from 'next';
import Link from 'next/link';
import { getLocale, getTranslations } from 'next-intl/server';
import ArrowLeft from 'lucide-react/icons/arrow-left';
import { CommissionChoice } from '@/components/cottages/payment/commission-choice';
import { loadOwnCottage } from '@/components/cottages/load-cottage';
import { NotAllowed } from '@/components/cottages/not-allowed';
import { Notice } from '@/components/ui/notice';
import { PageTitle } from '@/components/ui/page-title';
import type { Locale } from '@/lib/constants';
import { formatDate } from '@/lib/format';
import { stepsMissingForCommission } from '@/lib/rules/ad';

type Params = { id: string };

export async function generateMetadata({ params }: { params: Promise<Params> }): Promise<Metadata> {
  const { id } = await params;
  return { title: (await getTranslations('cottage'))('paymentTitle', { id }) };
}

// /dashboard/cottages/{id}/payment — the ad's payment model (SPEC §2, §4 "Payment flow (ad)")
export default async function AdPaymentPage({ params }: { params: Promise<Params> }) {
  const { id } = await params;
  const t = await getTranslations('cottage');
  const locale = (await getLocale()) as Locale;
  const cottage = await loadOwnCottage(id);
  if (cottage === 'notAllowed') return <NotAllowed />;
  const back = (
    <Link href={`/dashboard/cottages/${cottage.id}`} className="mb-4 inline-block text-sm text-brand-700 hover:underline">
      <ArrowLeft className="mr-1 inline size-4 align-[-3px]" aria-hidden />
      {t('backToAd')}
    </Link>
  );

  // What commission still needs (property and rent-out type, an available period): linked, so the host can finish it first.
  const missing = stepsMissingForCommission(cottage);
  const missingSteps = (
    <Notice tone="error">
      <p>{t('paymentNotComplete')}</p>
      <ul className="mt-1 list-disc pl-5">
        {missing.map((step) => (
          <li key={step}>
            <Link href={`/dashboard/cottages/${cottage.id}/${step}`} className="font-semibold underline">
              {t(`step_${step}`)}
            </Link>
          </li>
        ))}
      </ul>
    </Notice>
  );
  let body: React.ReactNode;
  if (cottage.commission === true) {
    // The done step of the commission path (SPEC §8): reviewed, waiting for review, or still missing steps.
    if (cottage.reviewed_at) body = <Notice tone="success">{t('commissionActive')}</Notice>;
    else if (cottage.asked_for_review_at) body = <Notice tone="success">{t('doneCommission')}</Notice>;
    else body = missing.length ? missingSteps : <Notice tone="info">{t('hintSendForReview')}</Notice>;
  } else if (cottage.commission === null) {
    body = missing.length ? missingSteps : <CommissionChoice cottageId={cottage.id} />;
  } else if (!cottage.complete) {
    body = <Notice tone="error">{t('paymentNotComplete')}</Notice>;
  } else {
    body = <Notice tone="info">{t('packagesUnavailable')}</Notice>;
  }

  return (
    <div className="flex max-w-2xl flex-col gap-4">
      <div>
        {back}
        <PageTitle>
          {t('paymentTitle', { id: cottage.id })}
          {cottage.title_sv ? <span className="block text-lg font-normal text-muted">{cottage.title_sv}</span> : null}
        </PageTitle>
      </div>
      {cottage.paid_until ? <p data-testid="paid-until">{t('paidUntil', { date: formatDate(cottage.paid_until, locale) })}</p> : null}
      {body}
    </div>
  );
}
