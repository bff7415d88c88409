import type { FeatureModule, SectionScreenProps } from '../../lib/feature-module';
import { withStrings } from '../../i18n';
import { lazyWithPreload } from '../../lib/lazy';
import { salesStrings } from './i18n/strings';

/** Its screen, in its own chunk with its strings: importing this module loads neither. */
export const SalesSectionScreen = lazyWithPreload<SectionScreenProps>(() =>
  withStrings(import('./components/sales-section'), salesStrings).then((m) => m.SalesSection),
);

/** Composed by the dashboard (app/dashboard/section-screens.ts). */
export const salesModule: FeatureModule = {
  name: 'sales',
  sections: {
    sales: SalesSectionScreen,
  },
  details: ['sale'],
};
