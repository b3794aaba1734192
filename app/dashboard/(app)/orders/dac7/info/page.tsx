import type { Metadata } from 'next';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { PrintButton } from '@/components/layout/print-button';
import { Notice } from '@/components/ui/notice';
import { PageTitle } from '@/components/ui/page-title';
import { apiGet, apiGetText } from '@/lib/api/server';
import { formatMoney } from '@/lib/format';
import { parseDac7Xml, QUARTERS, type Dac7Listing } from '@/lib/rules/dac7';
import type { User } from '@/lib/schemas/user-dto';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('dac7'))('title') };
}

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

// /dashboard/orders/dac7/info?year= — SPEC §2: the DAC7 report, per ad and quarter, printable; for hosts with reviewed ads and complete tax data
export default async function Dac7Page({ searchParams }: { searchParams: Promise<{ year?: string }> }) {
  const [{ year: asked }, t, user] = await Promise.all([searchParams, getTranslations('dac7'), apiGet<User>('/api/user')]);
  const head = <PageTitle>{t('title')}</PageTitle>;
  if (!user.dac7_valid || !user.has_reviewed_cottages) {
    return (
      <div className="flex flex-col gap-6">
        {head}
        <Notice>{t('notAvailable')}</Notice>
      </div>
    );
  }
  let years: number[];
  let listings: Dac7Listing[] = [];
  let year: number | null = null;
  try {
    years = await apiGet<number[]>('/api/dac-seven/available-years');
    year = years.find((y) => String(y) === asked) ?? years[0] ?? null;
    // The API's report is XML (the DPI schema DAC7 uses); it is read back into the totals shown here.
    if (year !== null) listings = parseDac7Xml(await apiGetText(`/api/dac-seven/info/${year}`));
  } catch {
    return (
      <div className="flex flex-col gap-6">
        {head}
        <Notice tone="error">{t('fetchError')}</Notice>
      </div>
    );
  }
  const cell = 'whitespace-nowrap px-3 py-2 text-right tabular-nums';
  return (
    <div className="flex flex-col gap-6">
      {head}
      <p className="max-w-prose text-muted">{t('intro')}</p>
      {years.length > 1 ? (
        <nav aria-label={t('year')} className="flex flex-wrap gap-2 print:hidden">
          {years.map((y) => (
            <Link
              key={y}
              href={`/dashboard/orders/dac7/info?year=${y}`}
              aria-current={y === year ? 'page' : undefined}
              className={`rounded-md border px-3 py-1 text-sm ${y === year ? 'border-brand-700 font-semibold text-brand-800' : 'border-gray-300'}`}
            >
              {y}
            </Link>
          ))}
        </nav>
      ) : null}
      {listings.length === 0 ? (
        <Notice>{t('noData')}</Notice>
      ) : (
        <>
          <h2 className="text-lg font-semibold">{year}</h2>
          {listings.map((l) => (
            <section key={l.cottage_id} className="overflow-x-auto rounded-lg bg-white p-4 shadow-sm print:shadow-none" data-testid={`dac7-${l.cottage_id}`}>
              <h3 className="font-semibold">
                {t('ad')} #{l.cottage_id} · {t('designation')}: {l.property_designation ?? '–'}
              </h3>
              <p className="mb-3 text-sm text-muted">
                {t('address')}: {[l.address_street, l.address_postal_code, l.address_city].filter(Boolean).join(', ') || '–'}
              </p>
              <table className="min-w-full text-sm">
                <thead>
                  <tr className="border-b border-gray-200">
                    <th scope="col" className="px-3 py-2 text-left" />
                    {QUARTERS.map((q) => (
                      <th key={q} scope="col" className={cell}>
                        {t('quarter', { n: q })}
                      </th>
                    ))}
                    <th scope="col" className={cell}>
                      {t('total')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {(['payout', 'fee'] as const).map((row) => {
                    const values = row === 'payout' ? l.consideration : l.fees;
                    const total = sum(values);
                    return (
                      <tr key={row} className="border-b border-gray-100">
                        <th scope="row" className="px-3 py-2 text-left font-medium">
                          {t(row)}
                        </th>
                        {values.map((v, i) => (
                          <td key={i} className={cell}>
                            {formatMoney(v)}
                          </td>
                        ))}
                        <td className={`${cell} font-semibold`}>{Number.isFinite(total) ? formatMoney(total) : t(row === 'payout' ? 'payoutError' : 'feeError')}</td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
              <p className="mt-3 text-sm">
                {t('activities')}: {l.activities} · {t('rentedDays')}: {l.rented_days}
              </p>
            </section>
          ))}
          <div className="print:hidden">
            <PrintButton label={t('print')} />
          </div>
        </>
      )}
    </div>
  );
}
