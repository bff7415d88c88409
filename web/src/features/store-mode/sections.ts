import type { FeatureModule, SectionScreenProps } from '../../lib/feature-module';
import { withStrings } from '../../i18n';
import { lazyWithPreload } from '../../lib/lazy';
import { storeModeStrings } from './i18n/strings';

/** The store-mode screen, in its own chunk with its strings: importing this module loads neither. */
export const StoreModeScreen = lazyWithPreload<SectionScreenProps>(() =>
  withStrings(import('./components/store-mode-section'), storeModeStrings).then((m) => m.StoreModeSection),
);

/** Composed by the dashboard (app/dashboard/section-screens.ts). */
export const storeModeModule: FeatureModule = {
  name: 'store-mode',
  sections: { 'store-mode': StoreModeScreen },
};
