import type { FeatureModule, SectionScreenProps } from '../../lib/feature-module';
import { lazyWithPreload } from '../../lib/lazy';

/** The dashboard's own sections: the overview and the settings page. */
export const dashboardModule: FeatureModule = {
  name: 'dashboard',
  sections: {
    dashboard: lazyWithPreload<SectionScreenProps>(() =>
      import('./routes/overview-section').then((m) => m.OverviewSection),
    ),
    settings: lazyWithPreload<SectionScreenProps>(() =>
      import('./routes/settings-section').then((m) => m.SettingsSection),
    ),
  },
};
