import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataImport, SavedMapping } from '@sneakers/shared';
import { Button } from '../../../components/ui/button';
import { Field, Input, Select } from '../../../components/ui/form';
import { isDemoRefusal } from '../../../lib/demo/demo-refusal';
import { useMapImport, useSavedMappings } from '../api/queries';
import { duplicatedFields, fieldLabel, mappableFields } from '../model/fields';
import { ErrorAlert } from './error-alert';

/** A saved mapping applied to this file's headers: header text → field, the rest not imported. */
function fromSaved(mapping: SavedMapping, columns: DataImport['columns']): (string | null)[] {
  const byHeader = new Map(Object.entries(mapping.fields));
  return columns.map((column) => byHeader.get(column.header) ?? null);
}

/**
 * The columns step: the server's suggestion (from the header names, a recognised source or a
 * saved mapping), each column's field editable; "Check the rows" validates every row with it.
 */
export function MappingStep({ job, onDone }: { job: DataImport; onDone: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [fields, setFields] = useState<(string | null)[]>(() => job.columns.map((c) => c.field));
  const [save, setSave] = useState(false);
  const [name, setName] = useState('');
  const saved = useSavedMappings();
  const map = useMapImport();
  const options = mappableFields(job.kind, job.columns);
  const matching = (saved.data ?? []).filter((m) => m.kind === job.kind);
  const twice = duplicatedFields(fields.map((field) => ({ field })));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (twice.length > 0 || job.sheet === null || job.headerRow === null) return;
    map.mutate(
      {
        importId: job.importId,
        sheet: job.sheet,
        headerRow: job.headerRow,
        columns: job.columns.map((column, i) => ({ index: column.index, field: fields[i] ?? null })),
        save: save && name.trim() ? { name: name.trim() } : null,
      },
      { onSuccess: () => onDone() },
    );
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" data-testid="migration-mapping-step" noValidate>
      <h2 className="text-lg font-semibold">{t('migration.mapping.title')}</h2>
      <p className="text-sm text-neutral-600 dark:text-neutral-400">
        {t('migration.mapping.hint')} {job.source ? t(`migration.mapping.source.${job.source}`) : null}
      </p>
      {matching.length > 0 ? (
        <Field id={`${id}-saved`} label={t('migration.mapping.useSaved')}>
          <Select
            id={`${id}-saved`}
            data-testid="migration-saved-mapping"
            value=""
            onChange={(e) => {
              const mapping = matching.find((m) => m.mappingId === e.target.value);
              if (mapping) setFields(fromSaved(mapping, job.columns));
            }}
            className="sm:w-64"
          >
            <option value="">{t('migration.mapping.noneSaved')}</option>
            {matching.map((m) => (
              <option key={m.mappingId} value={m.mappingId}>
                {m.name}
              </option>
            ))}
          </Select>
        </Field>
      ) : null}
      <ul className="flex flex-col gap-2" aria-label={t('migration.mapping.title')}>
        {job.columns.map((column, i) => {
          const selectId = `${id}-col-${column.index}`;
          const header = column.header || t('migration.mapping.unnamed', { n: column.index + 1 });
          return (
            <li
              key={column.index}
              className="flex flex-col gap-1 rounded-lg border border-neutral-200 p-2 sm:flex-row sm:items-center sm:gap-3 dark:border-neutral-800"
            >
              <label htmlFor={selectId} className="text-sm font-medium sm:w-1/2">
                {header}
              </label>
              <Select
                id={selectId}
                data-testid={`migration-column-${column.index}`}
                data-header={column.header}
                value={fields[i] ?? ''}
                onChange={(e) =>
                  setFields((all) => all.map((f, j) => (j === i ? e.target.value || null : f)))
                }
                className="sm:w-1/2"
              >
                <option value="">{t('migration.mapping.notImported')}</option>
                {options.map((field) => (
                  <option key={field} value={field}>
                    {fieldLabel(t, field)}
                  </option>
                ))}
              </Select>
            </li>
          );
        })}
      </ul>
      {twice.length > 0 ? (
        <p
          role="alert"
          className="text-sm text-red-600 dark:text-red-400"
          data-testid="migration-mapping-twice"
        >
          {t('migration.mapping.duplicated', { fields: twice.map((f) => fieldLabel(t, f)).join(', ') })}
        </p>
      ) : null}
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          data-testid="migration-save-mapping"
          checked={save}
          onChange={(e) => setSave(e.target.checked)}
          className="h-4 w-4 accent-orange-600"
        />
        {t('migration.mapping.save')}
      </label>
      {save ? (
        <Field id={`${id}-name`} label={t('migration.mapping.saveName')}>
          <Input
            id={`${id}-name`}
            data-testid="migration-mapping-name"
            maxLength={80}
            value={name}
            onChange={(e) => setName(e.target.value)}
            className="sm:w-64"
          />
        </Field>
      ) : null}
      {map.error && !isDemoRefusal(map.error) ? <ErrorAlert error={map.error} /> : null}
      <Button
        type="submit"
        className="self-start"
        data-testid="migration-mapping-apply"
        disabled={map.isPending || twice.length > 0}
      >
        {map.isPending ? t('migration.mapping.applying') : t('migration.mapping.apply')}
      </Button>
    </form>
  );
}
