import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PricingStrategy } from '@sneakers/shared';
import { NotAvailable } from '../../../components/not-available';
import { TabList, TabPanel } from '../../../components/ui/tabs';
import { useSession } from '../../../lib/session/use-session';
import type { Words } from '../model/describe';
import { RunsList } from './runs-list';
import { RunView } from './run-view';
import { StrategiesList, StrategiesSkeleton } from './strategies-list';
import { StrategyEditor } from './strategy-editor';

const TABS = ['strategies', 'history'] as const;
type Tab = (typeof TABS)[number];

type View =
  | { kind: 'tabs' }
  | { kind: 'editor'; strategy: PricingStrategy | null }
  | { kind: 'run'; runId: string; back: Tab };

/**
 * The pricing strategies section (docs/product/pricing-strategies.md#screens): the strategies
 * and the run history as tabs; the editor and a run (a preview to apply, or an applied run to
 * undo) open in place of them.
 */
export function PricingSection() {
  const { t } = useTranslation();
  const session = useSession();
  const title = t('pricing.title');
  if (session.status === 'loading' || (session.status === 'signed-in' && session.profileStatus === 'loading'))
    return (
      <div className="flex max-w-5xl flex-col gap-6">
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        <StrategiesSkeleton />
      </div>
    );
  if (session.status !== 'signed-in' || !session.profile)
    return (
      <div className="flex max-w-3xl flex-col gap-6">
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        <NotAvailable section={title} />
      </div>
    );
  return <Pricing currency={session.profile.currency} isStore={session.profile.role === 'store'} />;
}

function Pricing({ currency, isStore }: { currency: Words['currency']; isStore: boolean }) {
  const { t, i18n } = useTranslation();
  const idBase = useId();
  const [tab, setTab] = useState<Tab>('strategies');
  const [view, setView] = useState<View>({ kind: 'tabs' });
  const words: Words = { t, language: i18n.language, currency };

  if (view.kind === 'editor')
    return (
      <StrategyEditor
        strategy={view.strategy}
        words={words}
        isStore={isStore}
        onDone={() => setView({ kind: 'tabs' })}
      />
    );
  if (view.kind === 'run')
    return (
      <RunView
        runId={view.runId}
        currency={currency}
        onBack={() => {
          setTab(view.back);
          setView({ kind: 'tabs' });
        }}
      />
    );

  return (
    <div className="flex max-w-5xl min-w-0 flex-col gap-6" data-testid="pricing-section">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold tracking-tight">{t('pricing.title')}</h1>
        <p className="text-sm text-neutral-600 dark:text-neutral-400">{t('pricing.subtitle')}</p>
      </div>
      <TabList
        tabs={TABS}
        selected={tab}
        onSelect={setTab}
        label={t('pricing.title')}
        idBase={idBase}
        testIdPrefix="pricing"
        renderTab={(name) => t(`pricing.tabs.${name}`)}
      />
      <TabPanel tab={tab} idBase={idBase} testIdPrefix="pricing">
        {tab === 'strategies' ? (
          <StrategiesList
            words={words}
            onCreate={() => setView({ kind: 'editor', strategy: null })}
            onEdit={(strategy) => setView({ kind: 'editor', strategy })}
            onPreviewed={(runId) => setView({ kind: 'run', runId, back: 'strategies' })}
          />
        ) : (
          <RunsList words={words} onOpen={(runId) => setView({ kind: 'run', runId, back: 'history' })} />
        )}
      </TabPanel>
    </div>
  );
}
