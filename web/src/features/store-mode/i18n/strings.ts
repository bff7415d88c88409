import { defineStrings } from '../../../i18n';

/** The store-mode strings: loaded with its screen (docs/adr/0007-strings-per-feature.md). */
export const storeModeStrings = defineStrings({
  name: 'store-mode',
  sources: { en: () => import('./en.json'), es: () => import('./es.json') },
});
