import type { FeatureModule, SectionScreenProps } from '../../lib/feature-module';
import { withStrings } from '../../i18n';
import { lazyWithPreload } from '../../lib/lazy';
import { billingStrings } from './i18n/strings';

/** The billing screen, in its own chunk with its strings: importing this module loads neither. */
export const BillingScreen = lazyWithPreload<SectionScreenProps>(() =>
  withStrings(import('./components/billing-section'), billingStrings).then((m) => m.BillingSection),
);

/** Composed by the dashboard (app/dashboard/section-screens.ts). */
export const billingModule: FeatureModule = {
  name: 'billing',
  // The dashboard sections (lib/sections.ts) this feature renders, e.g. { orders: BillingScreen }.
  sections: { billing: BillingScreen },
};
