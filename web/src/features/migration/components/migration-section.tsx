import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NotAvailable } from '../../../components/not-available';
import { TabList, TabPanel } from '../../../components/ui/tabs';
import { CenteredSpinner } from '../../../components/ui/spinner';
import { useDemoMode } from '../../../lib/demo/demo-mode';
import { useSession } from '../../../lib/session/use-session';
import { DemoPreview } from './demo-preview';
import { ExportsPanel } from './exports-panel';
import { ImportsHistory } from './history';
import { ImportView } from './import-view';
import { NewImport } from './new-import';

const TABS = ['import', 'history', 'export'] as const;
type Tab = (typeof TABS)[number];
const isTab = (value: string | null): value is Tab => TABS.some((tab) => tab === value);

/**
 * The migration-tools section (docs/product/migration-tools.md): the import wizard, the
 * history of imports and the exports. The open import (`?import=`) and export (`?export=`,
 * the emailed link) are in the address, so a reload or the link comes back to them.
 */
export function MigrationSection() {
  const { t } = useTranslation();
  const session = useSession();
  const isDemo = useDemoMode();
  const idBase = useId();
  const [params, setParams] = useSearchParams();
  const title = t('migration.title');
  const importId = params.get('import');
  const exportId = params.get('export');
  const tab: Tab = exportId ? 'export' : isTab(params.get('tab')) ? (params.get('tab') as Tab) : 'import';
  const go = (next: Record<string, string>) => setParams(next);

  const header = (
    <div className="flex flex-col gap-1">
      <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
      <p className="text-sm text-neutral-600 dark:text-neutral-400">{t('migration.subtitle')}</p>
    </div>
  );

  if (!isDemo && session.status === 'loading')
    return <CenteredSpinner label={t('common.loading')} className="min-h-24" />;
  if (!isDemo && session.status !== 'signed-in')
    return (
      <div className="flex max-w-3xl flex-col gap-6">
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        <NotAvailable section={title} />
      </div>
    );

  return (
    <div className="flex max-w-5xl min-w-0 flex-col gap-6" data-testid="migration-section">
      {header}
      {isDemo ? (
        <>
          <DemoPreview />
          <ExportsPanel opened={null} />
        </>
      ) : importId ? (
        <ImportView key={importId} importId={importId} onBack={() => go({ tab: 'history' })} />
      ) : (
        <>
          <TabList
            tabs={TABS}
            selected={tab}
            onSelect={(next) => go({ tab: next })}
            label={title}
            idBase={idBase}
            testIdPrefix="migration"
            renderTab={(name) => t(`migration.tabs.${name}`)}
          />
          <TabPanel tab={tab} idBase={idBase} testIdPrefix="migration">
            {tab === 'import' ? (
              <NewImport onUploaded={(id) => go({ import: id })} />
            ) : tab === 'history' ? (
              <ImportsHistory onOpen={(id) => go({ import: id })} />
            ) : (
              <ExportsPanel opened={exportId} />
            )}
          </TabPanel>
        </>
      )}
    </div>
  );
}
