'use client';
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';

export type VisitsBarRow = { date: string; visits: number; label: string; long: string };

const BRAND_600 = '#23704a';
const GRID = '#e5e7eb';
const TICK = { fontSize: 11, fill: '#5b6660' };

/** The bars of the visit statistics (drawn only: the page's table carries the numbers). */
export function VisitsBars({ rows, visitsLabel, height }: { rows: VisitsBarRow[]; visitsLabel: string; height: number }) {
  return (
    <BarChart responsive data={rows} style={{ width: '100%', height }} margin={{ top: 4, right: 4, bottom: 0, left: -24 }} accessibilityLayer={false}>
      <CartesianGrid vertical={false} stroke={GRID} />
      <XAxis dataKey="label" tick={TICK} tickLine={false} axisLine={{ stroke: GRID }} interval="preserveStartEnd" minTickGap={24} />
      <YAxis allowDecimals={false} tick={TICK} tickLine={false} axisLine={false} width={48} />
      <Tooltip
        cursor={{ fill: 'rgba(35, 112, 74, 0.08)' }}
        labelFormatter={(_, payload) => (payload?.[0]?.payload as VisitsBarRow | undefined)?.long ?? ''}
        formatter={(value) => [value, visitsLabel]}
      />
      <Bar dataKey="visits" fill={BRAND_600} radius={[2, 2, 0, 0]} isAnimationActive={false} />
    </BarChart>
  );
}
