import type { FeatureModule, SectionScreenProps } from '../../lib/feature-module';
import { withStrings } from '../../i18n';
import { lazyWithPreload } from '../../lib/lazy';
import { paymentsStrings } from './i18n/strings';

/** Its screen, in its own chunk with its strings: importing this module loads neither. */
export const PaymentsSectionScreen = lazyWithPreload<SectionScreenProps>(() =>
  withStrings(import('./components/payments-section'), paymentsStrings).then((m) => m.PaymentsSection),
);

/** Composed by the dashboard (app/dashboard/section-screens.ts). */
export const paymentsModule: FeatureModule = {
  name: 'payments',
  sections: {
    payments: PaymentsSectionScreen,
  },
  details: ['payment'],
};
