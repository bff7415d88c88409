import type { FeatureModule, SectionScreenProps } from '../../lib/feature-module';
import { withStrings } from '../../i18n';
import { lazyWithPreload } from '../../lib/lazy';
import { ordersStrings } from './i18n/strings';

/** Its screen, in its own chunk with its strings: importing this module loads neither. */
export const OrdersSectionScreen = lazyWithPreload<SectionScreenProps>(() =>
  withStrings(import('./components/orders-section'), ordersStrings).then((m) => m.OrdersSection),
);

/** Composed by the dashboard (app/dashboard/section-screens.ts). */
export const ordersModule: FeatureModule = {
  name: 'orders',
  sections: {
    orders: OrdersSectionScreen,
  },
  details: ['order'],
};
