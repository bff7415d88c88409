import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TabList, TabPanel } from '../../../components/ui/tabs';
import type { SectionScreenProps } from '../../../lib/feature-module';
import { SaleDetail } from './sale-detail';
import { SalesList } from './sales-list';
import { SalesReports } from './sales-reports';

const TABS = ['list', 'reports'] as const;
type Tab = (typeof TABS)[number];

/** The sales section (list, export and DAC7 summary) and the sale detail page. */
export function SalesSection({ detail }: SectionScreenProps) {
  const { t } = useTranslation();
  const idBase = useId();
  const [tab, setTab] = useState<Tab>('list');
  if (detail?.kind === 'sale') return <SaleDetail key={detail.id} id={detail.id} />;
  return (
    <div className="flex max-w-5xl flex-col gap-4">
      <h1 className="text-2xl font-bold tracking-tight">{t('sales.title')}</h1>
      <TabList
        tabs={TABS}
        selected={tab}
        onSelect={setTab}
        label={t('sales.title')}
        idBase={idBase}
        testIdPrefix="sales"
        renderTab={(name) => t(`sales.tabs.${name}`)}
      />
      <TabPanel tab={tab} idBase={idBase} testIdPrefix="sales">
        {tab === 'list' ? <SalesList /> : <SalesReports />}
      </TabPanel>
    </div>
  );
}
