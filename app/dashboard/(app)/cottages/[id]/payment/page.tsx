import type { Metadata } from 'next';
import Link from 'next/link';
import { getLocale, getTranslations } from 'next-intl/server';
import ArrowLeft from 'lucide-react/icons/arrow-left';
import { AdPayment } from '@/components/cottages/payment/ad-payment';
import { CommissionChoice } from '@/components/cottages/payment/commission-choice';
import { loadOwnCottage } from '@/components/cottages/load-cottage';
import { NotAllowed } from '@/components/cottages/not-allowed';
import { Notice } from '@/components/ui/notice';
import { PageTitle } from '@/components/ui/page-title';
import type { Locale } from '@/lib/constants';
import { apiGet, apiGetOrNull } from '@/lib/api/server';
import { formatDate } from '@/lib/format';
import { stepsMissingForCommission } from '@/lib/rules/ad';
import type { OrderDto, ProductsAnswer } from '@/lib/schemas/orders';

type Params = { id: string };

export async function generateMetadata({ params }: { params: Promise<Params> }): Promise<Metadata> {
  const { id } = await params;
  return { title: (await getTranslations('cottage'))('paymentTitle', { id }) };
}

// /dashboard/cottages/{id}/payment — the ad's payment model (SPEC §2, §4 "Payment flow (ad)")
type Search = { orderId?: string; source?: string; checkout?: string; session_id?: string };

export default async function AdPaymentPage({ params, searchParams }: { params: Promise<Params>; searchParams: Promise<Search> }) {
  const { id } = await params;
  const search = await searchParams;
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
  // The fixed-price path (SPEC §4): packages and add-ons paid through Stripe; the order the browser came back with.
  const packages = async () => {
    const catalogue = await apiGet<ProductsAnswer>(`/api/cottages/${cottage.id}/products`);
    const orderId = /^[1-9]\d{0,9}$/.test(search.orderId ?? '') ? search.orderId : null;
    const returnedOrder = orderId ? await apiGetOrNull<OrderDto>(`/api/cottages/${cottage.id}/orders/${orderId}/pay`) : null;
    return (
      <AdPayment
        cottageId={cottage.id}
        catalogue={catalogue}
        reviewed={Boolean(cottage.reviewed_at)}
        // An order the browser came back with was made with the terms ticked (stored with the ad).
        termsNeeded={!cottage.asked_for_review_at && !cottage.reviewed_at && !returnedOrder}
        returnedOrder={returnedOrder}
        returned={Boolean(returnedOrder && (search.source === 'stripe_checkout' || search.source === 'card'))}
        cancelled={search.checkout === 'cancel'}
      />
    );
  };
  let body: React.ReactNode;
  if (cottage.commission === true) {
    // The done step of the commission path (SPEC §8): reviewed, waiting for review, or still missing steps.
    if (cottage.reviewed_at) body = <Notice tone="success">{t('commissionActive')}</Notice>;
    else if (cottage.asked_for_review_at) body = <Notice tone="success">{t('doneCommission')}</Notice>;
    else body = missing.length ? missingSteps : <Notice tone="info">{t('hintSendForReview')}</Notice>;
  } else if (cottage.commission === null) {
    // Undecided: commission (no ad fee, 12 % at payout) or a paid package.
    body = missing.length ? (
      missingSteps
    ) : (
      <>
        <CommissionChoice cottageId={cottage.id} />
        {await packages()}
      </>
    );
  } else if (!cottage.complete) {
    body = <Notice tone="error">{t('paymentNotComplete')}</Notice>;
  } else {
    body = await packages();
  }

  return (
    <div className="flex max-w-3xl flex-col gap-4">
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
