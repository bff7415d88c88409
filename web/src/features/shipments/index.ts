import { withStrings } from '../../i18n';
import { lazyWithPreload } from '../../lib/lazy';
import type { ShipmentsPanelProps } from '../../lib/widget-slots/shipments-panel';
import { shipmentsStrings } from './i18n/strings';

/**
 * One record's shipments for its detail page (app/feature-widgets.tsx puts it in the slot the
 * sale detail renders), in its own chunk with the shipments strings.
 */
export const ShipmentsPanel = lazyWithPreload<ShipmentsPanelProps>(() =>
  withStrings(import('./components/shipments-panel'), shipmentsStrings).then((m) => m.ShipmentsPanel),
);
