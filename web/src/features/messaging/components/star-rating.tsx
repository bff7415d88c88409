import { useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Star } from 'lucide-react';
import { cn } from '../../../lib/utils';

const STARS = [1, 2, 3, 4, 5] as const;

/**
 * A rating shown: five stars filled to the average, the average and the count; screen
 * readers hear one sentence ("Rated 4.5 out of 5 from 12 ratings" / "No ratings yet").
 */
export function StarRating({
  value,
  count,
  className,
  testId = 'star-rating',
}: {
  value: number | null;
  /** How many ratings the average is of; absent for one rating's own stars. */
  count?: number;
  className?: string;
  testId?: string;
}) {
  const { t, i18n } = useTranslation();
  const average = value ?? 0;
  const shown = average.toLocaleString(i18n.language, { maximumFractionDigits: 1 });
  const none = value === null || count === 0;
  const label = none
    ? t('messaging.rating.none')
    : count === undefined
      ? t('messaging.rating.single', { average: shown })
      : t('messaging.rating.label', { average: shown, count });
  return (
    <span
      role="img"
      aria-label={label}
      data-testid={testId}
      data-average={value ?? ''}
      data-count={count ?? ''}
      className={cn(
        'inline-flex items-center gap-1 text-xs text-neutral-600 dark:text-neutral-400',
        className,
      )}
    >
      <span aria-hidden="true" className="flex">
        {STARS.map((star) => (
          <Star
            key={star}
            className={cn(
              'h-3.5 w-3.5',
              average >= star - 0.25
                ? 'fill-amber-400 text-amber-400'
                : 'fill-transparent text-neutral-300 dark:text-neutral-600',
            )}
          />
        ))}
      </span>
      <span aria-hidden="true" className="tabular-nums">
        {none ? t('messaging.rating.noneShort') : count === undefined ? shown : `${shown} (${count})`}
      </span>
    </span>
  );
}

/** The next value of a star radio group for a key, or undefined when the key does nothing here. */
export function starForKey(key: string, current: number): number | undefined {
  switch (key) {
    case 'ArrowRight':
    case 'ArrowUp':
      return Math.min(5, current + 1);
    case 'ArrowLeft':
    case 'ArrowDown':
      return Math.max(1, current - 1);
    case 'Home':
      return 1;
    case 'End':
      return 5;
    default:
      return undefined;
  }
}

/**
 * 1 to 5 stars as a WAI-ARIA radio group: one tab stop (the chosen star, else the first),
 * arrows move and choose, Home/End jump to 1 and 5, Space or Enter chooses the focused one.
 */
export function StarInput({
  value,
  onChange,
  labelledBy,
  describedBy,
  invalid,
}: {
  value: number;
  onChange: (stars: number) => void;
  labelledBy: string;
  describedBy?: string;
  invalid?: boolean;
}) {
  const { t } = useTranslation();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, star: number) => {
    if (event.key === ' ' || event.key === 'Enter') {
      event.preventDefault();
      onChange(star);
      return;
    }
    const next = starForKey(event.key, value || star);
    if (next === undefined) return;
    event.preventDefault();
    onChange(next);
    refs.current[next - 1]?.focus();
  };
  return (
    <div
      role="radiogroup"
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      aria-invalid={invalid || undefined}
      data-testid="rating-stars"
      className="flex gap-1"
    >
      {STARS.map((star) => {
        const checked = value === star;
        return (
          <button
            key={star}
            ref={(el) => {
              refs.current[star - 1] = el;
            }}
            type="button"
            role="radio"
            aria-checked={checked}
            aria-label={t('messaging.rating.stars', { count: star })}
            tabIndex={checked || (value === 0 && star === 1) ? 0 : -1}
            data-testid={`rating-star-${star}`}
            onClick={() => onChange(star)}
            onKeyDown={(event) => onKeyDown(event, star)}
            className="rounded-md p-1 focus-visible:outline-2 focus-visible:outline-orange-500"
          >
            <Star
              aria-hidden="true"
              className={cn(
                'h-7 w-7',
                value >= star
                  ? 'fill-amber-400 text-amber-400'
                  : 'fill-transparent text-neutral-300 dark:text-neutral-600',
              )}
            />
          </button>
        );
      })}
    </div>
  );
}
