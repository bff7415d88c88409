import { useTranslation } from 'react-i18next';
import { STALE_AFTER_DAYS } from '@sneakers/shared';
import { PagedList } from '../../../components/paged-list';
import { useStaleFlags } from '../api/queries';
import { formatDate } from '../model/format';

/** Flags always off, always on for 30+ days, or never evaluated: candidates for clean-up. */
export function StaleReport() {
  const { t, i18n } = useTranslation();
  const query = useStaleFlags();
  return (
    <div className="flex min-w-0 flex-col gap-3">
      <p className="text-sm text-neutral-600 dark:text-neutral-400">
        {t('flags.stale.intro', { days: STALE_AFTER_DAYS })}
      </p>
      <PagedList
        query={query}
        items={query.data ?? []}
        getKey={(flag) => flag.name}
        label={t('flags.stale.listLabel')}
        testId="stale"
        rowTestId="stale-row"
        rowAttributes={(flag) => ({ 'data-reason': flag.reason })}
        errorText={t('flags.stale.loadError')}
        empty={t('flags.stale.empty')}
        rowClassName="flex min-w-0 flex-col gap-1 rounded-xl border border-neutral-200 bg-white p-3 sm:flex-row sm:items-center sm:gap-3 dark:border-neutral-800 dark:bg-neutral-900"
        renderItem={(flag) => (
          <>
            <span className="font-mono text-sm font-semibold break-all sm:flex-1">{flag.name}</span>
            <span className="text-sm">{t(`flags.stale.reasons.${flag.reason}`)}</span>
            {flag.since && (
              <span className="text-xs text-neutral-500">
                {t('flags.stale.since', { date: formatDate(flag.since, i18n.language) })}
              </span>
            )}
          </>
        )}
      />
    </div>
  );
}
