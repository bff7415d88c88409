import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { EXPORT_LINK_DAYS, type DataExport } from '@sneakers/shared';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { CenteredSpinner } from '../../../components/ui/spinner';
import { useDemoMode } from '../../../lib/demo/demo-mode';
import { isDemoRefusal } from '../../../lib/demo/demo-refusal';
import { showDemoToast } from '../../../lib/demo/demo-toast';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { useCreateExport, useDownloadExport, useExports } from '../api/queries';
import { errorText } from '../model/errors';
import { formatBytes } from '../model/fields';
import { ErrorAlert, ProgressBar } from './error-alert';
import { pageLocation } from '../../../lib/page-location';

const sum = (records: Record<string, number>) => Object.values(records).reduce((a, b) => a + b, 0);

/**
 * "Export all my data" and the caller's exports (docs/product/migration-tools.md#export);
 * `opened` is the export the emailed link names (`?export=`), shown first and focused.
 */
export function ExportsPanel({ opened }: { opened: string | null }) {
  const { t } = useTranslation();
  const isDemo = useDemoMode();
  const exports = useExports(!isDemo);
  const create = useCreateExport();
  const start = () => {
    if (isDemo) return showDemoToast();
    create.mutate(newIdempotencyKey(), {
      onSuccess: () => toast.success(t('migration.export.started')),
      onError: (error) => {
        if (isDemoRefusal(error)) return;
        const { key } = errorText(error);
        toast.error(t(`migration.errors.${key ?? 'generic'}`));
      },
    });
  };
  const list = exports.data ?? [];
  const ordered = opened
    ? [...list.filter((e) => e.exportId === opened), ...list.filter((e) => e.exportId !== opened)]
    : list;
  return (
    <section
      className="flex flex-col gap-4"
      data-testid="migration-exports"
      aria-labelledby="migration-export-title"
    >
      <h2 id="migration-export-title" className="text-lg font-semibold">
        {t('migration.export.title')}
      </h2>
      <p className="text-sm text-neutral-600 dark:text-neutral-400">
        {t('migration.export.body', { days: EXPORT_LINK_DAYS })}
      </p>
      <Button
        className="self-start"
        data-testid="migration-export-start"
        disabled={create.isPending}
        onClick={start}
      >
        {create.isPending ? t('migration.export.starting') : t('migration.export.start')}
      </Button>
      {isDemo ? null : exports.isPending ? (
        <CenteredSpinner label={t('common.loading')} className="min-h-16" />
      ) : exports.isError ? (
        <div className="flex flex-col gap-2">
          <p role="alert" className="text-sm text-red-600">
            {t('migration.loadError')}
          </p>
          <Button variant="outline" className="self-start" onClick={() => void exports.refetch()}>
            {t('migration.retry')}
          </Button>
        </div>
      ) : ordered.length === 0 ? (
        <p className="text-sm text-neutral-500" data-testid="migration-exports-empty">
          {t('migration.export.empty')}
        </p>
      ) : (
        <ul className="flex flex-col gap-2" aria-label={t('migration.export.list')}>
          {ordered.map((item) => (
            <ExportRow key={item.exportId} item={item} focused={item.exportId === opened} />
          ))}
        </ul>
      )}
    </section>
  );
}

function ExportRow({ item, focused }: { item: DataExport; focused: boolean }) {
  const { t, i18n } = useTranslation();
  const ref = useRef<HTMLLIElement>(null);
  const download = useDownloadExport();
  useEffect(() => {
    if (focused) ref.current?.focus();
  }, [focused]);
  const records = sum(item.records);
  const date = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  return (
    <li
      ref={ref}
      tabIndex={focused ? -1 : undefined}
      data-testid="migration-export-row"
      data-status={item.status}
      className={`flex flex-col gap-2 rounded-xl border p-3 text-sm ${focused ? 'border-orange-500' : 'border-neutral-200 dark:border-neutral-800'}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span>{date(item.createdAt)}</span>
        <Badge tone={item.status === 'ready' ? 'blue' : item.status === 'failed' ? 'red' : 'neutral'}>
          {t(`migration.export.status.${item.status}`)}
        </Badge>
      </div>
      <span className="text-xs text-neutral-500">
        {t('migration.export.records', { count: records })}
        {item.bytes !== null ? ` · ${formatBytes(item.bytes, i18n.language)}` : ''}
      </span>
      {item.status === 'building' ? (
        <ProgressBar value={null} label={t('migration.export.progress')} testId="migration-export-progress" />
      ) : null}
      {item.error ? <ErrorAlert error={item.error} /> : null}
      {download.error && !isDemoRefusal(download.error) ? <ErrorAlert error={download.error} /> : null}
      {item.status === 'ready' ? (
        <div className="flex flex-wrap items-center gap-2">
          <Button
            size="sm"
            data-testid="migration-export-download"
            disabled={download.isPending}
            onClick={() => download.mutate(item.exportId, { onSuccess: (url) => pageLocation.assign(url) })}
          >
            {t('migration.export.download')}
          </Button>
          {item.expiresAt ? (
            <span className="text-xs text-neutral-500">
              {t('migration.export.expires', { date: date(item.expiresAt) })}
            </span>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
