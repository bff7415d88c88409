import type { FeatureModule, SectionScreenProps } from '../../lib/feature-module';
import { withStrings } from '../../i18n';
import { lazyWithPreload } from '../../lib/lazy';
import { providersStrings } from './i18n/strings';

/** Providers, the provider page (with its consignments) and its printable pickup sheet. */
export const providersModule: FeatureModule = {
  name: 'providers',
  sections: {
    providers: lazyWithPreload<SectionScreenProps>(() =>
      withStrings(import('./routes/providers-section'), providersStrings).then((m) => m.ProvidersSection),
    ),
  },
  details: ['provider', 'providerPickup'],
};
