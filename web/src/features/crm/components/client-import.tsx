import { useId, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { CLIENT_IMPORT_MAX_ROWS } from '@sneakers/shared';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { clientKeys, useImportClients } from '../api/queries';
import { chunk, type ImportRow, type ParsedImport } from '../model/csv';
import { readClientsFile } from '../model/csv-file';
import { isDemoRefusal } from '../../../lib/demo/demo-refusal';

interface ImportResult {
  created: number;
  updated: number;
  errors: { line: number; fields: Record<string, string[]> }[];
  failedBatches: number;
}

function rowPayload(row: ImportRow): Record<string, unknown> {
  const { name, email, phone, instagramHandle } = row.values;
  return { name, email, phone, ...(instagramHandle ? { instagramHandle } : {}) };
}

function describe(fields: Record<string, string[]>): string {
  return Object.entries(fields)
    .map(([field, messages]) => `${field}: ${messages.join(', ')}`)
    .join('; ');
}

/** CSV import: pick, preview with per-row validation, send in batches with progress. */
export function ClientImportDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const send = useImportClients();
  const [fileName, setFileName] = useState('');
  const [parsed, setParsed] = useState<ParsedImport | null>(null);
  const [readError, setReadError] = useState(false);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const running = progress !== null && result === null;

  const reset = () => {
    setFileName('');
    setParsed(null);
    setReadError(false);
    setProgress(null);
    setResult(null);
  };

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    setProgress(null);
    setResult(null);
    if (!file) return;
    setFileName(file.name);
    try {
      setParsed(await readClientsFile(file));
      setReadError(false);
    } catch {
      setParsed(null);
      setReadError(true);
    }
  };

  const valid = parsed?.rows.filter((r) => Object.keys(r.errors).length === 0) ?? [];
  const invalidCount = (parsed?.rows.length ?? 0) - valid.length;

  const start = async () => {
    if (valid.length === 0 || running) return;
    const batches = chunk(valid, CLIENT_IMPORT_MAX_ROWS);
    const outcome: ImportResult = { created: 0, updated: 0, errors: [], failedBatches: 0 };
    setProgress({ done: 0, total: valid.length });
    let done = 0;
    for (const batch of batches) {
      try {
        const answer = await send.mutateAsync(batch.map(rowPayload));
        outcome.created += answer.created;
        outcome.updated += answer.updated;
        for (const error of answer.errors) {
          const source = batch[error.row];
          outcome.errors.push({ line: source?.line ?? error.row, fields: error.fields });
        }
      } catch (error) {
        // The read-only demo identity: the app has shown the demo toast; nothing was saved.
        if (isDemoRefusal(error)) {
          setProgress(null);
          return;
        }
        outcome.failedBatches += 1;
      }
      done += batch.length;
      setProgress({ done, total: valid.length });
    }
    setResult(outcome);
    await queryClient.invalidateQueries({ queryKey: clientKeys.all });
    if (outcome.failedBatches > 0)
      toast.error(t('clients.toast.errorTitle'), { description: t('clients.import.failed') });
    else toast.success(t('clients.import.done', { created: outcome.created, updated: outcome.updated }));
  };

  const percent = progress && progress.total > 0 ? Math.round((progress.done / progress.total) * 100) : 0;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (running) return;
        if (!next) reset();
        onOpenChange(next);
      }}
      title={t('clients.import.title')}
      description={t('clients.import.description', { max: CLIENT_IMPORT_MAX_ROWS })}
      closeLabel={t('common.close')}
      className="max-w-3xl"
      testId="client-import-dialog"
    >
      <div className="flex flex-col gap-2">
        <label htmlFor={`${id}-file`} className="text-sm font-medium">
          {t('clients.import.file')}
        </label>
        <input
          id={`${id}-file`}
          data-testid="client-import-file"
          type="file"
          accept=".csv,text/csv"
          disabled={running}
          onChange={(e) => void pick(e)}
          className="text-sm file:mr-3 file:rounded-md file:border-0 file:bg-neutral-100 file:px-3 file:py-2 dark:file:bg-neutral-800"
        />
        <p className="text-xs text-neutral-500">{t('clients.import.columns')}</p>
      </div>
      {readError && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {t('clients.import.readError')}
        </p>
      )}
      {parsed && parsed.missingColumns.length > 0 && (
        <p
          role="alert"
          data-testid="client-import-missing"
          className="text-sm text-red-600 dark:text-red-400"
        >
          {t('clients.import.missingColumns', { columns: parsed.missingColumns.join(', ') })}
        </p>
      )}
      {parsed && (
        <>
          <p data-testid="client-import-summary" className="text-sm">
            {t('clients.import.summary', {
              file: fileName,
              total: parsed.rows.length,
              valid: valid.length,
              invalid: invalidCount,
            })}
          </p>
          <div className="max-h-72 overflow-auto rounded-lg border border-neutral-200 dark:border-neutral-800">
            <table className="w-full text-left text-xs" data-testid="client-import-preview">
              <caption className="sr-only">{t('clients.import.preview')}</caption>
              <thead className="sticky top-0 bg-neutral-50 dark:bg-neutral-800">
                <tr>
                  <th scope="col" className="p-2">
                    {t('clients.import.line')}
                  </th>
                  <th scope="col" className="p-2">
                    {t('clients.form.name')}
                  </th>
                  <th scope="col" className="p-2">
                    {t('clients.form.email')}
                  </th>
                  <th scope="col" className="p-2">
                    {t('clients.form.phone')}
                  </th>
                  <th scope="col" className="p-2">
                    {t('clients.form.instagram')}
                  </th>
                  <th scope="col" className="p-2">
                    {t('clients.import.check')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {parsed.rows.map((row) => {
                  const bad = Object.keys(row.errors).length > 0;
                  return (
                    <tr
                      key={row.line}
                      data-testid="client-import-row"
                      data-valid={!bad}
                      className={bad ? 'bg-red-50 dark:bg-red-950/40' : undefined}
                    >
                      <td className="p-2 tabular-nums">{row.line}</td>
                      <td className="p-2">{row.values.name}</td>
                      <td className="p-2">{row.values.email}</td>
                      <td className="p-2">{row.values.phone}</td>
                      <td className="p-2">{row.values.instagramHandle ?? ''}</td>
                      <td className="p-2" data-testid="client-import-row-status">
                        {bad ? (
                          <span className="text-red-700 dark:text-red-300">{describe(row.errors)}</span>
                        ) : (
                          t('clients.import.ok')
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </>
      )}
      {progress && (
        <div className="flex flex-col gap-1">
          <div
            role="progressbar"
            aria-label={t('clients.import.progress')}
            aria-valuemin={0}
            aria-valuemax={progress.total}
            aria-valuenow={progress.done}
            aria-valuetext={t('clients.import.progressText', progress)}
            data-testid="client-import-progress"
            className="h-2 w-full overflow-hidden rounded-full bg-neutral-200 dark:bg-neutral-800"
          >
            <div className="h-full bg-orange-600 transition-all" style={{ width: `${percent}%` }} />
          </div>
          <p className="text-xs text-neutral-500">{t('clients.import.progressText', progress)}</p>
        </div>
      )}
      {result && (
        <div data-testid="client-import-result" role="status" className="flex flex-col gap-1 text-sm">
          <p>{t('clients.import.done', { created: result.created, updated: result.updated })}</p>
          {result.failedBatches > 0 && (
            <p className="text-red-600 dark:text-red-400">{t('clients.import.failed')}</p>
          )}
          {result.errors.length > 0 && (
            <ul className="list-disc pl-5 text-red-700 dark:text-red-300" data-testid="client-import-errors">
              {result.errors.map((error) => (
                <li key={error.line}>
                  {t('clients.import.rowError', { line: error.line, error: describe(error.fields) })}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      <div className="flex justify-end gap-2">
        <Button
          variant="outline"
          disabled={running}
          onClick={() => {
            reset();
            onOpenChange(false);
          }}
        >
          {t(result ? 'common.close' : 'common.cancel')}
        </Button>
        {!result && (
          <Button
            data-testid="client-import-start"
            disabled={valid.length === 0 || running}
            onClick={() => void start()}
          >
            {running ? t('clients.import.importing') : t('clients.import.start', { count: valid.length })}
          </Button>
        )}
      </div>
    </Dialog>
  );
}
