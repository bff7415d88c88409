import type { ShipmentLink } from '@sneakers/shared';
import { createWidgetSlot } from './create-widget-slot';

export interface ShipmentsPanelProps {
  /** The record whose shipments it shows: `{ kind: 'sale', id: sale.id }`, say. */
  link: { kind: ShipmentLink['kind']; id: string };
}

/**
 * The shipments feature's panel of one record's shipments ("Add shipment" prelinked,
 * "Associate existing"), which a record's detail page embeds (the sale detail). It loads its
 * own chunk: render it inside a Suspense boundary.
 */
const shipmentsPanelSlot = createWidgetSlot<ShipmentsPanelProps>('ShipmentsPanel');

export const ShipmentsPanelProvider = shipmentsPanelSlot.Provider;
export const ShipmentsPanel = shipmentsPanelSlot.Slot;
