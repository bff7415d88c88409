import type { FeatureModule, SectionScreenProps } from '../../lib/feature-module';
import { withStrings } from '../../i18n';
import { lazyWithPreload } from '../../lib/lazy';
import { storefrontStrings } from './i18n/strings';

/** The storefront screen, in its own chunk with its strings: importing this module loads neither. */
export const StorefrontScreen = lazyWithPreload<SectionScreenProps>(() =>
  withStrings(import('./components/storefront-section'), storefrontStrings).then((m) => m.StorefrontSection),
);

/** Composed by the dashboard (app/dashboard/section-screens.ts). */
export const storefrontModule: FeatureModule = {
  name: 'storefront',
  // The dashboard sections (lib/sections.ts) this feature renders, e.g. { orders: StorefrontScreen }.
  sections: { 'online-store': StorefrontScreen },
};
