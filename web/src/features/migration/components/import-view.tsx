import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { DataImport } from '@sneakers/shared';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Button } from '../../../components/ui/button';
import { CenteredSpinner } from '../../../components/ui/spinner';
import { isDemoRefusal } from '../../../lib/demo/demo-refusal';
import { useErrorReport, useImport, usePauseImport, useResumeImport, useUndoImport } from '../api/queries';
import { ErrorAlert, ProgressBar } from './error-alert';
import { MappingStep } from './mapping-step';
import { PreviewStep } from './preview-step';
import { SheetStep } from './sheet-step';
import { pageLocation } from '../../../lib/page-location';

const STEPS = ['upload', 'sheet', 'mapping', 'preview', 'import'] as const;
type Step = (typeof STEPS)[number];

function stepOf(job: DataImport, editingMapping: boolean): Step {
  switch (job.status) {
    // Still `uploading` until the server first reads the file (the sheet step asks it to).
    case 'uploading':
    case 'ready':
      return 'sheet';
    case 'validating':
    case 'mapped':
      return editingMapping ? 'mapping' : 'preview';
    default:
      return 'import';
  }
}

/**
 * One import, at the step its status says: the id is in the address (`?import=`), so a
 * reload comes back to the same step, and a running job's progress keeps being polled.
 */
export function ImportView({ importId, onBack }: { importId: string; onBack: () => void }) {
  const { t } = useTranslation();
  const query = useImport(importId);
  const [editingMapping, setEditingMapping] = useState(false);

  const back = (
    <Button variant="ghost" size="sm" className="self-start" data-testid="migration-back" onClick={onBack}>
      {t('migration.back')}
    </Button>
  );
  if (query.isPending) return <CenteredSpinner label={t('common.loading')} className="min-h-24" />;
  if (query.isError)
    return (
      <div className="flex flex-col gap-3">
        {back}
        <ErrorAlert error={query.error} />
        <Button variant="outline" className="self-start" onClick={() => void query.refetch()}>
          {t('migration.retry')}
        </Button>
      </div>
    );
  const job = query.data;
  const step = stepOf(job, editingMapping);

  return (
    <div className="flex flex-col gap-4" data-testid="migration-import" data-status={job.status}>
      {back}
      <div className="flex flex-col gap-1">
        <p className="text-sm font-semibold break-all">{job.fileName}</p>
        <p className="text-xs text-neutral-500">{t(`migration.kinds.${job.kind}`)}</p>
      </div>
      <ol aria-label={t('migration.steps.label')} className="flex flex-wrap gap-x-3 gap-y-1 text-xs">
        {STEPS.map((s, i) => (
          <li
            key={s}
            aria-current={s === step ? 'step' : undefined}
            className={s === step ? 'font-semibold text-orange-700 dark:text-orange-400' : 'text-neutral-500'}
          >
            {i + 1}. {t(`migration.steps.${s}`)}
          </li>
        ))}
      </ol>
      {job.status === 'uploading' || job.status === 'ready' ? (
        <SheetStep job={job} onMapped={() => setEditingMapping(true)} />
      ) : job.status === 'validating' || job.status === 'mapped' ? (
        <>
          {job.status === 'validating' ? <ValidatingView job={job} /> : null}
          {/* The suggested columns can be corrected while the rows are checked: the new mapping
              wins. One place in the tree for both statuses, so the check ending while the user
              edits the columns keeps their edits (a remount would reset them to the suggestion). */}
          {editingMapping ? <MappingStep job={job} onDone={() => setEditingMapping(false)} /> : null}
          {job.status === 'mapped' && !editingMapping ? (
            <PreviewStep job={job} onEditMapping={() => setEditingMapping(true)} />
          ) : null}
        </>
      ) : (
        <JobView job={job} />
      )}
    </div>
  );
}

/** The rows being checked by the worker: "Checking rows… N of M", polled (useImport), across reloads. */
function ValidatingView({ job }: { job: DataImport }) {
  const { t, i18n } = useTranslation();
  const n = (value: number) => new Intl.NumberFormat(i18n.language).format(value);
  const processed = job.validation?.processed ?? 0;
  const total = job.validation?.total ?? 0;
  const text =
    total > 0
      ? t('migration.validating.text', { processed: n(Math.min(processed, total)), total: n(total) })
      : t('migration.validating.textUnknown', { processed: n(processed) });
  return (
    <section className="flex flex-col gap-3" data-testid="migration-validating">
      <h2 className="text-lg font-semibold">{t('migration.validating.title')}</h2>
      <ProgressBar
        value={total > 0 ? processed / total : null}
        label={t('migration.validating.progress')}
        text={text}
        testId="migration-validation-progress"
      />
      <p className="text-sm text-neutral-600 dark:text-neutral-400">{t('migration.validating.body')}</p>
    </section>
  );
}

function JobView({ job }: { job: DataImport }) {
  const { t, i18n } = useTranslation();
  const pause = usePauseImport();
  const resume = useResumeImport();
  const n = (value: number) => new Intl.NumberFormat(i18n.language).format(value);
  const { processed, total } = job.progress;
  const failed = (error: unknown) => {
    if (!isDemoRefusal(error)) toast.error(t('migration.errors.generic'));
  };

  if (job.status === 'failed')
    return (
      <section className="flex flex-col gap-2" data-testid="migration-failed">
        <h2 className="text-lg font-semibold">{t('migration.summary.failedTitle')}</h2>
        <ErrorAlert error={job.error ?? {}} />
      </section>
    );

  const active = job.status === 'queued' || job.status === 'running' || job.status === 'paused';
  return (
    <section className="flex flex-col gap-4">
      {active || job.status === 'undoing' ? (
        <div className="flex flex-col gap-3" data-testid="migration-job">
          <ProgressBar
            value={total > 0 ? processed / total : job.status === 'queued' ? null : 0}
            label={t('migration.job.progress')}
            text={t('migration.job.processed', { processed: n(processed), total: n(total) })}
            testId="migration-progress"
          />
          {job.status === 'queued' ? <p className="text-sm">{t('migration.job.queued')}</p> : null}
          {job.status === 'paused' ? <p className="text-sm">{t('migration.job.paused')}</p> : null}
          <div className="flex gap-2">
            {job.status === 'running' || job.status === 'queued' ? (
              <Button
                variant="outline"
                data-testid="migration-pause"
                disabled={pause.isPending}
                onClick={() => pause.mutate(job.importId, { onError: failed })}
              >
                {t('migration.job.pause')}
              </Button>
            ) : null}
            {job.status === 'paused' ? (
              <Button
                data-testid="migration-resume"
                disabled={resume.isPending}
                onClick={() => resume.mutate(job.importId, { onError: failed })}
              >
                {t('migration.job.resume')}
              </Button>
            ) : null}
          </div>
        </div>
      ) : null}
      {job.status !== 'queued' ? <Summary job={job} /> : null}
    </section>
  );
}

function Summary({ job }: { job: DataImport }) {
  const { t, i18n } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const report = useErrorReport();
  const undo = useUndoImport();
  const n = (value: number) => new Intl.NumberFormat(i18n.language).format(value);
  const p = job.progress;
  const canUndo = job.status === 'completed' || job.status === 'paused';
  return (
    <div className="flex flex-col gap-3" data-testid="migration-summary">
      <h2 className="text-lg font-semibold">{t('migration.summary.title')}</h2>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-5">
        {(['created', 'updated', 'unchanged', 'skipped', 'failed'] as const).map((k) => (
          <div key={k} className="rounded-lg border border-neutral-200 p-2 dark:border-neutral-800">
            <dt className="text-xs text-neutral-500">{t(`migration.summary.${k}`)}</dt>
            <dd className="text-lg font-semibold" data-testid={`migration-summary-${k}`}>
              {n(p[k])}
            </dd>
          </div>
        ))}
      </dl>
      {job.undo ? (
        <p role="status" className="text-sm" data-testid="migration-undo-result">
          {t('migration.summary.undone', { reverted: n(job.undo.reverted), kept: n(job.undo.kept) })}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {p.failed + p.skipped > 0 ? (
          <Button
            variant="outline"
            data-testid="migration-error-report"
            disabled={report.isPending}
            onClick={() =>
              report.mutate(job.importId, {
                onSuccess: (url) => pageLocation.assign(url),
                onError: (error) => isDemoRefusal(error) || toast.error(t('migration.errors.generic')),
              })
            }
          >
            {t('migration.summary.errorReport')}
          </Button>
        ) : null}
        {canUndo ? (
          <Button variant="destructive" data-testid="migration-undo" onClick={() => setConfirming(true)}>
            {t('migration.summary.undo')}
          </Button>
        ) : null}
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('migration.summary.undoTitle')}
        description={t('migration.summary.undoBody')}
        confirmLabel={t('migration.summary.undoConfirm')}
        pending={undo.isPending}
        testId="migration-undo-dialog"
        confirmTestId="migration-undo-confirm"
        onConfirm={() =>
          undo.mutate(job.importId, {
            onSettled: () => setConfirming(false),
            onError: (error) => {
              if (isDemoRefusal(error)) return;
              toast.error(t('migration.errors.IMPORT_NOT_UNDOABLE'));
            },
          })
        }
      />
    </div>
  );
}
