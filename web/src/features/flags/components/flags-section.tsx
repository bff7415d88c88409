import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ShieldAlert } from 'lucide-react';
import { cn } from '../../../lib/utils';
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
  // The list is also the access probe: every flags route answers a non-superuser 403. The
  // tabs stay mounted while it loads or retries (the list shows those states itself).
  const list = useFlagsList();
  return (
    <div className="flex max-w-6xl min-w-0 flex-col gap-6">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold tracking-tight">{t('flags.title')}</h1>
        <p className="text-sm text-neutral-600 dark:text-neutral-400">{t('flags.intro')}</p>
      </div>
      {isSuperuserRefusal(list.error) ? (
        <div
          role="status"
          data-testid="flags-superuser-only"
          className="mx-auto flex max-w-md flex-col items-center gap-3 rounded-xl border border-dashed border-neutral-300 p-8 text-center dark:border-neutral-700"
        >
          <ShieldAlert aria-hidden="true" className="h-8 w-8 text-neutral-500" />
          <p className="text-sm">{t('flags.superuserOnly')}</p>
        </div>
      ) : (
        <FlagTabs />
      )}
    </div>
  );
}

function FlagTabs() {
  const { t } = useTranslation();
  const id = useId();
  const [tab, setTab] = useState<Tab>('flags');
  const refs = useRef<Partial<Record<Tab, HTMLButtonElement | null>>>({});

  // WAI-ARIA tabs: arrows move between tabs and select them, Home/End jump to the ends.
  const onKeyDown = (event: KeyboardEvent) => {
    const at = TABS.indexOf(tab);
    const next =
      event.key === 'ArrowRight'
        ? TABS[(at + 1) % TABS.length]
        : event.key === 'ArrowLeft'
          ? TABS[(at - 1 + TABS.length) % TABS.length]
          : event.key === 'Home'
            ? TABS[0]
            : event.key === 'End'
              ? TABS[TABS.length - 1]
              : undefined;
    if (!next) return;
    event.preventDefault();
    setTab(next);
    refs.current[next]?.focus();
  };

  return (
    <div className="flex min-w-0 flex-col gap-4">
      <div
        role="tablist"
        aria-label={t('flags.tabs.label')}
        onKeyDown={onKeyDown}
        className="-mx-1 flex gap-1 overflow-x-auto border-b border-neutral-200 px-1 dark:border-neutral-800"
      >
        {TABS.map((name) => (
          <button
            key={name}
            ref={(el) => {
              refs.current[name] = el;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${name}`}
            data-testid={`flags-tab-${name}`}
            aria-selected={tab === name}
            aria-controls={`${id}-panel-${name}`}
            tabIndex={tab === name ? 0 : -1}
            onClick={() => setTab(name)}
            className={cn(
              '-mb-px shrink-0 border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap focus-visible:outline-2 focus-visible:outline-orange-500',
              tab === name
                ? 'border-orange-600 text-orange-700 dark:border-orange-500 dark:text-orange-400'
                : 'border-transparent text-neutral-600 hover:text-neutral-900 dark:text-neutral-400 dark:hover:text-neutral-100',
            )}
          >
            {t(`flags.tabs.${name}`)}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`${id}-panel-${tab}`}
        aria-labelledby={`${id}-tab-${tab}`}
        data-testid={`flags-panel-${tab}`}
        className="min-w-0"
      >
        {tab === 'flags' && <FlagsList />}
        {tab === 'overrides' && <OverridesPanel />}
        {tab === 'rules' && <RulesPanel />}
        {tab === 'check' && <CheckTool />}
        {tab === 'stale' && <StaleReport />}
      </div>
    </div>
  );
}
