import type { FeatureModule, SectionScreenProps } from '../../lib/feature-module';
import { withStrings } from '../../i18n';
import { lazyWithPreload } from '../../lib/lazy';
import { virtualProductsStrings } from './i18n/strings';

/** Its screen, in its own chunk with its strings: importing this module loads neither. */
export const VirtualProductsSectionScreen = lazyWithPreload<SectionScreenProps>(() =>
  withStrings(import('./components/virtual-products-section'), virtualProductsStrings).then(
    (m) => m.VirtualProductsSection,
  ),
);

/** Composed by the dashboard (app/dashboard/section-screens.ts). */
export const virtualProductsModule: FeatureModule = {
  name: 'virtual-products',
  sections: {
    'virtual-products': VirtualProductsSectionScreen,
  },
  details: ['virtualProduct'],
};
