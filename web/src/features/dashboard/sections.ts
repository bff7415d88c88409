import type { FeatureModule, SectionScreenProps } from '../../lib/feature-module';
import { withStrings } from '../../i18n';
import { lazyWithPreload } from '../../lib/lazy';
import { dashboardStrings } from './i18n/strings';

/** The dashboard's own section: the settings page (the overview is features/overview). */
export const dashboardModule: FeatureModule = {
  name: 'dashboard',
  sections: {
    settings: lazyWithPreload<SectionScreenProps>(() =>
      withStrings(import('./routes/settings-section'), dashboardStrings).then((m) => m.SettingsSection),
    ),
  },
};
