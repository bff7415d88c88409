import type { FeatureModule, SectionScreenProps } from '../../lib/feature-module';
import { withStrings } from '../../i18n';
import { lazyWithPreload } from '../../lib/lazy';
import { dealsStrings } from './i18n/strings';

/** The deals screen, in its own chunk with its strings: importing this module loads neither. */
export const DealsScreen = lazyWithPreload<SectionScreenProps>(() =>
  withStrings(import('./components/deals-section'), dealsStrings).then((m) => m.DealsSection),
);

/** Composed by the dashboard (app/dashboard/section-screens.ts). */
export const dealsModule: FeatureModule = {
  name: 'deals',
  // The dashboard sections (lib/sections.ts) this feature renders, e.g. { orders: DealsScreen }.
  sections: { deals: DealsScreen },
};
