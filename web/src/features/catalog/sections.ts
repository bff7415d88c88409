import type { FeatureModule, SectionScreenProps } from '../../lib/feature-module';
import { withStrings } from '../../i18n';
import { lazyWithPreload } from '../../lib/lazy';
import { catalogStrings } from './i18n/strings';

// Each screen in its own chunk with the feature's strings: importing this module loads neither.
export const CatalogScreen = lazyWithPreload<SectionScreenProps>(() =>
  withStrings(import('./components/catalog-section'), catalogStrings).then((m) => m.CatalogSection),
);
export const SizeChartScreen = lazyWithPreload<SectionScreenProps>(() =>
  withStrings(import('./components/size-chart-section'), catalogStrings).then((m) => m.SizeChartSection),
);
export const ReleasesScreen = lazyWithPreload<SectionScreenProps>(() =>
  withStrings(import('./components/releases-section'), catalogStrings).then((m) => m.ReleasesSection),
);

/** Composed by the dashboard (app/dashboard/section-screens.ts). */
export const catalogModule: FeatureModule = {
  name: 'catalog',
  // catalog-v2 and products are aliases of catalog (lib/sections.ts).
  sections: { catalog: CatalogScreen, 'size-chart': SizeChartScreen, releases: ReleasesScreen },
};
