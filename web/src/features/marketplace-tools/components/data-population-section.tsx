import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Pause, Play, RotateCcw } from 'lucide-react';
import { IMPORT_MODES, type ImportJob } from '@sneakers/shared';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Field, Input, Select } from '../../../components/ui/form';
import { CenteredSpinner } from '../../../components/ui/spinner';
import { useSuperuserStatus } from '../../../lib/session/use-session';
import { cn } from '../../../lib/utils';
import { useImportRunner, type ImportRunner } from '../api/import-runner';
import { useImports } from '../api/queries';
import { isSuperuserRefusal, messageOf } from '../model/errors';
import { importProgress, resumableJob } from '../model/imports';
import { SuperuserOnly } from './access';

type Mode = (typeof IMPORT_MODES)[number];

/**
 * `/dashboard/data-population` (and data-population-v2): superusers import products from the
 * marketplace API by search or brand, page by page, pausable and resumable.
 */
export function DataPopulationSection() {
  const { t } = useTranslation();
  const superuser = useSuperuserStatus();
  return (
    <div className="flex max-w-5xl min-w-0 flex-col gap-6">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold tracking-tight">{t('marketplaceTools.population.title')}</h1>
        <p className="text-sm text-neutral-600 dark:text-neutral-400">
          {t('marketplaceTools.population.intro')}
        </p>
      </div>
      {/* Anyone else is told from their profile: every import route would refuse them. */}
      {superuser === 'loading' ? (
        <CenteredSpinner label={t('common.loading')} />
      ) : superuser === 'no' ? (
        <SuperuserOnly />
      ) : (
        <PopulationLoader />
      )}
    </div>
  );
}

function PopulationLoader() {
  const { t } = useTranslation();
  // The recent jobs are also the access probe: a profile can be stale (superuser revoked).
  const imports = useImports();
  if (isSuperuserRefusal(imports.error)) return <SuperuserOnly />;
  if (imports.isPending) return <CenteredSpinner label={t('common.loading')} />;
  return <Population jobs={imports.data?.jobs ?? []} loadFailed={imports.isError} />;
}

function Population({ jobs, loadFailed }: { jobs: readonly ImportJob[]; loadFailed: boolean }) {
  const runner = useImportRunner();
  const { job, show } = runner;
  const waiting = resumableJob(jobs);

  // After a reload the running job is offered to resume (paused) rather than lost.
  useEffect(() => {
    if (!job && waiting) show(waiting);
  }, [job, waiting, show]);

  return (
    <>
      <StartForm runner={runner} />
      {job ? <CurrentJob runner={runner} job={job} /> : null}
      <RecentJobs jobs={jobs} loadFailed={loadFailed} runner={runner} />
    </>
  );
}

function StartForm({ runner }: { runner: ImportRunner }) {
  const { t } = useTranslation();
  const id = useId();
  const [mode, setMode] = useState<Mode>('query');
  const [value, setValue] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [starting, setStarting] = useState(false);
  const [startError, setStartError] = useState<string | null>(null);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const text = value.trim();
    if (!text) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    setStartError(null);
    setStarting(true);
    try {
      await runner.start({ mode, value: text });
    } catch (error) {
      setStartError(messageOf(error) ?? t('marketplaceTools.api.toast.unknown'));
    } finally {
      setStarting(false);
    }
  };
  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      data-testid="population-form"
      className="flex flex-col gap-4 rounded-xl border border-neutral-200 p-4 dark:border-neutral-800"
    >
      <div className="grid gap-4 sm:grid-cols-[12rem_1fr]">
        <Field id={`${id}-mode`} label={t('marketplaceTools.population.mode')}>
          <Select
            id={`${id}-mode`}
            data-testid="population-mode"
            value={mode}
            onChange={(event) => setMode(event.target.value === 'brand' ? 'brand' : 'query')}
          >
            {IMPORT_MODES.map((option) => (
              <option key={option} value={option}>
                {t(`marketplaceTools.population.modes.${option}`)}
              </option>
            ))}
          </Select>
        </Field>
        <Field
          id={`${id}-value`}
          label={t('marketplaceTools.population.value')}
          error={invalid ? t('marketplaceTools.population.valueRequired') : undefined}
        >
          <Input
            id={`${id}-value`}
            data-testid="population-value"
            value={value}
            maxLength={100}
            placeholder={t(`marketplaceTools.population.valuePlaceholder.${mode}`)}
            aria-invalid={invalid ? true : undefined}
            onChange={(event) => setValue(event.target.value)}
          />
        </Field>
      </div>
      {startError ? (
        <p
          role="alert"
          data-testid="population-start-error"
          className="text-sm text-red-600 dark:text-red-400"
        >
          {t('marketplaceTools.population.startFailed', { error: startError })}
        </p>
      ) : null}
      <div>
        <Button type="submit" data-testid="population-start" disabled={starting || runner.active}>
          <Play aria-hidden="true" className="h-4 w-4" />
          {starting ? t('marketplaceTools.population.starting') : t('marketplaceTools.population.start')}
        </Button>
      </div>
    </form>
  );
}

function StatusBadge({ status }: { status: ImportJob['status'] }) {
  const { t } = useTranslation();
  const tone = status === 'completed' ? 'blue' : status === 'failed' ? 'red' : 'orange';
  return (
    <Badge tone={tone} data-testid="population-status">
      {t(`marketplaceTools.population.statuses.${status}`)}
    </Badge>
  );
}

function CurrentJob({ runner, job }: { runner: ImportRunner; job: ImportJob }) {
  const { t } = useTranslation();
  const id = useId();
  const progress = importProgress(job);
  const paused = job.status === 'running' && !runner.active && runner.error === null;
  const canRetry = !runner.active && runner.error !== null && job.status !== 'completed';
  return (
    <section
      data-testid="population-current"
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-4 rounded-xl border border-neutral-200 p-4 dark:border-neutral-800"
    >
      <div className="flex flex-wrap items-center gap-2">
        <h2 id={`${id}-title`} className="mr-auto font-semibold">
          {t('marketplaceTools.population.current')}:{' '}
          {t('marketplaceTools.population.job', {
            mode: t(`marketplaceTools.population.modes.${job.mode}`),
            value: job.value,
          })}
        </h2>
        {paused ? (
          <Badge data-testid="population-paused">{t('marketplaceTools.population.paused')}</Badge>
        ) : null}
        <StatusBadge status={job.status} />
      </div>
      <div className="flex flex-col gap-1.5">
        <div
          role="progressbar"
          data-testid="population-progress"
          aria-label={t('marketplaceTools.population.progress')}
          aria-valuemin={0}
          aria-valuemax={progress.total ?? undefined}
          aria-valuenow={progress.total === null ? undefined : progress.done}
          aria-valuetext={
            progress.total === null
              ? t('marketplaceTools.population.pagesUnknown', { done: progress.done })
              : t('marketplaceTools.population.pages', { done: progress.done, total: progress.total })
          }
          className="h-3 overflow-hidden rounded-full bg-neutral-200 dark:bg-neutral-800"
        >
          <div
            className={cn(
              'h-full rounded-full bg-orange-600 transition-[width] motion-reduce:transition-none dark:bg-orange-500',
              progress.percent === null && runner.active && 'w-1/4 animate-pulse',
            )}
            style={progress.percent === null ? undefined : { width: `${progress.percent}%` }}
          />
        </div>
        <p
          data-testid="population-pages"
          className="text-sm text-neutral-600 tabular-nums dark:text-neutral-400"
        >
          {progress.total === null
            ? t('marketplaceTools.population.pagesUnknown', { done: progress.done })
            : t('marketplaceTools.population.pages', { done: progress.done, total: progress.total })}
        </p>
      </div>
      <dl className="grid grid-cols-3 gap-3">
        {(
          [
            ['new', t('marketplaceTools.population.new'), job.newCount],
            ['updated', t('marketplaceTools.population.updated'), job.updatedCount],
            ['failed', t('marketplaceTools.population.failedCount'), job.failedCount],
          ] as const
        ).map(([key, label, value]) => (
          <div key={key} className="rounded-lg bg-neutral-50 p-3 dark:bg-neutral-900">
            <dt className="text-xs text-neutral-600 dark:text-neutral-400">{label}</dt>
            <dd data-testid={`population-${key}`} className="text-2xl font-semibold tabular-nums">
              {value}
            </dd>
          </div>
        ))}
      </dl>
      {runner.error !== null ? (
        <p
          role="alert"
          data-testid="population-error"
          className="rounded-lg bg-red-50 p-3 text-sm text-red-900 dark:bg-red-950 dark:text-red-100"
        >
          {t('marketplaceTools.population.stepFailed', { error: runner.error })}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {runner.active ? (
          <Button
            variant="secondary"
            data-testid="population-pause"
            disabled={runner.pausing}
            onClick={runner.pause}
          >
            <Pause aria-hidden="true" className="h-4 w-4" />
            {runner.pausing
              ? t('marketplaceTools.population.pausing')
              : t('marketplaceTools.population.pause')}
          </Button>
        ) : null}
        {paused ? (
          <Button data-testid="population-resume" onClick={() => runner.resume()}>
            <Play aria-hidden="true" className="h-4 w-4" />
            {t('marketplaceTools.population.resume')}
          </Button>
        ) : null}
        {canRetry ? (
          <Button data-testid="population-retry" onClick={() => runner.resume()}>
            <RotateCcw aria-hidden="true" className="h-4 w-4" />
            {t('marketplaceTools.population.retry')}
          </Button>
        ) : null}
      </div>
    </section>
  );
}

function RecentJobs({
  jobs,
  loadFailed,
  runner,
}: {
  jobs: readonly ImportJob[];
  loadFailed: boolean;
  runner: ImportRunner;
}) {
  const { t, i18n } = useTranslation();
  return (
    <section aria-labelledby="population-recent" className="flex flex-col gap-3">
      <h2 id="population-recent" className="font-semibold">
        {t('marketplaceTools.population.recent')}
      </h2>
      {loadFailed ? (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {t('marketplaceTools.population.loadError')}
        </p>
      ) : jobs.length === 0 ? (
        <p data-testid="population-no-jobs" className="text-sm text-neutral-600 dark:text-neutral-400">
          {t('marketplaceTools.population.noJobs')}
        </p>
      ) : (
        <ul className="divide-y divide-neutral-200 rounded-xl border border-neutral-200 dark:divide-neutral-800 dark:border-neutral-800">
          {jobs.map((job) => {
            const progress = importProgress(job);
            const current = runner.job?.id === job.id;
            const at = Date.parse(job.createdAt);
            return (
              <li
                key={job.id}
                data-testid="population-job"
                className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3 text-sm"
              >
                <span className="min-w-0 flex-1 font-medium break-words">
                  {t('marketplaceTools.population.job', {
                    mode: t(`marketplaceTools.population.modes.${job.mode}`),
                    value: job.value,
                  })}
                </span>
                <StatusBadge status={job.status} />
                <span className="text-neutral-600 tabular-nums dark:text-neutral-400">
                  {progress.total === null
                    ? t('marketplaceTools.population.pagesUnknown', { done: progress.done })
                    : t('marketplaceTools.population.pages', { done: progress.done, total: progress.total })}
                </span>
                <span
                  data-testid="population-job-counts"
                  className="text-neutral-600 tabular-nums dark:text-neutral-400"
                >
                  {t('marketplaceTools.population.counts', {
                    new: job.newCount,
                    updated: job.updatedCount,
                    failed: job.failedCount,
                  })}
                </span>
                <span className="text-xs text-neutral-500">
                  {Number.isNaN(at) ? job.createdAt : new Date(at).toLocaleString(i18n.language)}
                </span>
                {job.status !== 'completed' && !current && !runner.active ? (
                  <Button size="sm" variant="outline" onClick={() => runner.show(job)}>
                    {t('marketplaceTools.population.open')}
                  </Button>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
