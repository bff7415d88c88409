import type { FeatureModule, SectionScreenProps } from '../../lib/feature-module';
import { withStrings } from '../../i18n';
import { lazyWithPreload } from '../../lib/lazy';
import { marketplaceToolsStrings } from './i18n/strings';

/** The data-population screen, in its own chunk with its strings: importing this module loads neither. */
export const DataPopulationScreen = lazyWithPreload<SectionScreenProps>(() =>
  withStrings(import('./components/data-population-section'), marketplaceToolsStrings).then(
    (m) => m.DataPopulationSection,
  ),
);

/** Composed by the dashboard (app/dashboard/section-screens.ts); data-population-v2 is an alias. */
export const marketplaceToolsModule: FeatureModule = {
  name: 'marketplace-tools',
  sections: { 'data-population': DataPopulationScreen },
};
