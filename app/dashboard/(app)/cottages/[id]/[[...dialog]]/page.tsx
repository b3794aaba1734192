import { webConfig } from '@/lib/api/config';
import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { getLocale, getTranslations } from 'next-intl/server';
import { EditorActions } from '@/components/cottages/editor/editor-actions';
import { LastMinutes } from '@/components/cottages/editor/last-minutes';
import { EDITOR_DIALOGS, EXTRA_DIALOGS, type EditorDialog } from '@/components/cottages/editor/dialogs';
import { StepLoader } from '@/components/cottages/editor/step-loader';
import { VisitsChart } from '@/components/cottages/editor/visits-chart';
import { StatusLabel } from '@/components/cottages/status-label';
import type { CottageTag, LastMinute, VisitStats } from '@/lib/schemas/cottage-dto';
import { PageTitle } from '@/components/ui/page-title';
import { apiGet } from '@/lib/api/server';
import { loadOwnCottage } from '@/components/cottages/load-cottage';
import { NotAllowed } from '@/components/cottages/not-allowed';
import type { Locale } from '@/lib/constants';
import { AD_STEPS, REQUIRED_AD_STEPS } from '@/lib/rules/ad';
import ArrowLeft from 'lucide-react/icons/arrow-left';
import Check from 'lucide-react/icons/check';

type Params = { id: string; dialog?: string[] };

export async function generateMetadata({ params }: { params: Promise<Params> }): Promise<Metadata> {
  const { id } = await params;
  return { title: (await getTranslations('cottage'))('editTitle', { id }) };
}

/** Steps that open a dialog; 'payment' leads to the payment page instead. */
const stepHref = (id: number, step: string) => `/dashboard/cottages/${id}/${step}`;

// /dashboard/cottages/{id} and /dashboard/cottages/{id}/{dialog} — the ad editor
export default async function CottageEditorPage({ params }: { params: Promise<Params> }) {
  const { id, dialog: dialogPath } = await params;
  if (dialogPath && dialogPath.length > 1) notFound();
  const dialog = dialogPath?.[0];
  if (dialog && !(EDITOR_DIALOGS as readonly string[]).includes(dialog)) notFound();
  const t = await getTranslations('cottage');
  const locale = (await getLocale()) as Locale;

  const cottage = await loadOwnCottage(id);
  if (cottage === 'notAllowed') return <NotAllowed />;
  const [stats, deals, tags] = await Promise.all([
    apiGet<VisitStats>(`/api/cottages/${id}/stats`),
    apiGet<LastMinute[]>(`/api/cottages/${id}/lastminutes`),
    dialog === 'location' ? apiGet<CottageTag[]>('/api/cottages/tags') : Promise.resolve([]),
  ]);
  const verifiedByBankId = cottage.verified_by === 'BANKID' || cottage.verified_by === 'BOTH';

  return (
    <>
      <Link href="/dashboard/cottages" className="mb-4 inline-block text-sm text-brand-700 hover:underline">
        <ArrowLeft className="mr-1 inline size-4 align-[-3px]" aria-hidden />
        {t('backToList')}
      </Link>
      <PageTitle>
        {t('editTitle', { id: cottage.id })}
        {cottage.title_sv ? <span className="block text-lg font-normal text-muted">{cottage.title_sv}</span> : null}
      </PageTitle>
      <div className="mb-6 flex items-center gap-3">
        <StatusLabel status={cottage.status} label={t(`status_${cottage.status}`)} />
      </div>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <section className="rounded-lg bg-white p-5 shadow-sm" aria-labelledby="steps">
          <h2 id="steps" className="mb-3 font-semibold">
            {t('steps')}
          </h2>
          <ol className="divide-y divide-gray-100">
            {AD_STEPS.map((step) => {
              const done = cottage.steps[step];
              const required = REQUIRED_AD_STEPS.includes(step);
              const disabled = step === 'verify' && verifiedByBankId;
              const href = step === 'payment' ? stepHref(cottage.id, 'payment') : stepHref(cottage.id, step);
              return (
                <li key={step} className="flex items-center gap-3 py-2.5" data-testid={`step-${step}`} data-done={done}>
                  <span
                    className={`flex size-6 items-center justify-center rounded-full text-xs font-bold ${done ? 'bg-green-600 text-white' : 'border border-gray-300 text-gray-400'}`}
                    role="img"
                    aria-label={done ? t('done') : t('todo')}
                  >
                    {done ? <Check className="size-4" aria-hidden /> : null}
                  </span>
                  {disabled ? (
                    <span className="flex-1 text-muted">{t(`step_${step}`)}</span>
                  ) : (
                    <Link href={href} className="flex-1 font-medium text-ink hover:text-brand-700 hover:underline" scroll={false}>
                      {t(`step_${step}`)}
                    </Link>
                  )}
                  <span className="text-xs text-muted">{required ? t('required') : t('optional')}</span>
                </li>
              );
            })}
          </ol>
          <h3 id="more-steps" className="mt-5 mb-1 text-sm font-semibold">
            {t('moreSteps')}
          </h3>
          <ul aria-labelledby="more-steps" className="divide-y divide-gray-100">
            {EXTRA_DIALOGS.map((step) => (
              <li key={step} className="py-2.5" data-testid={`step-${step}`}>
                <Link href={stepHref(cottage.id, step)} className="font-medium text-ink hover:text-brand-700 hover:underline" scroll={false}>
                  {t(`step_${step}`)}
                </Link>
                <span className="block text-xs text-muted">{t(`step_${step}_hint`)}</span>
              </li>
            ))}
          </ul>
          <div className="mt-5">
            <EditorActions cottage={cottage} />
          </div>
        </section>
        <div className="flex flex-col gap-6">
          <VisitsChart stats={stats} locale={locale} title={t('stats')} totalLabel={t('statsTotal', { total: stats.total })} dayLabel={t('statsDay')} visitsLabel={t('statsVisits')} />
          <LastMinutes cottageId={cottage.id} initial={deals} />
        </div>
      </div>
      {dialog ? <StepLoader dialog={dialog as EditorDialog} cottage={cottage} tags={tags} hasValidBooking={cottage.has_valid_booking} mapsKey={webConfig.googleMapsKey} /> : null}
    </>
  );
}
