import type { FeatureModule, SectionScreenProps } from '../../lib/feature-module';
import { withStrings } from '../../i18n';
import { lazyWithPreload } from '../../lib/lazy';
import { dashboardStrings } from './strings';

/** The dashboard's own sections: the overview and the settings page. */
export const dashboardModule: FeatureModule = {
  name: 'dashboard',
  sections: {
    dashboard: lazyWithPreload<SectionScreenProps>(() =>
      withStrings(import('./routes/overview-section'), dashboardStrings).then((m) => m.OverviewSection),
    ),
    settings: lazyWithPreload<SectionScreenProps>(() =>
      withStrings(import('./routes/settings-section'), dashboardStrings).then((m) => m.SettingsSection),
    ),
  },
};
