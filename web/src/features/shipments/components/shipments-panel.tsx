import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link2, Plus } from 'lucide-react';
import type { Shipment, ShipmentLink } from '@sneakers/shared';
import { PagedList } from '../../../components/paged-list';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { pageItems } from '../../../lib/page-items';
import { useShipments } from '../api/queries';
import { useAssociate, useShipmentDialogs } from './shipment-dialogs';
import { SHIPMENT_ROW_CLASS, ShipmentRow, ShipmentStatusBadge } from './shipment-row';
import { useLoadErrorToast } from './use-load-error-toast';
import { courierLabel } from '../model/courier';

export interface ShipmentsPanelProps {
  /** The record whose shipments this shows (a sale, an inventory item, a booking, a WTB item). */
  link: ShipmentLink;
}

/** One record's shipments, with "Add shipment" (linked to it) and "Associate existing". */
export function ShipmentsPanel({ link }: ShipmentsPanelProps) {
  const { t } = useTranslation();
  const query = useShipments({ kind: 'linked', link });
  useLoadErrorToast(query);
  const dialogs = useShipmentDialogs({ fixedLink: link });
  const [associating, setAssociating] = useState(false);
  const shipments = pageItems(query.data, (p) => p.shipments);
  const headingId = `shipments-panel-${link.kind}-${link.id}`;

  return (
    <section aria-labelledby={headingId} data-testid="shipments-panel" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold">
          {t('shipments.title')}
        </h2>
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            variant="outline"
            data-testid="shipments-panel-associate"
            onClick={() => setAssociating(true)}
          >
            <Link2 aria-hidden="true" className="h-4 w-4" />
            {t('shipments.panel.associateExisting')}
          </Button>
          <Button size="sm" data-testid="shipments-panel-add" onClick={dialogs.create}>
            <Plus aria-hidden="true" className="h-4 w-4" />
            {t('shipments.add')}
          </Button>
        </div>
      </div>
      <PagedList
        query={query}
        items={shipments}
        getKey={(s) => s.id}
        label={t('shipments.title')}
        testId="shipments-panel"
        errorText={t('shipments.toast.loadError')}
        empty={t('shipments.panel.empty')}
        rowTestId="shipment-row"
        rowAttributes={(s) => ({ 'data-status': s.status })}
        rowClassName={SHIPMENT_ROW_CLASS}
        renderItem={(s) => (
          <ShipmentRow shipment={s} onEdit={dialogs.edit} onDelete={dialogs.remove} hideLink />
        )}
      />
      {dialogs.element}
      <AssociateExistingDialog open={associating} onOpenChange={setAssociating} link={link} />
    </section>
  );
}

/** Picks one of the unassociated shipments and links it to `link`. */
function AssociateExistingDialog({
  open,
  onOpenChange,
  link,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  link: ShipmentLink;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('shipments.panel.associateTitle')}
      description={t('shipments.panel.associateDescription')}
      closeLabel={t('common.close')}
      testId="shipments-associate-existing-dialog"
      className="max-w-xl"
    >
      {open && <UnassociatedPicker link={link} onDone={() => onOpenChange(false)} />}
    </Dialog>
  );
}

function UnassociatedPicker({ link, onDone }: { link: ShipmentLink; onDone: () => void }) {
  const { t } = useTranslation();
  const query = useShipments({ kind: 'unassociated' });
  const associate = useAssociate();
  const shipments = pageItems(query.data, (p) => p.shipments);
  const pick = (s: Shipment) => {
    if (!associate.pending) associate.run(s, link, onDone);
  };
  return (
    <PagedList
      query={query}
      items={shipments}
      getKey={(s) => s.id}
      label={t('shipments.tabs.unassociated')}
      testId="shipments-unassociated-picker"
      errorText={t('shipments.toast.loadError')}
      empty={t('shipments.unassociatedEmpty')}
      rowClassName=""
      listClassName="flex max-h-80 flex-col gap-1 overflow-y-auto"
      renderItem={(s) => (
        <button
          type="button"
          data-testid="shipment-unassociated-option"
          data-id={s.id}
          aria-disabled={associate.pending}
          onClick={() => pick(s)}
          className="flex w-full flex-wrap items-center gap-2 rounded-lg border border-neutral-200 px-3 py-2 text-left hover:bg-neutral-50 focus-visible:outline-2 focus-visible:outline-orange-500 aria-disabled:opacity-50 dark:border-neutral-800 dark:hover:bg-neutral-800"
        >
          <span className="font-medium">{courierLabel(s.courier, t)}</span>
          <span className="font-mono text-sm break-all">{s.trackingNumber}</span>
          <ShipmentStatusBadge status={s.status} />
        </button>
      )}
    />
  );
}
