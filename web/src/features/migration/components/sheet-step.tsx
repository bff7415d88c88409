import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataImport } from '@sneakers/shared';
import { Button } from '../../../components/ui/button';
import { Field, Select } from '../../../components/ui/form';
import { CenteredSpinner } from '../../../components/ui/spinner';
import { isDemoRefusal } from '../../../lib/demo/demo-refusal';
import { useImportFile, useMapImport } from '../api/queries';
import { ErrorAlert } from './error-alert';

/**
 * Pick the sheet (an XLSX may have several) and the header row from the file's first rows;
 * the server's suggestion is chosen until the user picks another.
 */
export function SheetStep({ job, onMapped }: { job: DataImport; onMapped: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [sheet, setSheet] = useState<string | null>(job.sheet);
  const file = useImportFile(job.importId, sheet);
  const [picked, setPicked] = useState<number | null>(null);
  const map = useMapImport();

  if (file.isPending) return <CenteredSpinner label={t('migration.sheet.reading')} className="min-h-24" />;
  if (file.isError)
    return (
      <div className="flex flex-col gap-3">
        <ErrorAlert error={file.error} testId="migration-file-error" />
      </div>
    );
  const { sample, suggestedHeaderRow, import: read } = file.data;
  const headerRow = picked ?? suggestedHeaderRow;
  const currentSheet = sheet ?? read.sheets[0] ?? '';
  const width = Math.max(0, ...sample.map((row) => row.length));

  return (
    <section
      className="flex flex-col gap-4"
      data-testid="migration-sheet-step"
      aria-labelledby={`${id}-title`}
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {t('migration.sheet.title')}
      </h2>
      {read.sheets.length > 1 ? (
        <Field id={`${id}-sheet`} label={t('migration.sheet.sheet')}>
          <Select
            id={`${id}-sheet`}
            data-testid="migration-sheet"
            value={currentSheet}
            onChange={(e) => (setSheet(e.target.value), setPicked(null))}
            className="sm:w-64"
          >
            {read.sheets.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </Select>
        </Field>
      ) : null}
      <p className="text-sm text-neutral-600 dark:text-neutral-400" id={`${id}-hint`}>
        {t('migration.sheet.hint')}
      </p>
      <div className="overflow-x-auto rounded-lg border border-neutral-200 dark:border-neutral-800">
        <table className="min-w-full text-sm" data-testid="migration-sample" aria-describedby={`${id}-hint`}>
          <caption className="sr-only">{t('migration.sheet.headerRow')}</caption>
          <tbody>
            {sample.map((row, index) => (
              <tr
                key={index}
                data-testid="migration-sample-row"
                className={
                  index === headerRow
                    ? 'bg-orange-50 font-semibold dark:bg-orange-950'
                    : index < headerRow
                      ? 'text-neutral-400'
                      : ''
                }
              >
                <th scope="row" className="px-2 py-1 text-left whitespace-nowrap">
                  <label className="inline-flex items-center gap-2">
                    <input
                      type="radio"
                      name={`${id}-header`}
                      data-testid={`migration-header-row-${index}`}
                      checked={index === headerRow}
                      onChange={() => setPicked(index)}
                      className="h-4 w-4 accent-orange-600"
                    />
                    {t('migration.sheet.row', { n: index + 1 })}
                    {index === suggestedHeaderRow ? (
                      <span className="text-xs font-normal text-neutral-500">
                        ({t('migration.sheet.suggested')})
                      </span>
                    ) : null}
                  </label>
                </th>
                {Array.from({ length: width }, (_, col) => (
                  <td key={col} className="max-w-48 truncate px-2 py-1">
                    {row[col] ?? ''}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {map.error && !isDemoRefusal(map.error) ? <ErrorAlert error={map.error} /> : null}
      <Button
        className="self-start"
        data-testid="migration-sheet-continue"
        disabled={map.isPending}
        onClick={() =>
          map.mutate(
            { importId: job.importId, sheet: currentSheet, headerRow },
            { onSuccess: () => onMapped() },
          )
        }
      >
        {t('migration.sheet.continue')}
      </Button>
    </section>
  );
}
