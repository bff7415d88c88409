import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { CheckCircle2, Database, Play, Radar, XCircle } from 'lucide-react';
import { runScraper, type ScraperResult, type ScraperRunSummary } from '@sneakers/shared';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { useApi } from '../../../lib/api';
import { invalidateCatalog, toolsKeys, useLastScraperRun } from '../api/queries';
import { SignedInOnly, SuperuserOnly, ToolPage } from '../components/access';
import { ReleaseDetail } from '../components/release-detail';
import { ReleasesTable } from '../components/releases-table';
import { isSuperuserRefusal, messageOf } from '../model/errors';
import { canSaveReleases } from '../model/releases';

/**
 * `/stockx-testing` (docs/product/catalogue.md#scraper-test-page): runs the
 * release scraper without saving, shows what it found, then saves on request. Signed-in
 * superusers only (the API refuses anyone else: the page says so).
 */
export function ScraperTestPage() {
  const { t } = useTranslation();
  return (
    <ToolPage>
      <SignedInOnly deniedTitle={t('marketplaceTools.access.deniedScraper')} superusersOnly>
        <ScraperTester />
      </SignedInOnly>
    </ToolPage>
  );
}

type Body = { trigger: 'manual_test' | 'save_to_db'; saveToDatabase: boolean; timestamp: string };

/** A test run saves nothing; a save run scrapes again and saves (docs/product/catalogue.md#release-scraper). */
const runBody = (now: Date): Body => ({
  trigger: 'manual_test',
  saveToDatabase: false,
  timestamp: now.toISOString(),
});
const saveBody = (now: Date): Body => ({
  trigger: 'save_to_db',
  saveToDatabase: true,
  timestamp: now.toISOString(),
});

function ScraperTester() {
  const { t } = useTranslation();
  const api = useApi();
  const queryClient = useQueryClient();
  const lastRun = useLastScraperRun();
  const [result, setResult] = useState<ScraperResult | null>(null);
  const [selected, setSelected] = useState<number | null>(null);
  const [refused, setRefused] = useState(false);

  const afterCall = () => void queryClient.invalidateQueries({ queryKey: toolsKeys.lastRun });

  const run = useMutation({
    mutationFn: () => api(runScraper, { body: runBody(new Date()) }),
    onSuccess: (answer) => {
      // A re-run replaces the result (and closes a detail of the old one).
      setResult(answer);
      setSelected(null);
      if (answer.success)
        toast.success(t('marketplaceTools.scraper.toast.completed'), {
          description: t('marketplaceTools.scraper.toast.completedBody', {
            found: answer.scrapedData.totalFound,
            processed: answer.scrapedData.processed,
          }),
        });
      else
        toast.error(t('marketplaceTools.scraper.toast.failed'), {
          description: answer.error?.trim() || t('marketplaceTools.scraper.toast.unknown'),
        });
    },
    onError: (error) => {
      if (isSuperuserRefusal(error)) setRefused(true);
      else
        toast.error(t('marketplaceTools.scraper.toast.error'), {
          description: messageOf(error) ?? t('marketplaceTools.scraper.toast.runError'),
        });
    },
    onSettled: afterCall,
  });

  const save = useMutation({
    mutationFn: () => api(runScraper, { body: saveBody(new Date()) }),
    onSuccess: (answer) => {
      if (!answer.success) {
        toast.error(t('marketplaceTools.scraper.toast.error'), {
          description: answer.error?.trim() || t('marketplaceTools.scraper.toast.saveError'),
        });
        return;
      }
      setResult({ ...answer, savedToDatabase: true });
      setSelected(null);
      toast.success(t('marketplaceTools.scraper.toast.saved'), {
        description: t('marketplaceTools.scraper.toast.savedBody', {
          count: answer.processedCount ?? answer.scrapedData.processed,
        }),
      });
      void invalidateCatalog(queryClient);
    },
    onError: (error) => {
      if (isSuperuserRefusal(error)) setRefused(true);
      else
        toast.error(t('marketplaceTools.scraper.toast.error'), {
          description: messageOf(error) ?? t('marketplaceTools.scraper.toast.saveError'),
        });
    },
    onSettled: afterCall,
  });

  if (refused || isSuperuserRefusal(lastRun.error)) return <SuperuserOnly standalone />;

  const releases = result?.scrapedData.releases ?? [];
  const busy = run.isPending || save.isPending;
  const canSave = canSaveReleases(result) && result?.savedToDatabase === false;

  const onSave = () => {
    // Saving needs scraped releases ('No Data' otherwise).
    if (!canSaveReleases(result)) {
      toast.error(t('marketplaceTools.scraper.toast.noData'), {
        description: t('marketplaceTools.scraper.toast.noDataBody'),
      });
      return;
    }
    save.mutate();
  };

  const detail = selected === null ? undefined : releases[selected];

  return (
    <>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="flex flex-col gap-1">
          <h1 className="text-2xl font-bold tracking-tight">{t('marketplaceTools.scraper.title')}</h1>
          <p className="text-sm text-neutral-600 dark:text-neutral-400">
            {t('marketplaceTools.scraper.intro')}
          </p>
          <LastRun last={lastRun.data?.lastRun} />
        </div>
        <div className="flex flex-wrap gap-2">
          <Button data-testid="scraper-run" disabled={busy} onClick={() => run.mutate()}>
            <Play aria-hidden="true" className="h-4 w-4" />
            {run.isPending ? t('marketplaceTools.scraper.running') : t('marketplaceTools.scraper.run')}
          </Button>
          {canSave ? (
            <Button variant="secondary" data-testid="scraper-save" disabled={busy} onClick={onSave}>
              <Database aria-hidden="true" className="h-4 w-4" />
              {save.isPending ? t('marketplaceTools.scraper.saving') : t('marketplaceTools.scraper.save')}
            </Button>
          ) : null}
        </div>
      </div>
      {result ? (
        <>
          <ResultsCard result={result} />
          <ReleasesTable releases={releases} onView={setSelected} />
        </>
      ) : (
        <div
          data-testid="scraper-empty"
          className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-neutral-300 p-10 text-center dark:border-neutral-700"
        >
          <Radar aria-hidden="true" className="h-10 w-10 text-orange-600 dark:text-orange-400" />
          <h2 className="text-lg font-semibold">{t('marketplaceTools.scraper.emptyTitle')}</h2>
          <p className="max-w-md text-sm text-neutral-600 dark:text-neutral-400">
            {t('marketplaceTools.scraper.emptyBody')}
          </p>
        </div>
      )}
      <ReleaseDetail release={detail} onClose={() => setSelected(null)} />
    </>
  );
}

function LastRun({ last }: { last: ScraperRunSummary | null | undefined }) {
  const { t, i18n } = useTranslation();
  if (last === undefined) return null;
  if (last === null)
    return (
      <p data-testid="scraper-last-run" className="text-sm text-neutral-600 dark:text-neutral-400">
        {t('marketplaceTools.scraper.neverRun')}
      </p>
    );
  const at = Date.parse(last.ranAt);
  return (
    <p data-testid="scraper-last-run" className="text-sm text-neutral-600 dark:text-neutral-400">
      {t('marketplaceTools.scraper.lastRun', {
        time: Number.isNaN(at) ? last.ranAt : new Date(at).toLocaleString(i18n.language),
      })}{' '}
      <span className="text-neutral-500">
        (
        {t('marketplaceTools.scraper.lastRunDetail', {
          trigger: t(`marketplaceTools.scraper.triggers.${last.trigger}`),
          found: last.totalFound,
          errors: last.errorCount,
        })}
        )
      </span>
    </p>
  );
}

function ResultsCard({ result }: { result: ScraperResult }) {
  const { t } = useTranslation();
  const { totalFound, processed } = result.scrapedData;
  const stats = [
    ['found', t('marketplaceTools.scraper.results.found'), totalFound],
    ['processed', t('marketplaceTools.scraper.results.processed'), processed],
    ['errors', t('marketplaceTools.scraper.results.errors'), result.errorCount],
  ] as const;
  return (
    <section
      data-testid="scraper-results"
      aria-labelledby="scraper-results-title"
      className="flex flex-col gap-4 rounded-xl border border-neutral-200 p-4 dark:border-neutral-800"
    >
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="scraper-results-title" className="mr-auto font-semibold">
          {t('marketplaceTools.scraper.results.title')}
        </h2>
        {result.success ? (
          <span
            data-testid="scraper-status"
            className="inline-flex items-center gap-1 rounded-full bg-green-100 px-2 py-0.5 text-xs font-medium text-green-800 dark:bg-green-950 dark:text-green-200"
          >
            <CheckCircle2 aria-hidden="true" className="h-3.5 w-3.5" />
            {t('marketplaceTools.scraper.results.completed')}
          </span>
        ) : (
          <span
            data-testid="scraper-status"
            className="inline-flex items-center gap-1 rounded-full bg-red-100 px-2 py-0.5 text-xs font-medium text-red-800 dark:bg-red-950 dark:text-red-200"
          >
            <XCircle aria-hidden="true" className="h-3.5 w-3.5" />
            {t('marketplaceTools.scraper.results.failed')}
          </span>
        )}
        {result.savedToDatabase ? (
          <Badge tone="blue" data-testid="scraper-saved">
            {t('marketplaceTools.scraper.results.saved')}
          </Badge>
        ) : null}
      </div>
      <dl className="grid grid-cols-3 gap-3">
        {stats.map(([key, label, value]) => (
          <div key={key} className="rounded-lg bg-neutral-50 p-3 dark:bg-neutral-900">
            <dt className="text-xs text-neutral-600 dark:text-neutral-400">{label}</dt>
            <dd data-testid={`scraper-${key}`} className="text-2xl font-semibold tabular-nums">
              {value}
            </dd>
          </div>
        ))}
      </dl>
      {result.savedToDatabase && result.processedCount !== null ? (
        <p data-testid="scraper-saved-count" className="text-sm">
          {t('marketplaceTools.scraper.results.savedCount', { count: result.processedCount })}
        </p>
      ) : null}
      {result.error ? (
        <p
          role="alert"
          data-testid="scraper-error"
          className="rounded-lg bg-red-50 p-3 text-sm text-red-900 dark:bg-red-950 dark:text-red-100"
        >
          {result.error}
        </p>
      ) : null}
    </section>
  );
}
