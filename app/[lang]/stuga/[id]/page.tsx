import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { BrandBar } from '@/components/layout/brand-bar';
import { SnackbarProvider } from '@/components/layout/snackbar';
import { STATE_COLOURS } from '@/components/cottages/editor/calendar-colours';
import { ApproveAd } from '@/components/public/approve-ad';
import { ContactHost } from '@/components/public/contact-host';
import { stayRuleWords } from '@/components/cottages/stay-rule-words';
import { PublicReviews } from '@/components/reviews/public-reviews';
import { Notice } from '@/components/ui/notice';
import { apiGetOrNull, currentUserOrNull } from '@/lib/api/server';
import { AMENITY_KEYS } from '@/lib/data/amenities';
import { REGIONS } from '@/lib/data/regions';
import { formatMonth, formatMoney } from '@/lib/format';
import { CALENDAR_STATES, daysOf } from '@/lib/rules/calendar';
import { addMonths, startOfMonth, todayInStockholm, weekdayFromMonday, type Day } from '@/lib/rules/dates';
import { rulesFor, type StayRule } from '@/lib/rules/stay-rules';
import type { PublicCottage as PublicAd } from '@/lib/schemas/cottage-dto';
import type { PublicReviews as Reviews } from '@/lib/schemas/reviews';
import Check from 'lucide-react/icons/check';

type Params = { lang: string; id: string };

async function load({ lang, id }: Params) {
  if ((lang !== 'sv' && lang !== 'en') || !/^\d{1,9}$/.test(id)) return null;
  return apiGetOrNull<PublicAd>(`/api/public/cottages/${id}`);
}

export async function generateMetadata({ params }: { params: Promise<Params> }): Promise<Metadata> {
  const p = await params;
  const ad = await apiGetOrNull<PublicAd>(`/api/public/cottages/${p.id}?count=0`);
  return { title: ad ? (p.lang === 'en' && ad.title_en) || ad.title_sv || 'Stuga' : 'Stuga', robots: ad?.public ? undefined : { index: false } };
}

// /sv/stuga/{id} and /en/stuga/{id} — the public ad page (and its owner's preview)
export default async function PublicAdPage({ params }: { params: Promise<Params> }) {
  const p = await params;
  const ad = await load(p);
  if (!ad) notFound();
  const en = p.lang === 'en';
  const t = await getTranslations({ locale: p.lang, namespace: 'publicAd' });
  const tc = await getTranslations({ locale: p.lang, namespace: 'cottage' });
  const tr = await getTranslations({ locale: p.lang, namespace: 'stayRules' });
  const [viewer, reviews, stay] = await Promise.all([
    currentUserOrNull<{ admin: boolean }>(),
    apiGetOrNull<Reviews>(`/api/public/cottages/${ad.id}/reviews`),
    apiGetOrNull<{ rules: StayRule[] }>(`/api/public/cottages/${ad.id}/stay-rules`),
  ]);
  const stayRules = stay?.rules ?? [];
  const title = (en && ad.title_en) || ad.title_sv || '';
  const description = (en && ad.description_en) || ad.description_sv || '';
  const region = REGIONS.find((r) => r.id === ad.region_id)?.name;
  const today = todayInStockholm();
  const months = Array.from({ length: 4 }, (_, i) => addMonths(startOfMonth(today), i));
  const [cover, ...rest] = ad.images;
  const canApprove = viewer?.admin && ad.review?.asked_for_review_at && !ad.review.reviewed_at;
  const calendarDays = months.map((month) => daysOf(ad.calendar, month, addMonths(month, 1)));
  // Issue 18: the days a stay may begin, marked where the stay rules name check-in weekdays.
  const isCheckInDay = (day: Day) => {
    const applying = rulesFor({ check_in: day, check_out: day }, stayRules);
    return applying.some((r) => r.checkin_weekdays) && applying.every((r) => !r.checkin_weekdays || r.checkin_weekdays.includes(weekdayFromMonday(day)));
  };
  const checkInDays = new Set(calendarDays.flat().flatMap(({ day }) => (isCheckInDay(day) ? [day] : [])));

  return (
    <SnackbarProvider>
      <header className="border-b border-gray-200 bg-white">
        <BrandBar href="/dashboard/conversations" className="mx-auto max-w-5xl px-4 py-4" />
      </header>
      <main className="mx-auto max-w-5xl px-4 py-8">
        {!ad.public ? (
          <div className="mb-6 flex flex-wrap items-center gap-4">
            <Notice>{t('preview')}</Notice>
            {canApprove ? <ApproveAd id={ad.id} /> : null}
          </div>
        ) : null}
        <h1 className="text-3xl font-bold">{title}</h1>
        <p className="mt-1 text-muted">{[ad.cities.map((c) => c.name).join(', '), region].filter(Boolean).join(' · ')}</p>
        {cover ? (
          <div className="mt-6 grid gap-2 sm:grid-cols-[2fr_1fr]">
            {/* eslint-disable-next-line @next/next/no-img-element -- our own /img resizer serves the 800×800 preview */}
            <img src={`/img/${cover.filename}?w=800&h=800`} alt={(en && cover.comment_en) || cover.comment_sv || title} className="h-full max-h-[520px] w-full rounded-lg object-cover" />
            <div className="grid grid-cols-2 gap-2 sm:grid-cols-2">
              {rest.slice(0, 4).map((image) => (
                // eslint-disable-next-line @next/next/no-img-element -- resized by /img
                <img
                  key={image.id}
                  src={`/img/${image.filename}?w=272&h=272&fit=crop`}
                  alt={(en && image.comment_en) || image.comment_sv || ''}
                  className="aspect-square w-full rounded-lg object-cover"
                />
              ))}
            </div>
          </div>
        ) : null}
        <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
          <div className="flex flex-col gap-8">
            <section>
              <p className="mb-3 font-semibold">
                {t('facts', { area: ad.area ?? 0, beds: ad.beds ?? 0 })} {ad.extra_beds ? t('extraBeds', { extra: ad.extra_beds }) : ''}
              </p>
              <p className="whitespace-pre-line">{description}</p>
            </section>
            {ad.amenities.length ? (
              <section>
                <h2 className="mb-3 text-xl font-semibold">{t('amenities')}</h2>
                <ul className="grid gap-2 sm:grid-cols-2">
                  {AMENITY_KEYS.filter((k) => ad.amenities.some((a) => a.key === k)).map((key) => {
                    const a = ad.amenities.find((x) => x.key === key)!;
                    const comment = (en && a.comment_en) || a.comment_sv;
                    return (
                      <li key={key}>
                        <Check className="mr-1.5 inline size-4 align-[-3px] text-brand-700" aria-hidden />
                        {tc(`amenity_${key}`)}
                        {comment ? <span className="text-sm text-muted"> – {comment}</span> : null}
                      </li>
                    );
                  })}
                </ul>
              </section>
            ) : null}
            <section>
              <h2 className="mb-3 text-xl font-semibold">{t('availability')}</h2>
              <ul className="mb-3 flex flex-wrap gap-3 text-xs">
                {CALENDAR_STATES.map((s) => (
                  <li key={s} className="flex items-center gap-1">
                    <span className={`size-3 rounded ${STATE_COLOURS[s]}`} aria-hidden /> {tc(`state_${s}`)}
                  </li>
                ))}
                {checkInDays.size ? (
                  <li className="flex items-center gap-1">
                    <span className="font-bold underline decoration-2 underline-offset-2" aria-hidden>
                      1
                    </span>{' '}
                    {tr('checkinDay')}
                  </li>
                ) : null}
              </ul>
              <div className="grid gap-5 sm:grid-cols-2">
                {months.map((month, i) => (
                  <div key={month}>
                    <h3 className="mb-1 text-sm font-semibold capitalize">{formatMonth(month, en ? 'en' : 'sv')}</h3>
                    <div className="grid grid-cols-7 gap-0.5 text-center text-[11px]">
                      {Array.from({ length: weekdayFromMonday(month) }, (_, i) => (
                        <span key={i} />
                      ))}
                      {calendarDays[i]!.map(({ day, state }) => {
                        const checkIn = checkInDays.has(day);
                        return (
                          <span
                            key={day}
                            data-day={day}
                            data-state={state}
                            data-checkin={checkIn || undefined}
                            className={`rounded py-1 ${STATE_COLOURS[state]} ${checkIn ? 'font-bold underline decoration-2 underline-offset-2' : ''}`}
                            title={checkIn ? `${tc(`state_${state}`)} · ${tr('checkinDay')}` : tc(`state_${state}`)}
                          >
                            {Number(day.slice(8))}
                          </span>
                        );
                      })}
                    </div>
                  </div>
                ))}
              </div>
              {stayRules.length ? (
                <div className="mt-5">
                  <h3 className="mb-2 font-semibold">{tr('title')}</h3>
                  <ul className="list-disc space-y-1 pl-5 text-sm" data-testid="stay-rules">
                    {stayRules.map((rule, i) => (
                      <li key={i}>{stayRuleWords(rule, tr, en ? 'en' : 'sv')}</li>
                    ))}
                  </ul>
                </div>
              ) : null}
            </section>
            {reviews ? <PublicReviews reviews={reviews} locale={en ? 'en' : 'sv'} /> : null}
          </div>
          <aside className="flex flex-col gap-6">
            <section className="rounded-lg bg-white p-5 shadow-sm">
              <h2 className="mb-3 text-lg font-semibold">{t('prices')}</h2>
              <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
                {ad.price_low_day !== null || ad.price_low_week !== null ? (
                  <>
                    <dt className="font-medium">{t('lowSeason')}</dt>
                    <dd>
                      {[ad.price_low_day !== null && t('perDay', { price: formatMoney(ad.price_low_day) }), ad.price_low_week !== null && t('perWeek', { price: formatMoney(ad.price_low_week) })]
                        .filter(Boolean)
                        .join(', ')}
                    </dd>
                  </>
                ) : null}
                {ad.price_high_day !== null || ad.price_high_week !== null ? (
                  <>
                    <dt className="font-medium">{t('highSeason')}</dt>
                    <dd>
                      {[ad.price_high_day !== null && t('perDay', { price: formatMoney(ad.price_high_day) }), ad.price_high_week !== null && t('perWeek', { price: formatMoney(ad.price_high_week) })]
                        .filter(Boolean)
                        .join(', ')}
                    </dd>
                  </>
                ) : null}
                {ad.price_per_month !== null ? <dd className="col-span-2">{t('perMonth', { price: formatMoney(ad.price_per_month) })}</dd> : null}
              </dl>
            </section>
            <section className="rounded-lg bg-white p-5 shadow-sm" aria-labelledby="contact-host">
              <h2 id="contact-host" className="mb-2 text-lg font-semibold">
                {t('contactHost')}
              </h2>
              {ad.host_first_name ? <p className="mb-2 text-sm">{t('host', { name: ad.host_first_name })}</p> : null}
              <p className="mb-4 text-sm text-muted">{t('contactHostText', { name: ad.host_first_name ?? '' })}</p>
              <ContactHost cottageId={ad.id} signedIn={Boolean(viewer)} own={ad.preview} />
            </section>
          </aside>
        </div>
      </main>
    </SnackbarProvider>
  );
}
