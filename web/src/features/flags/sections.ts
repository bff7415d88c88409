import type { FeatureModule, SectionScreenProps } from '../../lib/feature-module';
import { withStrings } from '../../i18n';
import { lazyWithPreload } from '../../lib/lazy';
import { flagsStrings } from './i18n/strings';

/** The feature flags screen, in its own chunk with its strings: importing this module loads neither. */
export const FlagsScreen = lazyWithPreload<SectionScreenProps>(() =>
  withStrings(import('./components/flags-section'), flagsStrings).then((m) => m.FlagsSection),
);

/** Composed by the dashboard (app/dashboard/section-screens.ts). */
export const flagsModule: FeatureModule = {
  name: 'flags',
  sections: { 'feature-flags': FlagsScreen },
};
