import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ApiError, type PricingStrategy } from '@sneakers/shared';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { PagedList } from '../../../components/paged-list';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useDemoMode } from '../../../lib/demo/demo-mode';
import { isDemoRefusal } from '../../../lib/demo/demo-refusal';
import { showDemoToast } from '../../../lib/demo/demo-toast';
import { relativeTime } from '../../../lib/relative-time';
import { useDeleteStrategy, usePreviewStrategy, useStrategies } from '../api/queries';
import { ruleSummary, selectionSummary, type Words } from '../model/describe';

export function StrategiesSkeleton() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-busy="true" data-testid="pricing-strategies-loading" className="grid gap-3">
      <span className="sr-only">{t('common.loading')}</span>
      {[0, 1, 2].map((n) => (
        <div
          key={n}
          aria-hidden="true"
          className="h-28 animate-pulse rounded-xl bg-neutral-100 motion-reduce:animate-none dark:bg-neutral-800"
        />
      ))}
    </div>
  );
}

/** The strategies (docs/product/pricing-strategies.md#screens): what each prices, how, when, and its actions. */
export function StrategiesList({
  words,
  onCreate,
  onEdit,
  onPreviewed,
}: {
  words: Words;
  onCreate: () => void;
  onEdit: (strategy: PricingStrategy) => void;
  onPreviewed: (runId: string) => void;
}) {
  const { t, language } = words;
  const isDemo = useDemoMode();
  const query = useStrategies();
  const strategies = useMemo(() => query.data ?? [], [query.data]);
  const remove = useDeleteStrategy();
  const preview = usePreviewStrategy();
  const [deleting, setDeleting] = useState<PricingStrategy | null>(null);
  const now = useMemo(() => new Date(), [query.dataUpdatedAt]); // eslint-disable-line react-hooks/exhaustive-deps

  const startPreview = (strategy: PricingStrategy) => {
    if (isDemo) return showDemoToast();
    preview.mutate(strategy.id, {
      onSuccess: (run) => onPreviewed(run.id),
      onError: (error) => {
        if (isDemoRefusal(error)) return;
        const noItems = error instanceof ApiError && error.code === 'NO_ITEMS';
        toast.error(t(noItems ? 'pricing.preview.noItems' : 'pricing.preview.failed'));
      },
    });
  };

  const confirmDelete = () => {
    if (!deleting) return;
    const strategy = deleting;
    setDeleting(null);
    if (isDemo) return showDemoToast();
    remove.mutate(strategy.id, {
      onSuccess: () => toast.success(t('pricing.toast.deleted', { name: strategy.name })),
      onError: (error) => isDemoRefusal(error) || toast.error(t('pricing.toast.deleteError')),
    });
  };

  const schedule = (strategy: PricingStrategy) =>
    strategy.schedule === 'off'
      ? t('pricing.schedule.off')
      : strategy.nextRunAt
        ? t('pricing.schedule.next', {
            schedule: t(`pricing.schedule.${strategy.schedule}`),
            when: relativeTime(strategy.nextRunAt, now, language),
          })
        : t(`pricing.schedule.${strategy.schedule}`);

  if (query.isPending) return <StrategiesSkeleton />;

  const create = (
    <Button data-testid="pricing-new-strategy" onClick={onCreate}>
      {t('pricing.new')}
    </Button>
  );

  return (
    <div className="flex flex-col gap-4">
      {preview.isPending && (
        <div
          role="status"
          aria-live="polite"
          data-testid="pricing-preview-progress"
          className="flex flex-col gap-2 rounded-xl border border-orange-200 bg-orange-50 p-4 text-sm dark:border-orange-900 dark:bg-orange-950"
        >
          <span className="flex items-center gap-3">
            <Spinner className="h-5 w-5 border-2" />
            {t('pricing.preview.reading')}
          </span>
          <span className="h-1.5 overflow-hidden rounded-full bg-orange-100 dark:bg-orange-900">
            <span className="block h-full w-1/3 animate-pulse rounded-full bg-orange-500 motion-reduce:animate-none" />
          </span>
        </div>
      )}
      <PagedList
        query={query}
        items={strategies}
        getKey={(s) => s.id}
        label={t('pricing.tabs.strategies')}
        testId="pricing-strategies"
        rowTestId="pricing-strategy-row"
        errorText={t('pricing.loadError')}
        toolbar={strategies.length > 0 ? <div className="ml-auto">{create}</div> : undefined}
        empty={
          <>
            <p className="font-medium text-neutral-800 dark:text-neutral-200">{t('pricing.empty.title')}</p>
            <p className="max-w-md">{t('pricing.empty.body')}</p>
            {create}
          </>
        }
        renderItem={(strategy) => (
          <div className="flex min-w-0 flex-col gap-3 sm:flex-row sm:items-start">
            <div className="flex min-w-0 flex-1 flex-col gap-1 text-sm">
              <span className="font-semibold break-words" data-testid="pricing-strategy-name">
                {strategy.name}
              </span>
              <span data-testid="pricing-strategy-rule">{ruleSummary(words, strategy.config)}</span>
              <span className="text-neutral-600 dark:text-neutral-400">
                {selectionSummary(words, strategy)}
              </span>
              <span className="flex flex-wrap gap-2 text-xs text-neutral-500">
                <Badge tone={strategy.schedule === 'off' ? 'neutral' : 'blue'}>{schedule(strategy)}</Badge>
                <span>
                  {strategy.lastRunAt
                    ? t('pricing.lastRun', { when: relativeTime(strategy.lastRunAt, now, language) })
                    : t('pricing.neverRun')}
                </span>
              </span>
            </div>
            <div className="flex flex-wrap gap-2">
              <Button
                size="sm"
                data-testid="pricing-strategy-preview"
                disabled={preview.isPending}
                onClick={() => startPreview(strategy)}
              >
                {t('pricing.actions.preview')}
              </Button>
              <Button
                size="sm"
                variant="outline"
                data-testid="pricing-strategy-edit"
                onClick={() => onEdit(strategy)}
              >
                {t('pricing.actions.edit')}
              </Button>
              <Button
                size="sm"
                variant="outline"
                data-testid="pricing-strategy-delete"
                aria-label={t('pricing.actions.deleteNamed', { name: strategy.name })}
                onClick={() => setDeleting(strategy)}
              >
                {t('pricing.actions.delete')}
              </Button>
            </div>
          </div>
        )}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('pricing.deleteTitle')}
        description={t('pricing.deleteBody', { name: deleting?.name ?? '' })}
        confirmLabel={t('pricing.actions.delete')}
        pending={remove.isPending}
        onConfirm={confirmDelete}
        confirmTestId="pricing-delete-confirm"
      />
    </div>
  );
}
