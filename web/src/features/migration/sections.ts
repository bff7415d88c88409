import type { FeatureModule, SectionScreenProps } from '../../lib/feature-module';
import { withStrings } from '../../i18n';
import { lazyWithPreload } from '../../lib/lazy';
import { migrationStrings } from './i18n/strings';

/** The migration screen, in its own chunk with its strings: importing this module loads neither. */
export const MigrationScreen = lazyWithPreload<SectionScreenProps>(() =>
  withStrings(import('./components/migration-section'), migrationStrings).then((m) => m.MigrationSection),
);

/** Composed by the dashboard (app/dashboard/section-screens.ts). */
export const migrationModule: FeatureModule = {
  name: 'migration',
  // The dashboard sections (lib/sections.ts) this feature renders, e.g. { orders: MigrationScreen }.
  sections: { 'migration-tools': MigrationScreen },
};
