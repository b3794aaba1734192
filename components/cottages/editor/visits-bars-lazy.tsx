'use client';
import dynamic from 'next/dynamic';
import type { VisitsBarRow } from './visits-bars';

/** The chart's height, kept by the skeleton so that nothing moves when the bars arrive. */
const VISITS_CHART_HEIGHT = 168;

// recharts is about 100 kB gzip: it loads in its own chunk after the page, never in the route's first load.
const Bars = dynamic(() => import('./visits-bars').then((m) => m.VisitsBars), {
  ssr: false,
  loading: () => <div className="animate-pulse rounded-md bg-gray-100" style={{ height: VISITS_CHART_HEIGHT }} data-testid="visits-skeleton" />,
});

export function LazyVisitsBars(props: { rows: VisitsBarRow[]; visitsLabel: string }) {
  return <Bars {...props} height={VISITS_CHART_HEIGHT} />;
}
