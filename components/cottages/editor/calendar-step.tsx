'use client';
import { useEffect, useMemo, useRef, useState } from 'react';
import Link from 'next/link';
import { useLocale, useTranslations } from 'next-intl';
import { CALENDAR_STATES, calendarWindow, daysOf, setRange, type CalendarState } from '@/lib/rules/calendar';
import type { Locale } from '@/lib/constants';
import { formatDate, formatMonth, weekdaysFromMonday } from '@/lib/format';
import { addDays, addMonths, startOfMonth, todayInStockholm, weekdayFromMonday } from '@/lib/rules/dates';
import { importedDays } from '@/lib/rules/ical';
import type { Cottage } from '@/lib/schemas/cottage-dto';
import { useFeeds } from '@/components/cottages/sync/use-feeds';
import { IMPORTED_COLOUR, STATE_COLOURS } from './calendar-colours';
import { StepDialog } from './step-dialog';
import { useStepForm } from './use-step-form';
import ArrowLeft from 'lucide-react/icons/arrow-left';
import ArrowRight from 'lucide-react/icons/arrow-right';

/** SPEC §9: months shown by width — 1, then 4, 6, 8 at >660, ≥1030, ≥1341 px. */
function monthsForWidth(width: number) {
  if (width >= 1341) return 8;
  if (width >= 1030) return 6;
  if (width > 660) return 4;
  return 1;
}

export function CalendarStep({ cottage }: { cottage: Cottage }) {
  const t = useTranslations('cottage');
  const tSync = useTranslations('calendarSync');
  const locale = useLocale() as Locale;
  const { form, error, dialog } = useStepForm(cottage.id, {
    values: { ranges: cottage.calendar },
    toPayload: (v) => v,
    schema: (s) => s.calendarForm(cottage.commission),
    path: `/cottages/${cottage.id}/calendar`,
  });
  const ranges = form.watch('ranges');
  const today = todayInStockholm();
  const window = calendarWindow(today);
  const [state, setState] = useState<CalendarState>(5);
  const [anchor, setAnchor] = useState<string | null>(null);
  const [first, setFirst] = useState(window.from);
  const [count, setCount] = useState(1);
  const [focusDay, setFocusDay] = useState(today);
  const grid = useRef<HTMLDivElement>(null);
  // Nights booked on other sites (issue 18): shown in their own colour, not editable here, never in `ranges`.
  const periods = useFeeds(cottage.id).data?.periods;
  const [notice, setNotice] = useState<{ text: string; n: number } | null>(null);

  useEffect(() => {
    const update = () => setCount(monthsForWidth(globalThis.innerWidth));
    update();
    globalThis.addEventListener('resize', update);
    return () => globalThis.removeEventListener('resize', update);
  }, []);

  useEffect(() => {
    grid.current?.querySelector<HTMLButtonElement>(`[data-day="${focusDay}"]`)?.focus({ preventScroll: false });
  }, [focusDay]);

  const weekdays = weekdaysFromMonday(locale);

  function choose(day: string, source: string | undefined) {
    if (source) {
      setNotice((n) => ({ text: tSync('importedLocked', { source }), n: (n?.n ?? 0) + 1 }));
      return;
    }
    setNotice(null);
    if (!anchor) {
      setAnchor(day);
      return;
    }
    const [from, to] = anchor <= day ? [anchor, day] : [day, anchor];
    form.setValue('ranges', setRange(ranges, { from, to: addDays(to, 1), state }), { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
    setAnchor(null);
  }

  function move(day: string, delta: number) {
    const next = addDays(day, delta);
    if (next < window.from || next >= window.to) return;
    const lastShown = addMonths(first, count);
    if (next < first) setFirst(startOfMonth(next));
    else if (next >= lastShown) setFirst(addMonths(first, 1));
    setFocusDay(next);
  }

  const months = Array.from({ length: count }, (_, i) => addMonths(first, i)).filter((m) => m < window.to);
  const imported = useMemo(() => importedDays(periods ?? [], first, addMonths(first, count)), [periods, first, count]);

  return (
    <StepDialog cottageId={cottage.id} title={t('step_calendar')} size="wide" {...dialog}>
      <p className="mb-3 text-sm text-muted">{t('calendarIntro')}</p>
      <fieldset className="mb-4 flex flex-wrap gap-3" aria-label={t('step_calendar')}>
        {CALENDAR_STATES.map((s) => (
          <label
            key={s}
            className={`flex cursor-pointer items-center gap-2 rounded-md border px-3 py-1.5 text-sm has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-ink ${state === s ? 'border-brand-700 ring-2 ring-brand-600' : 'border-gray-300'}`}
          >
            <input type="radio" name="calendar-state" className="sr-only" checked={state === s} onChange={() => setState(s)} />
            <span className={`size-4 rounded ${STATE_COLOURS[s]}`} aria-hidden />
            {t(`state_${s}`)}
          </label>
        ))}
      </fieldset>
      {periods?.length ? (
        <p className="-mt-2 mb-4 flex items-center gap-2 text-sm" data-testid="imported-legend">
          <span className={`size-4 rounded ${IMPORTED_COLOUR}`} aria-hidden />
          {tSync('legendImported')}
        </p>
      ) : null}
      {error('ranges') ? (
        <p className="mb-2 text-sm text-red-700" role="alert">
          {error('ranges')}
        </p>
      ) : null}
      <p className="mb-2 min-h-5 text-sm" aria-live="polite">
        {notice ? <span key={notice.n}>{notice.text}</span> : anchor ? t('selectionStart', { day: formatDate(anchor, locale) }) : ''}
      </p>
      <div className="mb-3 flex justify-between">
        <button type="button" className="rounded-md border border-gray-300 px-3 py-1.5 text-sm disabled:opacity-40" disabled={first <= window.from} onClick={() => setFirst(addMonths(first, -1))}>
          <ArrowLeft className="mr-1 inline size-4 align-[-3px]" aria-hidden />
          {t('previousMonths')}
        </button>
        <button
          type="button"
          className="rounded-md border border-gray-300 px-3 py-1.5 text-sm disabled:opacity-40"
          disabled={addMonths(first, count) >= window.to}
          onClick={() => setFirst(addMonths(first, 1))}
        >
          {t('nextMonths')}
          <ArrowRight className="ml-1 inline size-4 align-[-3px]" aria-hidden />
        </button>
      </div>
      <div ref={grid} className="grid gap-5" style={{ gridTemplateColumns: `repeat(${Math.min(count, 4)}, minmax(0, 1fr))` }}>
        {months.map((month) => {
          const next = addMonths(month, 1);
          const days = daysOf(ranges, month, next);
          return (
            <section key={month} aria-label={formatMonth(month, locale)}>
              <h3 className="mb-1 text-center text-sm font-semibold capitalize">{formatMonth(month, locale)}</h3>
              <div className="grid grid-cols-7 gap-0.5 text-center text-xs">
                {weekdays.map((w) => (
                  <span key={w} className="py-1 text-muted" aria-hidden>
                    {w}
                  </span>
                ))}
                {Array.from({ length: weekdayFromMonday(month) }, (_, i) => (
                  <span key={`pad-${i}`} aria-hidden />
                ))}
                {days.map(({ day, state: s }) => {
                  const selected = anchor === day;
                  const source = imported.get(day);
                  return (
                    <button
                      key={day}
                      type="button"
                      data-day={day}
                      data-state={source ? 'imported' : s}
                      data-source={source}
                      tabIndex={day === focusDay ? 0 : -1}
                      aria-label={source ? tSync('dayImported', { date: formatDate(day, locale), source }) : `${formatDate(day, locale)}, ${t(`state_${s}`)}`}
                      aria-pressed={selected}
                      aria-disabled={source ? true : undefined}
                      onClick={() => {
                        setFocusDay(day);
                        choose(day, source);
                      }}
                      onKeyDown={(e) => {
                        const delta = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 }[e.key];
                        if (delta) {
                          e.preventDefault();
                          move(day, delta);
                        } else if (e.key === 'Enter' || e.key === ' ') {
                          e.preventDefault();
                          choose(day, source);
                        }
                      }}
                      className={`aspect-square rounded text-xs font-medium outline-none focus-visible:ring-2 focus-visible:ring-ink ${source ? `${IMPORTED_COLOUR} cursor-not-allowed` : STATE_COLOURS[s]} ${selected ? 'ring-2 ring-ink' : ''} ${day < today ? 'line-through' : ''}`}
                    >
                      {Number(day.slice(8))}
                    </button>
                  );
                })}
              </div>
            </section>
          );
        })}
      </div>
      <p className="mt-5 text-sm">
        <Link href={`/dashboard/cottages/${cottage.id}/sync`} className="font-medium text-brand-700 underline hover:text-brand-800">
          {tSync('calendarLink')}
        </Link>
      </p>
    </StepDialog>
  );
}
