import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedList } from '../../../components/paged-list';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { pageItems } from '../../../lib/page-items';
import { useImports } from '../api/queries';

/** The caller's imports, newest first; each opens at its step. */
export function ImportsHistory({ onOpen }: { onOpen: (importId: string) => void }) {
  const { t, i18n } = useTranslation();
  const query = useImports();
  const imports = useMemo(() => pageItems(query.data, (page) => page.imports), [query.data]);
  return (
    <PagedList
      query={query}
      items={imports}
      getKey={(job) => job.importId}
      label={t('migration.history.title')}
      testId="migration-imports"
      rowTestId="migration-import-row"
      errorText={t('migration.loadError')}
      empty={t('migration.empty')}
      renderItem={(job) => (
        <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
          <div className="flex min-w-0 flex-col gap-1">
            <span className="font-semibold break-all">{job.fileName}</span>
            <span className="text-xs text-neutral-500">
              {t(`migration.kinds.${job.kind}`)} ·{' '}
              {t('migration.createdAt', { date: new Date(job.createdAt).toLocaleDateString(i18n.language) })}
              {job.rows.total > 0 ? ` · ${t('migration.history.rows', { count: job.rows.total })}` : ''}
            </span>
          </div>
          <div className="flex items-center gap-2">
            <Badge tone={job.status === 'failed' ? 'red' : job.status === 'completed' ? 'blue' : 'neutral'}>
              {t(`migration.status.${job.status}`)}
            </Badge>
            <Button
              size="sm"
              variant="outline"
              aria-label={`${t('migration.history.open')}: ${job.fileName}`}
              onClick={() => onOpen(job.importId)}
            >
              {t('migration.history.open')}
            </Button>
          </div>
        </div>
      )}
    />
  );
}
