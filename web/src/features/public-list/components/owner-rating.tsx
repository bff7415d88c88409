import { useTranslation } from 'react-i18next';
import { Star } from 'lucide-react';
import type { RatingSummary } from '@sneakers/shared/contracts/messaging';

/**
 * "★ 4.5 (12 ratings)" under the owner's name. The line keeps its height while the rating
 * loads (or when it cannot), so the list below never moves when it arrives.
 */
export function OwnerRating({ summary }: { summary: RatingSummary | null }) {
  const { t, i18n } = useTranslation();
  const rated = summary !== null && summary.count > 0 && summary.average !== null;
  const average = rated
    ? new Intl.NumberFormat(i18n.language, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(
        summary.average ?? 0,
      )
    : '';
  return (
    <p
      data-testid="public-list-rating"
      data-state={summary === null ? 'loading' : rated ? 'rated' : 'none'}
      className="flex h-5 items-center gap-1 text-sm text-neutral-600 dark:text-neutral-400"
    >
      {summary === null ? null : rated ? (
        <>
          <span className="sr-only">{t('publicList.rating.label', { average, count: summary.count })}</span>
          <span aria-hidden="true" className="inline-flex items-center gap-1">
            <Star className="h-4 w-4 fill-amber-400 text-amber-500" />
            <span className="font-semibold text-neutral-900 tabular-nums dark:text-neutral-100">
              {average}
            </span>
            <span>{t('publicList.rating.count', { count: summary.count })}</span>
          </span>
        </>
      ) : (
        t('publicList.rating.none')
      )}
    </p>
  );
}
