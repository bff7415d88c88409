import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Plus } from 'lucide-react';
import { SHIPMENT_STATUSES, type ShipmentStatus } from '@sneakers/shared';
import type { SectionScreenProps } from '../../../lib/feature-module';
import { PagedList } from '../../../components/paged-list';
import { Button } from '../../../components/ui/button';
import { Field, Select } from '../../../components/ui/form';
import { TabList, TabPanel } from '../../../components/ui/tabs';
import { pageItems } from '../../../lib/page-items';
import { useShipments } from '../api/queries';
import { useShipmentDialogs } from './shipment-dialogs';
import { SHIPMENT_ROW_CLASS, ShipmentRow } from './shipment-row';
import { useLoadErrorToast } from './use-load-error-toast';

const TABS = ['all', 'unassociated'] as const;
type Tab = (typeof TABS)[number];

/** /dashboard/shipments: every shipment (filter by status) and the unassociated ones to associate. */
export function ShipmentsSection(_props: SectionScreenProps) {
  const { t } = useTranslation();
  const idBase = useId();
  const [tab, setTab] = useState<Tab>('all');
  const dialogs = useShipmentDialogs();

  return (
    <div className="flex flex-col gap-4" data-testid="shipments-section">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex flex-col gap-1">
          <h1 className="text-2xl font-bold tracking-tight">{t('shipments.title')}</h1>
          <p className="text-sm text-neutral-600 dark:text-neutral-400">{t('shipments.subtitle')}</p>
        </div>
        <Button data-testid="shipment-add" onClick={dialogs.create}>
          <Plus aria-hidden="true" className="h-4 w-4" />
          {t('shipments.add')}
        </Button>
      </div>
      <TabList
        tabs={TABS}
        selected={tab}
        onSelect={setTab}
        label={t('shipments.tabs.label')}
        idBase={idBase}
        testIdPrefix="shipments"
        renderTab={(name) => t(`shipments.tabs.${name}`)}
      />
      <TabPanel tab={tab} idBase={idBase} testIdPrefix="shipments">
        {tab === 'all' ? <AllShipments dialogs={dialogs} /> : <UnassociatedShipments dialogs={dialogs} />}
      </TabPanel>
      {dialogs.element}
    </div>
  );
}

type Dialogs = ReturnType<typeof useShipmentDialogs>;

function AllShipments({ dialogs }: { dialogs: Dialogs }) {
  const { t } = useTranslation();
  const id = useId();
  const query = useShipments({ kind: 'all' });
  useLoadErrorToast(query);
  const [status, setStatus] = useState<ShipmentStatus | 'all'>('all');
  const loaded = useMemo(() => pageItems(query.data, (p) => p.shipments), [query.data]);
  // The API lists every status newest first; the filter narrows what is loaded.
  const shipments = useMemo(
    () => (status === 'all' ? loaded : loaded.filter((s) => s.status === status)),
    [loaded, status],
  );
  return (
    <PagedList
      query={query}
      items={shipments}
      getKey={(s) => s.id}
      label={t('shipments.title')}
      testId="shipments"
      errorText={t('shipments.toast.loadError')}
      empty={status === 'all' ? t('shipments.empty') : t('shipments.emptyFiltered')}
      toolbar={
        <Field id={`${id}-status`} label={t('shipments.filter.status')} className="min-w-44">
          <Select
            id={`${id}-status`}
            data-testid="shipments-status-filter"
            value={status}
            onChange={(e) => {
              const next = SHIPMENT_STATUSES.find((s) => s === e.target.value);
              setStatus(next ?? 'all');
            }}
          >
            <option value="all">{t('shipments.filter.all')}</option>
            {SHIPMENT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`shipments.status.${s}`)}
              </option>
            ))}
          </Select>
        </Field>
      }
      rowTestId="shipment-row"
      rowAttributes={(s) => ({ 'data-status': s.status, 'data-id': s.id })}
      rowClassName={SHIPMENT_ROW_CLASS}
      renderItem={(s) => (
        <ShipmentRow
          shipment={s}
          onEdit={dialogs.edit}
          onDelete={dialogs.remove}
          onAssociate={dialogs.associate}
        />
      )}
    />
  );
}

function UnassociatedShipments({ dialogs }: { dialogs: Dialogs }) {
  const { t } = useTranslation();
  const query = useShipments({ kind: 'unassociated' });
  useLoadErrorToast(query);
  const shipments = useMemo(() => pageItems(query.data, (p) => p.shipments), [query.data]);
  return (
    <PagedList
      query={query}
      items={shipments}
      getKey={(s) => s.id}
      label={t('shipments.tabs.unassociated')}
      testId="shipments-unassociated"
      errorText={t('shipments.toast.loadError')}
      empty={t('shipments.unassociatedEmpty')}
      rowTestId="shipment-row"
      rowAttributes={(s) => ({ 'data-status': s.status, 'data-id': s.id })}
      rowClassName={SHIPMENT_ROW_CLASS}
      renderItem={(s) => (
        <ShipmentRow
          shipment={s}
          onEdit={dialogs.edit}
          onDelete={dialogs.remove}
          onAssociate={dialogs.associate}
          hideLink
        />
      )}
    />
  );
}
