import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { DataImport, PreviewRow, PreviewRowStatus } from '@sneakers/shared';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Input, Select } from '../../../components/ui/form';
import { CenteredSpinner } from '../../../components/ui/spinner';
import { isDemoRefusal } from '../../../lib/demo/demo-refusal';
import { pageItems } from '../../../lib/page-items';
import { useDryRun, useFixRow, useImportRows, useStartImport } from '../api/queries';
import { fieldLabel } from '../model/fields';
import { ErrorAlert, ProgressBar } from './error-alert';

type Filter = PreviewRowStatus | 'all';
const FILTERS: readonly Filter[] = ['all', 'invalid', 'valid', 'skipped'];

/**
 * The preview: every row as the API would take it, errors per cell with the reason, fixed in
 * place or skipped; then the dry run and the import's start.
 */
export function PreviewStep({ job, onEditMapping }: { job: DataImport; onEditMapping: () => void }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [filter, setFilter] = useState<Filter>(job.rows.invalid > 0 ? 'invalid' : 'all');
  const rows = useImportRows(job.importId, filter);
  const items = useMemo(() => pageItems(rows.data, (page) => page.rows), [rows.data]);
  const dryRun = useDryRun();
  const start = useStartImport();
  const fields = job.columns.flatMap((c) => (c.field ? [c.field] : []));
  const n = (value: number) => new Intl.NumberFormat(i18n.language).format(value);
  const firstDataRow = (job.headerRow ?? 0) + 2;

  return (
    <section
      className="flex flex-col gap-4"
      data-testid="migration-preview-step"
      aria-labelledby={`${id}-title`}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          {t('migration.preview.title')}
        </h2>
        <Button variant="outline" size="sm" data-testid="migration-edit-mapping" onClick={onEditMapping}>
          {t('migration.preview.editMapping')}
        </Button>
      </div>
      <p className="text-sm" role="status" data-testid="migration-tally">
        {t('migration.preview.tally', {
          total: n(job.rows.total),
          valid: n(job.rows.valid),
          invalid: n(job.rows.invalid),
          skipped: n(job.rows.skipped),
        })}
      </p>
      <div className="flex items-center gap-2">
        <label htmlFor={`${id}-filter`} className="text-sm font-medium">
          {t('migration.preview.filter')}
        </label>
        <Select
          id={`${id}-filter`}
          data-testid="migration-row-filter"
          value={filter}
          onChange={(e) => setFilter(e.target.value as Filter)}
          className="w-44"
        >
          {FILTERS.map((f) => (
            <option key={f} value={f}>
              {t(`migration.preview.filters.${f}`)}
            </option>
          ))}
        </Select>
      </div>
      {rows.isPending ? (
        <CenteredSpinner label={t('migration.preview.title')} className="min-h-24" />
      ) : rows.isError ? (
        <ErrorAlert error={rows.error} />
      ) : items.length === 0 ? (
        <p className="text-sm text-neutral-500" data-testid="migration-rows-empty">
          {t('migration.preview.empty')}
        </p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-neutral-200 dark:border-neutral-800">
          <table className="min-w-full text-sm" data-testid="migration-rows">
            <caption className="sr-only">{t('migration.preview.title')}</caption>
            <thead className="bg-neutral-50 text-left dark:bg-neutral-900">
              <tr>
                <th scope="col" className="px-2 py-1">
                  {t('migration.preview.row')}
                </th>
                {fields.map((field) => (
                  <th key={field} scope="col" className="px-2 py-1 whitespace-nowrap">
                    {fieldLabel(t, field)}
                  </th>
                ))}
                <th scope="col" className="px-2 py-1">
                  {t('migration.preview.catalog')}
                </th>
                <th scope="col" className="px-2 py-1">
                  {t('migration.preview.actions')}
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((row) => (
                <RowView
                  key={row.row}
                  importId={job.importId}
                  row={row}
                  fields={fields}
                  sheetRow={firstDataRow + row.row}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {rows.hasNextPage ? (
        <Button
          variant="outline"
          className="self-start"
          disabled={rows.isFetchingNextPage}
          onClick={() => void rows.fetchNextPage()}
        >
          {t('migration.preview.loadMore')}
        </Button>
      ) : null}
      {job.dryRun?.state === 'running' ? (
        <div data-testid="migration-dry-run-running" className="flex flex-col gap-2">
          <h3 className="text-base font-semibold">{t('migration.dryRun.title')}</h3>
          <ProgressBar
            value={job.dryRun.total > 0 ? job.dryRun.processed / job.dryRun.total : null}
            label={t('migration.dryRun.progress')}
            text={t('migration.dryRun.counting', {
              processed: n(job.dryRun.processed),
              total: n(job.dryRun.total),
            })}
            testId="migration-dry-run-progress"
          />
        </div>
      ) : job.dryRun ? (
        <div data-testid="migration-dry-run" className="flex flex-col gap-2">
          <h3 className="text-base font-semibold">{t('migration.dryRun.title')}</h3>
          <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
            {(['create', 'update', 'unchanged', 'failed'] as const).map((k) => (
              <div key={k} className="rounded-lg border border-neutral-200 p-2 dark:border-neutral-800">
                <dt className="text-xs text-neutral-500">{t(`migration.dryRun.${k}`)}</dt>
                <dd className="text-lg font-semibold" data-testid={`migration-dry-run-${k}`}>
                  {n(job.dryRun?.[k] ?? 0)}
                </dd>
              </div>
            ))}
          </dl>
        </div>
      ) : null}
      {dryRun.error && !isDemoRefusal(dryRun.error) ? <ErrorAlert error={dryRun.error} /> : null}
      {start.error && !isDemoRefusal(start.error) ? <ErrorAlert error={start.error} /> : null}
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          data-testid="migration-dry-run-button"
          disabled={dryRun.isPending || job.dryRun?.state === 'running'}
          onClick={() => dryRun.mutate(job.importId)}
        >
          {dryRun.isPending || job.dryRun?.state === 'running'
            ? t('migration.preview.dryRunning')
            : t('migration.preview.dryRun')}
        </Button>
        <Button
          data-testid="migration-start"
          disabled={start.isPending || job.rows.valid === 0}
          onClick={() => start.mutate(job.importId)}
        >
          {start.isPending
            ? t('migration.preview.starting')
            : t('migration.preview.start', { count: job.rows.valid })}
        </Button>
      </div>
    </section>
  );
}

function RowView({
  importId,
  row,
  fields,
  sheetRow,
}: {
  importId: string;
  row: PreviewRow;
  fields: string[];
  sheetRow: number;
}) {
  const { t } = useTranslation();
  const [edits, setEdits] = useState<Record<string, string>>({});
  const fix = useFixRow(importId);
  const invalid = row.status === 'invalid';
  const errorsOf = (field: string) => (Object.hasOwn(row.errors, field) ? (row.errors[field] ?? []) : []);
  const valueOf = (field: string) => (Object.hasOwn(row.values, field) ? (row.values[field] ?? '') : '');
  const failed = (error: unknown) => {
    if (!isDemoRefusal(error)) toast.error(t('migration.errors.generic'));
  };
  const saveFix = () =>
    fix.mutate(
      { row: row.row, values: edits },
      {
        onSuccess: ({ row: next }) => {
          setEdits({});
          if (next.status === 'invalid') toast.error(t('migration.preview.stillInvalid', { row: sheetRow }));
          else toast.success(t('migration.preview.fixed', { row: sheetRow }));
        },
        onError: failed,
      },
    );
  // Row-level errors (not of one mapped field) show under the row number.
  const otherErrors = Object.entries(row.errors)
    .filter(([field]) => !fields.includes(field))
    .flatMap(([, messages]) => messages);

  return (
    <tr
      data-testid="migration-row"
      data-row={row.row}
      data-status={row.status}
      className={`border-t border-neutral-200 align-top dark:border-neutral-800 ${row.status === 'skipped' ? 'text-neutral-400' : ''}`}
    >
      <th scope="row" className="px-2 py-1 text-left font-normal">
        {sheetRow}
        {otherErrors.map((message) => (
          <p key={message} className="text-xs text-red-600 dark:text-red-400">
            {message}
          </p>
        ))}
      </th>
      {fields.map((field) => {
        const errors = errorsOf(field);
        if (errors.length === 0)
          return (
            <td key={field} className="max-w-48 truncate px-2 py-1">
              {valueOf(field)}
            </td>
          );
        const errorId = `migration-cell-${row.row}-${field}-error`;
        return (
          <td key={field} className="px-2 py-1">
            <Input
              aria-label={t('migration.preview.fixLabel', { field: fieldLabel(t, field), row: sheetRow })}
              aria-invalid
              aria-describedby={errorId}
              data-testid={`migration-cell-${row.row}-${field}`}
              value={Object.hasOwn(edits, field) ? edits[field] : valueOf(field)}
              onChange={(e) => setEdits((all) => ({ ...all, [field]: e.target.value }))}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  saveFix();
                }
              }}
              className="h-8 min-w-32 border-red-400"
            />
            <p id={errorId} className="mt-0.5 text-xs text-red-600 dark:text-red-400">
              {errors.join(' ')}
            </p>
          </td>
        );
      })}
      <td className="px-2 py-1">
        {row.catalog ? (
          <Badge tone={row.catalog === 'matched' ? 'blue' : 'neutral'} data-testid="migration-catalog-badge">
            {row.catalog === 'matched' ? t('migration.preview.matched') : t('migration.preview.notMatched')}
          </Badge>
        ) : null}
      </td>
      <td className="px-2 py-1 whitespace-nowrap">
        <div className="flex gap-1">
          {invalid ? (
            <Button
              size="sm"
              data-testid={`migration-row-save-${row.row}`}
              disabled={fix.isPending || Object.keys(edits).length === 0}
              onClick={saveFix}
            >
              {t('migration.preview.saveFix')}
            </Button>
          ) : null}
          <Button
            size="sm"
            variant="outline"
            data-testid={`migration-row-skip-${row.row}`}
            disabled={fix.isPending}
            onClick={() => fix.mutate({ row: row.row, skip: row.status !== 'skipped' }, { onError: failed })}
          >
            {row.status === 'skipped' ? t('migration.preview.unskip') : t('migration.preview.skip')}
          </Button>
        </div>
      </td>
    </tr>
  );
}
