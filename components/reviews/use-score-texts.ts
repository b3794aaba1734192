'use client';
import { useTranslations } from 'next-intl';
import { SCORES, type ScoreName } from '@/lib/rules/reviews';

/** The four scores' names and 'n av 5' in the reader's language, for ScoreList in client components. */
export function useScoreTexts() {
  const t = useTranslations('reviews');
  const names = Object.fromEntries(SCORES.map((name) => [name, t(name)])) as Record<ScoreName, string>;
  return { names, outOf: (value: number) => t('outOf', { value }) };
}
