import type { FeatureModule, SectionScreenProps } from '../../lib/feature-module';
import { withStrings } from '../../i18n';
import { lazyWithPreload } from '../../lib/lazy';
import { messagingStrings } from './i18n/strings';

/** The messages section, in its own chunk with its strings: importing this module loads neither. */
export const MessagingScreen = lazyWithPreload<SectionScreenProps>(() =>
  withStrings(import('./components/messaging-section'), messagingStrings).then((m) => m.MessagingSection),
);

/** The ratings section (trading partners, ratings received and given), its own chunk too. */
export const RatingsScreen = lazyWithPreload<SectionScreenProps>(() =>
  withStrings(import('./components/ratings-section'), messagingStrings).then((m) => m.RatingsSection),
);

/** Composed by the dashboard (app/dashboard/section-screens.ts). */
export const messagingModule: FeatureModule = {
  name: 'messaging',
  sections: { messages: MessagingScreen, ratings: RatingsScreen },
};
