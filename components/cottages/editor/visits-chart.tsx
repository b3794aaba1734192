import type { Locale } from '@/lib/constants';
import { formatDate, formatShortDate } from '@/lib/format';
import type { VisitStats } from '@/lib/schemas/cottage-stats';
import { LazyVisitsBars } from './visits-bars-lazy';

/**
 * SPEC §2: the ad's visits of the last 60 days. The bars are recharts, loaded after the page (they
 * only draw); the numbers themselves are a table for screen readers, rendered with the page.
 */
export function VisitsChart({
  stats,
  locale,
  title,
  totalLabel,
  dayLabel,
  visitsLabel,
}: {
  stats: VisitStats;
  locale: Locale;
  title: string;
  totalLabel: string;
  dayLabel: string;
  visitsLabel: string;
}) {
  const rows = stats.rows.map((r) => ({ ...r, label: formatShortDate(r.date, locale), long: formatDate(r.date, locale) }));
  return (
    <figure className="rounded-lg bg-white p-5 shadow-sm" aria-labelledby="visits-title">
      <figcaption className="mb-3 flex items-baseline justify-between">
        <span id="visits-title" className="font-semibold">
          {title}
        </span>
        <span className="text-sm text-muted" data-testid="visits-total">
          {totalLabel}
        </span>
      </figcaption>
      <div aria-hidden>
        <LazyVisitsBars rows={rows} visitsLabel={visitsLabel} />
      </div>
      {/* A table ignores overflow: the visually hidden box is a div around it, so the rows never lengthen the page. */}
      <div className="sr-only">
        <table>
          <caption>{`${title}: ${totalLabel}`}</caption>
          <thead>
            <tr>
              <th scope="col">{dayLabel}</th>
              <th scope="col">{visitsLabel}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.date}>
                <th scope="row">{r.long}</th>
                <td>{r.visits}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
