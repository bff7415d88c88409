import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ShieldAlert } from 'lucide-react';
import { TabList, TabPanel } from '../../../components/ui/tabs';
import { CenteredSpinner } from '../../../components/ui/spinner';
import { useSuperuserStatus } from '../../../lib/session/use-session';
import { isSuperuserRefusal, useFlagsList } from '../api/queries';
import { CheckTool } from './check-tool';
import { FlagsList } from './flags-list';
import { OverridesPanel } from './overrides-panel';
import { RulesPanel } from './rules-panel';
import { StaleReport } from './stale-report';

const TABS = ['flags', 'overrides', 'rules', 'check', 'stale'] as const;
type Tab = (typeof TABS)[number];

/** `/dashboard/feature-flags`: superusers manage flags, grants, overrides and rules here. */
export function FlagsSection() {
  const { t } = useTranslation();
  // Every flags route answers a non-superuser 403: their profile says so before any call.
  const superuser = useSuperuserStatus();
  return (
    <div className="flex max-w-6xl min-w-0 flex-col gap-6">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold tracking-tight">{t('flags.title')}</h1>
        <p className="text-sm text-neutral-600 dark:text-neutral-400">{t('flags.intro')}</p>
      </div>
      {superuser === 'loading' ? (
        <CenteredSpinner label={t('common.loading')} />
      ) : superuser === 'no' ? (
        <SuperuserOnly />
      ) : (
        <FlagsScreen />
      )}
    </div>
  );
}

function SuperuserOnly() {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      data-testid="flags-superuser-only"
      className="mx-auto flex max-w-md flex-col items-center gap-3 rounded-xl border border-dashed border-neutral-300 p-8 text-center dark:border-neutral-700"
    >
      <ShieldAlert aria-hidden="true" className="h-8 w-8 text-neutral-500" />
      <p className="text-sm">{t('flags.superuserOnly')}</p>
    </div>
  );
}

function FlagsScreen() {
  // The list is also the access probe (a profile can be stale: superuser revoked). The tabs
  // stay mounted while it loads or retries (the list shows those states itself).
  const list = useFlagsList();
  return isSuperuserRefusal(list.error) ? <SuperuserOnly /> : <FlagTabs />;
}

function FlagTabs() {
  const { t } = useTranslation();
  const id = useId();
  const [tab, setTab] = useState<Tab>('flags');

  return (
    <div className="flex min-w-0 flex-col gap-4">
      <TabList
        tabs={TABS}
        selected={tab}
        onSelect={setTab}
        label={t('flags.tabs.label')}
        idBase={id}
        testIdPrefix="flags"
        renderTab={(name) => t(`flags.tabs.${name}`)}
      />
      <TabPanel tab={tab} idBase={id} testIdPrefix="flags" className="min-w-0">
        {tab === 'flags' && <FlagsList />}
        {tab === 'overrides' && <OverridesPanel />}
        {tab === 'rules' && <RulesPanel />}
        {tab === 'check' && <CheckTool />}
        {tab === 'stale' && <StaleReport />}
      </TabPanel>
    </div>
  );
}
