import type { FeatureModule, SectionScreenProps } from '../../lib/feature-module';
import { withStrings } from '../../i18n';
import { lazyWithPreload } from '../../lib/lazy';
import { storeApiStrings } from './i18n/strings';

/** The store-api screen, in its own chunk with its strings: importing this module loads neither. */
export const StoreApiScreen = lazyWithPreload<SectionScreenProps>(() =>
  withStrings(import('./components/store-api-section'), storeApiStrings).then((m) => m.StoreApiSection),
);

/** Composed by the dashboard (app/dashboard/section-screens.ts). */
export const storeApiModule: FeatureModule = {
  name: 'store-api',
  // The dashboard sections (lib/sections.ts) this feature renders, e.g. { orders: StoreApiScreen }.
  sections: { 'api-playground': StoreApiScreen },
};
