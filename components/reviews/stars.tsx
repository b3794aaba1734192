import Star from 'lucide-react/icons/star';
import { SCORE_MAX } from '@/lib/rules/reviews';

/**
 * A score as five stars, for reading only (lists, the public ad): one image whose name is the score
 * in words ('4 av 5'), the stars themselves hidden. No hooks, so server pages use it without script.
 */
export function Stars({ value, label, size = 'size-4' }: { value: number; label: string; size?: string }) {
  const filled = Math.round(value);
  return (
    <span role="img" aria-label={label} className="inline-flex shrink-0 items-center gap-0.5 align-[-2px]">
      {Array.from({ length: SCORE_MAX }, (_, i) => (
        <Star key={i} aria-hidden className={`${size} ${i < filled ? 'fill-amber-400 text-amber-700' : 'fill-none text-gray-500'}`} strokeWidth={1.75} />
      ))}
    </span>
  );
}
