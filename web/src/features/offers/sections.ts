import type { FeatureModule, SectionScreenProps } from '../../lib/feature-module';
import { withStrings } from '../../i18n';
import { lazyWithPreload } from '../../lib/lazy';
import { offersStrings } from './i18n/strings';

/** Offers received, sent and anonymous. */
export const offersModule: FeatureModule = {
  name: 'offers',
  sections: {
    offers: lazyWithPreload<SectionScreenProps>(() =>
      withStrings(import('./routes/offers-section'), offersStrings).then((m) => m.OffersSection),
    ),
  },
  details: ['offer', 'anonymousOffer'],
};
