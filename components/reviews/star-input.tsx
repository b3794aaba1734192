'use client';
import { useId } from 'react';
import { useTranslations } from 'next-intl';
import Star from 'lucide-react/icons/star';
import { SCORE_MAX } from '@/lib/rules/reviews';

type Props = {
  legend: string;
  name: string;
  value: number | undefined;
  onChange: (value: number) => void;
  onBlur: () => void;
  error?: string;
};

/**
 * A required 1–5 score as a group of native radio buttons drawn as stars: Tab enters the group, the
 * arrow keys choose, each star's name says how many ('4 stjärnor'), the legend names the score.
 */
export function StarInput({ legend, name, value, onChange, onBlur, error }: Props) {
  const t = useTranslations('reviews');
  const id = useId();
  return (
    <fieldset className="flex flex-col gap-1" aria-describedby={`${id}-error`} data-testid={`score-${name}`}>
      <legend className="mb-1 text-sm font-medium text-ink">{legend}</legend>
      <div className="flex items-center gap-3">
        <div className="flex">
          {Array.from({ length: SCORE_MAX }, (_, i) => i + 1).map((n) => (
            <label
              key={n}
              className="relative cursor-pointer rounded-md p-1 has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-offset-1 has-[input:focus-visible]:outline-brand-600 hover:bg-amber-50"
            >
              {/* Over the star, invisible: a click or a tap lands on the radio itself. */}
              <input
                type="radio"
                className="absolute inset-0 z-10 m-0 size-full cursor-pointer appearance-none opacity-0"
                name={name}
                value={n}
                checked={value === n}
                onChange={() => onChange(n)}
                onBlur={onBlur}
              />
              <Star aria-hidden className={`size-8 ${value !== undefined && n <= value ? 'fill-amber-400 text-amber-700' : 'fill-none text-gray-500'}`} strokeWidth={1.5} />
              <span className="sr-only">{t('stars', { count: n })}</span>
            </label>
          ))}
        </div>
        <span aria-hidden className="text-sm text-muted tabular-nums">
          {value ? t('outOf', { value }) : ''}
        </span>
      </div>
      <p id={`${id}-error`} className="min-h-5 text-sm text-red-700" role={error ? 'alert' : undefined}>
        {error}
      </p>
    </fieldset>
  );
}
