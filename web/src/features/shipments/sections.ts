import type { FeatureModule, SectionScreenProps } from '../../lib/feature-module';
import { withStrings } from '../../i18n';
import { lazyWithPreload } from '../../lib/lazy';
import { shipmentsStrings } from './i18n/strings';

/** Its screen, in its own chunk with its strings: importing this module loads neither. */
export const ShipmentsSectionScreen = lazyWithPreload<SectionScreenProps>(() =>
  withStrings(import('./components/shipments-section'), shipmentsStrings).then((m) => m.ShipmentsSection),
);

/** Composed by the dashboard (app/dashboard/section-screens.ts). */
export const shipmentsModule: FeatureModule = {
  name: 'shipments',
  sections: {
    shipments: ShipmentsSectionScreen,
  },
};
