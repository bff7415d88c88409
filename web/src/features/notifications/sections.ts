import type { FeatureModule, SectionScreenProps } from '../../lib/feature-module';
import { lazyWithPreload } from '../../lib/lazy';

/** The in-app notifications. */
export const notificationsModule: FeatureModule = {
  name: 'notifications',
  sections: {
    notifications: lazyWithPreload<SectionScreenProps>(() =>
      import('./routes/notifications-section').then((m) => m.NotificationsSection),
    ),
  },
};
