import { useMemo } from 'react';
import { PagedList } from '../../../components/paged-list';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { pageItems } from '../../../lib/page-items';
import { useRuns } from '../api/queries';
import type { Words } from '../model/describe';

/** The run history (docs/product/pricing-strategies.md#screens), newest first: each opens its rows. */
export function RunsList({ words, onOpen }: { words: Words; onOpen: (runId: string) => void }) {
  const { t, language } = words;
  const query = useRuns();
  const runs = useMemo(() => pageItems(query.data, (page) => page.runs), [query.data]);
  return (
    <PagedList
      query={query}
      items={runs}
      getKey={(run) => run.id}
      label={t('pricing.tabs.history')}
      testId="pricing-runs"
      rowTestId="pricing-run-row"
      rowAttributes={(run) => ({ 'data-status': run.status })}
      errorText={t('pricing.runs.loadError')}
      empty={t('pricing.runs.empty')}
      renderItem={(run) => (
        <div className="flex min-w-0 flex-col gap-2 text-sm sm:flex-row sm:items-center">
          <div className="flex min-w-0 flex-1 flex-col gap-1">
            <span className="font-semibold break-words">{run.strategyName}</span>
            <span className="flex flex-wrap items-center gap-2 text-xs text-neutral-600 dark:text-neutral-400">
              <Badge
                tone={run.status === 'applied' ? 'blue' : run.status === 'previewed' ? 'orange' : 'neutral'}
                data-testid="pricing-run-row-status"
              >
                {t(`pricing.status.${run.status}`)}
              </Badge>
              <span>{t(`pricing.trigger.${run.trigger}`)}</span>
              <span>{new Date(run.createdAt).toLocaleString(language)}</span>
            </span>
            <span className="text-xs">
              {t('pricing.run.counts', {
                items: run.counts.items,
                changes: run.counts.changes,
                warnings: run.counts.warnings,
                applied: run.counts.applied,
                skipped: run.counts.skipped,
              })}
            </span>
          </div>
          <Button
            size="sm"
            variant="outline"
            data-testid="pricing-run-open"
            aria-label={t('pricing.runs.openNamed', { name: run.strategyName })}
            onClick={() => onOpen(run.id)}
          >
            {t('pricing.runs.open')}
          </Button>
        </div>
      )}
    />
  );
}
