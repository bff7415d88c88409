import type { FeatureModule, SectionScreenProps } from '../../lib/feature-module';
import { withStrings } from '../../i18n';
import { lazyWithPreload } from '../../lib/lazy';
import { adminStrings } from './i18n/strings';

/** The admin screen, in its own chunk with its strings: importing this module loads neither. */
export const AdminScreen = lazyWithPreload<SectionScreenProps>(() =>
  withStrings(import('./components/admin-section'), adminStrings).then((m) => m.AdminSection),
);

/** Composed by the dashboard (app/dashboard/section-screens.ts). */
export const adminModule: FeatureModule = {
  name: 'admin',
  sections: { admin: AdminScreen },
};
