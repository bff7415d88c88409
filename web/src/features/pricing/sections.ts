import type { FeatureModule, SectionScreenProps } from '../../lib/feature-module';
import { withStrings } from '../../i18n';
import { lazyWithPreload } from '../../lib/lazy';
import { pricingStrings } from './i18n/strings';

/** The pricing screen, in its own chunk with its strings: importing this module loads neither. */
export const PricingScreen = lazyWithPreload<SectionScreenProps>(() =>
  withStrings(import('./components/pricing-section'), pricingStrings).then((m) => m.PricingSection),
);

/** Composed by the dashboard (app/dashboard/section-screens.ts). */
export const pricingModule: FeatureModule = {
  name: 'pricing',
  // The dashboard sections (lib/sections.ts) this feature renders, e.g. { orders: PricingScreen }.
  sections: { 'pricing-strategies': PricingScreen },
};
