import type { Metadata } from 'next';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { ListingActions } from '@/components/cottages/listing-actions';
import { StatusLabel } from '@/components/cottages/status-label';
import { cottageTitle } from '@/components/cottages/cottage-title';
import type { CottageListItem } from '@/lib/schemas/cottage-dto';
import { buttonClass } from '@/components/ui/button';
import { PageTitle } from '@/components/ui/page-title';
import { apiGet } from '@/lib/api/server';
import { createListingPath } from '@/lib/rules/ad';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('cottage'))('listTitle') };
}

const linkClass = 'text-sm font-semibold text-brand-700 hover:underline';

// /dashboard/cottages — the host's ads in two groups: not reviewed and reviewed
export default async function CottagesPage() {
  const t = await getTranslations('cottage');
  const ads = await apiGet<CottageListItem[]>('/api/cottages');
  const groups = [
    { key: 'notReviewed', items: ads.filter((a) => !a.reviewed_at) },
    { key: 'reviewed', items: ads.filter((a) => a.reviewed_at) },
  ] as const;
  return (
    <>
      <div className="mb-6 flex flex-wrap items-center justify-between gap-4">
        <PageTitle>{t('listTitle')}</PageTitle>
        <Link href={`/dashboard${createListingPath(ads)}`} className={buttonClass()}>
          {t('create')}
        </Link>
      </div>
      {ads.length === 0 ? <p className="rounded-lg bg-white p-6 text-muted shadow-sm">{t('empty')}</p> : null}
      {groups.map((group) =>
        group.items.length === 0 ? null : (
          <section key={group.key} className="mb-8" aria-labelledby={`group-${group.key}`}>
            <h2 id={`group-${group.key}`} className="mb-3 text-lg font-semibold">
              {t(group.key)}
            </h2>
            <ul className="divide-y divide-gray-200 overflow-hidden rounded-lg bg-white shadow-sm">
              {group.items.map((ad) => {
                const title = cottageTitle(ad, (id) => t('untitled', { id }));
                return (
                  <li key={ad.id} className="flex flex-wrap items-center gap-4 px-5 py-4" data-testid={`listing-${ad.id}`}>
                    {ad.thumbnail ? (
                      // eslint-disable-next-line @next/next/no-img-element -- our own /img resizer serves the 46×46 thumbnail
                      <img src={`/img/${ad.thumbnail}?w=46&h=46&fit=crop`} alt="" width={46} height={46} className="size-[46px] rounded object-cover" />
                    ) : (
                      <span className="size-[46px] rounded bg-brand-50" aria-hidden />
                    )}
                    <div className="min-w-0 flex-1">
                      <p className="truncate font-semibold">{title}</p>
                      <StatusLabel status={ad.status} label={t(`status_${ad.status}`)} />
                    </div>
                    <div className="flex flex-wrap items-center gap-4">
                      <Link href={`/dashboard/cottages/${ad.id}`} className={linkClass}>
                        {t('edit')}
                      </Link>
                      {ad.verified_by === 'BANKID' || ad.verified_by === 'BOTH' ? null : (
                        <Link href={`/dashboard/cottages/${ad.id}/verify`} className={linkClass}>
                          {t('verify')}
                        </Link>
                      )}
                      {ad.commission === true ? null : (
                        <Link href={`/dashboard/cottages/${ad.id}/payment`} className={linkClass}>
                          {t('payment')}
                        </Link>
                      )}
                      <a href={`/sv/stuga/${ad.id}`} className={linkClass} target="_blank" rel="noreferrer">
                        {t('publicView')}
                      </a>
                      <ListingActions
                        id={ad.id}
                        title={title}
                        canHide={ad.reviewed_at !== null && ad.hidden_at === null}
                        canActivate={ad.reviewed_at !== null && ad.hidden_at !== null}
                        canDelete={ad.can_delete}
                      />
                    </div>
                  </li>
                );
              })}
            </ul>
          </section>
        ),
      )}
    </>
  );
}
