import { SCORES, type ScoreName } from '@/lib/rules/reviews';
import { Stars } from './stars';

type Props = {
  scores: Record<ScoreName, number | null>;
  /** The four scores' names, in the reader's language. */
  names: Record<ScoreName, string>;
  /** A score in words for the stars' text alternative and the visible number: '4 av 5'. */
  outOf: (value: number) => string;
  /** How a score is written beside its stars (averages keep one decimal). */
  format?: (value: number) => string;
};

/** The four scores of a review (or an ad's averages), each a name, stars and the number. */
export function ScoreList({ scores, names, outOf, format = String }: Props) {
  return (
    <dl className="grid grid-cols-[auto_auto] justify-start gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_auto_auto_auto] sm:gap-x-6">
      {SCORES.map((name) => {
        const value = scores[name];
        return (
          <div key={name} className="contents">
            <dt className="text-muted">{names[name]}</dt>
            <dd className="flex items-center gap-1.5">
              {value === null ? (
                '–'
              ) : (
                <>
                  <Stars value={value} label={outOf(value)} />
                  <span aria-hidden className="tabular-nums">
                    {format(value)}
                  </span>
                </>
              )}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
