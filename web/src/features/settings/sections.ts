import type { FeatureModule, SectionScreenProps } from '../../lib/feature-module';
import { withStrings } from '../../i18n';
import { lazyWithPreload } from '../../lib/lazy';
import { settingsStrings } from './i18n/strings';

/** The settings section, in its own chunk with its strings: importing this module loads neither. */
export const SettingsScreen = lazyWithPreload<SectionScreenProps>(() =>
  withStrings(import('./components/settings-section'), settingsStrings).then((m) => m.SettingsSection),
);

/** Composed by the dashboard (app/dashboard/section-screens.ts). */
export const settingsModule: FeatureModule = {
  name: 'settings',
  sections: { settings: SettingsScreen },
};
