import type { FeatureModule, SectionScreenProps } from '../../lib/feature-module';
import { lazyWithPreload } from '../../lib/lazy';

/** Offers received, sent and anonymous. */
export const offersModule: FeatureModule = {
  name: 'offers',
  sections: {
    offers: lazyWithPreload<SectionScreenProps>(() =>
      import('./routes/offers-section').then((m) => m.OffersSection),
    ),
  },
};
