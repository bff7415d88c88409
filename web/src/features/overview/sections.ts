import type { FeatureModule, SectionScreenProps } from '../../lib/feature-module';
import { withStrings } from '../../i18n';
import { lazyWithPreload } from '../../lib/lazy';
import { storeOverviewStrings } from './i18n/strings';

/** Its screen, in its own chunk with its strings: importing this module loads neither. */
export const OverviewSectionScreen = lazyWithPreload<SectionScreenProps>(() =>
  withStrings(import('./components/overview-section'), storeOverviewStrings).then((m) => m.OverviewSection),
);

/** Composed by the dashboard (app/dashboard/section-screens.ts). */
export const overviewModule: FeatureModule = {
  name: 'overview',
  sections: {
    dashboard: OverviewSectionScreen,
  },
};
