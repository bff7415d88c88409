import type { FeatureModule, SectionScreenProps } from '../../lib/feature-module';
import { withStrings } from '../../i18n';
import { lazyWithPreload } from '../../lib/lazy';
import { notificationsStrings } from './i18n/strings';

// For code outside the feature that renders its screens without their loaders (tests).
export { notificationsStrings };

/** The in-app notifications. */
export const notificationsModule: FeatureModule = {
  name: 'notifications',
  sections: {
    notifications: lazyWithPreload<SectionScreenProps>(() =>
      withStrings(import('./routes/notifications-section'), notificationsStrings).then(
        (m) => m.NotificationsSection,
      ),
    ),
  },
};
