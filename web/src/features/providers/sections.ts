import type { FeatureModule, SectionScreenProps } from '../../lib/feature-module';
import { lazyWithPreload } from '../../lib/lazy';

/** Providers, the provider page (with its consignments) and its printable pickup sheet. */
export const providersModule: FeatureModule = {
  name: 'providers',
  sections: {
    providers: lazyWithPreload<SectionScreenProps>(() =>
      import('./routes/providers-section').then((m) => m.ProvidersSection),
    ),
  },
  details: ['provider', 'providerPickup'],
};
