import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { Shipment, ShipmentLink } from '@sneakers/shared';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { isDemoRefusal } from '../../../lib/demo/demo-refusal';
import { useAssociateShipment, useDeleteShipment } from '../api/queries';
import { ItemSelectDialog } from './item-select-dialog';
import { ShipmentFormDialog } from './shipment-form-dialog';

/** Associates a shipment with a record, with its toasts (docs/product/commerce.md#shipment-toasts). */
export function useAssociate() {
  const { t } = useTranslation();
  const associate = useAssociateShipment();
  const run = (shipment: Shipment, link: ShipmentLink, onDone?: () => void) =>
    associate.mutate(
      { id: shipment.id, link },
      {
        onSuccess: () => {
          toast.success(t('shipments.toast.associated'));
          onDone?.();
        },
        onError: (error) => {
          if (!isDemoRefusal(error))
            toast.error(t('shipments.toast.errorTitle'), {
              description: t('shipments.toast.associateError'),
            });
          onDone?.();
        },
      },
    );
  return { run, pending: associate.isPending };
}

export interface ShipmentDialogs {
  create: () => void;
  edit: (shipment: Shipment) => void;
  remove: (shipment: Shipment) => void;
  /** Opens the item selection modal for an unassociated shipment. */
  associate: (shipment: Shipment) => void;
  /** The dialogs themselves: render once. */
  element: ReactNode;
}

/** The create / edit / delete / associate dialogs of a shipments list. */
export function useShipmentDialogs({ fixedLink }: { fixedLink?: ShipmentLink } = {}): ShipmentDialogs {
  const { t } = useTranslation();
  const [form, setForm] = useState<{ shipment: Shipment | null } | null>(null);
  const [deleting, setDeleting] = useState<Shipment | null>(null);
  const [associating, setAssociating] = useState<Shipment | null>(null);
  const remove = useDeleteShipment();
  const associate = useAssociate();

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => toast.success(t('shipments.toast.deleted')),
      onError: (error) => isDemoRefusal(error) || toast.error(t('shipments.toast.deleteError')),
      onSettled: () => setDeleting(null),
    });
  };

  const element = (
    <>
      <ShipmentFormDialog
        open={form !== null}
        onOpenChange={(open) => !open && setForm(null)}
        shipment={form?.shipment}
        fixedLink={fixedLink}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('shipments.delete.title')}
        description={t('shipments.delete.body', { number: deleting?.trackingNumber ?? '' })}
        confirmLabel={t('shipments.delete.confirm')}
        pending={remove.isPending}
        onConfirm={confirmDelete}
        testId="shipment-delete-dialog"
        confirmTestId="shipment-delete-confirm"
      />
      <ItemSelectDialog
        open={associating !== null}
        onOpenChange={(open) => !open && setAssociating(null)}
        pending={associate.pending}
        title={t('shipments.select.associateTitle', { number: associating?.trackingNumber ?? '' })}
        onSelect={(link) => associating && associate.run(associating, link, () => setAssociating(null))}
      />
    </>
  );

  return {
    create: () => setForm({ shipment: null }),
    edit: (shipment) => setForm({ shipment }),
    remove: setDeleting,
    associate: setAssociating,
    element,
  };
}
