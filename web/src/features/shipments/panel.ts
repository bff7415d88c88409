import type { ShipmentLink } from '@sneakers/shared';
import { withStrings } from '../../i18n';
import { lazyWithPreload } from '../../lib/lazy';
import { shipmentsStrings } from './i18n/strings';

export interface ShipmentsPanelProps {
  /** The record whose shipments it shows: `{ kind: 'sale', id: sale.id }`, say. */
  link: { kind: ShipmentLink['kind']; id: string };
}

/**
 * One record's shipments with "Add shipment" (prelinked) and "Associate existing", for a
 * record's detail page (the sale detail embeds it). Its own chunk with the shipments
 * strings: render it inside a Suspense boundary.
 */
export const ShipmentsPanel = lazyWithPreload<ShipmentsPanelProps>(() =>
  withStrings(import('./components/shipments-panel'), shipmentsStrings).then((m) => m.ShipmentsPanel),
);
