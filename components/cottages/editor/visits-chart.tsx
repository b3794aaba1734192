import type { Locale } from '@/lib/constants';
import { formatDate } from '@/lib/format';
import type { VisitStats as Stats } from '@/lib/schemas/cottage-dto';

/**
 * Visits of the last 60 days as a server-rendered SVG bar chart: no chart library and no
 * JavaScript in the browser for a picture that does not change while looked at.
 */
export function VisitsChart({ stats, locale, title, totalLabel }: { stats: Stats; locale: Locale; title: string; totalLabel: string }) {
  const width = 600;
  const height = 140;
  const max = Math.max(1, ...stats.rows.map((r) => r.visits));
  const bar = width / Math.max(1, stats.rows.length);
  return (
    <figure className="rounded-lg bg-white p-5 shadow-sm">
      <figcaption className="mb-3 flex items-baseline justify-between">
        <span className="font-semibold">{title}</span>
        <span className="text-sm text-muted">{totalLabel}</span>
      </figcaption>
      <svg viewBox={`0 0 ${width} ${height + 18}`} className="h-auto w-full" role="img" aria-label={`${title}: ${totalLabel}`}>
        {stats.rows.map((r, i) => {
          const h = Math.round((r.visits / max) * height);
          return (
            <rect key={r.date} x={i * bar + 1} y={height - h} width={Math.max(1, bar - 2)} height={h} rx={1.5} className="fill-brand-600">
              <title>{`${formatDate(r.date, locale)}: ${r.visits}`}</title>
            </rect>
          );
        })}
        <line x1={0} x2={width} y1={height + 0.5} y2={height + 0.5} className="stroke-gray-300" />
        {stats.rows.length ? (
          <>
            <text x={0} y={height + 14} className="fill-gray-500 text-[11px]">
              {formatDate(stats.rows[0]!.date, locale)}
            </text>
            <text x={width} y={height + 14} textAnchor="end" className="fill-gray-500 text-[11px]">
              {formatDate(stats.rows[stats.rows.length - 1]!.date, locale)}
            </text>
          </>
        ) : null}
      </svg>
    </figure>
  );
}
