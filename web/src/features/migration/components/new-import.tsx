import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { IMPORT_MAX_FILE_BYTES, IMPORT_MAX_ROWS, PORTABLE_KINDS, type PortableKind } from '@sneakers/shared';
import { Button } from '../../../components/ui/button';
import { Field, Select } from '../../../components/ui/form';
import { useCreateImport } from '../api/queries';
import { formatBytes } from '../model/fields';
import { contentTypeOf, uploadFile } from '../model/upload';
import { ErrorAlert, ProgressBar } from './error-alert';

/** The wizard's first step: what the file holds, the file, and its upload to S3. */
export function NewImport({ onUploaded }: { onUploaded: (importId: string) => void }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [kind, setKind] = useState<PortableKind>('inventory');
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<unknown>(null);
  const create = useCreateImport();
  const busy = create.isPending || progress !== null;
  const tooLarge = file !== null && file.size > IMPORT_MAX_FILE_BYTES;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!file || tooLarge) return;
    setError(null);
    create.mutate(
      { kind, fileName: file.name, size: file.size, contentType: contentTypeOf(file) },
      {
        onSuccess: async ({ import: job, upload }) => {
          setProgress(0);
          try {
            await uploadFile(upload.url, upload.headers, file, setProgress);
            onUploaded(job.importId);
          } catch {
            setError({ code: 'UPLOAD_FAILED' });
          } finally {
            setProgress(null);
          }
        },
        onError: setError,
      },
    );
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" data-testid="migration-new-import" noValidate>
      <h2 className="text-lg font-semibold">{t('migration.upload.title')}</h2>
      <p className="text-sm text-neutral-600 dark:text-neutral-400" data-testid="migration-limits">
        {t('migration.limits', {
          size: formatBytes(IMPORT_MAX_FILE_BYTES, i18n.language),
          rows: new Intl.NumberFormat(i18n.language).format(IMPORT_MAX_ROWS),
        })}
      </p>
      <Field id={`${id}-kind`} label={t('migration.upload.kind')}>
        <Select
          id={`${id}-kind`}
          data-testid="migration-kind"
          value={kind}
          disabled={busy}
          onChange={(e) => setKind(e.target.value as PortableKind)}
          className="sm:w-64"
        >
          {PORTABLE_KINDS.map((k) => (
            <option key={k} value={k}>
              {t(`migration.kinds.${k}`)}
            </option>
          ))}
        </Select>
      </Field>
      <Field
        id={`${id}-file`}
        label={t('migration.upload.file')}
        error={
          tooLarge
            ? t('migration.upload.tooLarge', {
                size: formatBytes(file.size, i18n.language),
                max: formatBytes(IMPORT_MAX_FILE_BYTES, i18n.language),
              })
            : undefined
        }
      >
        <input
          id={`${id}-file`}
          type="file"
          data-testid="migration-file"
          accept=".csv,.tsv,.txt,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          disabled={busy}
          aria-invalid={tooLarge || undefined}
          aria-describedby={tooLarge ? `${id}-file-error` : undefined}
          onChange={(e) => (setFile(e.target.files?.[0] ?? null), setError(null))}
          className="text-sm file:mr-3 file:rounded-md file:border file:border-neutral-300 file:bg-transparent file:px-3 file:py-1.5 file:text-sm dark:file:border-neutral-700"
        />
      </Field>
      {progress !== null && file ? (
        <ProgressBar
          value={progress}
          label={t('migration.upload.progress')}
          text={t('migration.upload.uploading', { name: file.name })}
          testId="migration-upload-progress"
        />
      ) : null}
      {error ? <ErrorAlert error={error} /> : null}
      <Button
        type="submit"
        className="self-start"
        data-testid="migration-upload"
        disabled={!file || tooLarge || busy}
      >
        {t('migration.upload.start')}
      </Button>
    </form>
  );
}
