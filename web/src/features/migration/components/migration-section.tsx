import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { NotAvailable } from '../../../components/not-available';
import { PagedList } from '../../../components/paged-list';
import { pageItems } from '../../../lib/page-items';
import { useSession } from '../../../lib/session/use-session';
import { useDemoMode } from '../../../lib/demo/demo-mode';
import { useImports } from '../api/queries';

/** The migration section: the caller's imports, newest first, page by page. */
export function MigrationSection() {
  const { t } = useTranslation();
  const session = useSession();
  const isDemo = useDemoMode();
  const title = t('migration.title');
  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
      {/* Demo mode has no token: these are the user's private records. */}
      {isDemo || session.status !== 'signed-in' ? (
        <NotAvailable section={title} />
      ) : (
        <ImportsList label={title} />
      )}
    </div>
  );
}

function ImportsList({ label }: { label: string }) {
  const { t, i18n } = useTranslation();
  const query = useImports();
  const imports = useMemo(() => pageItems(query.data, (page) => page.imports), [query.data]);
  return (
    <PagedList
      query={query}
      items={imports}
      getKey={(job) => job.importId}
      label={label}
      testId="migration-imports"
      rowTestId="migration-import-row"
      errorText={t('migration.loadError')}
      empty={t('migration.empty')}
      renderItem={(job) => (
        <div className="flex flex-col gap-1 text-sm">
          <span className="font-semibold">{job.fileName}</span>
          <span className="text-xs text-neutral-500">
            {t('migration.createdAt', { date: new Date(job.createdAt).toLocaleDateString(i18n.language) })}
          </span>
        </div>
      )}
    />
  );
}
