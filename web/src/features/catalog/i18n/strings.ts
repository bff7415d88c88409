import { defineStrings } from '../../../i18n';

/** The catalog strings: loaded with its screen (docs/adr/0007-strings-per-feature.md). */
export const catalogStrings = defineStrings({
  name: 'catalog',
  sources: { en: () => import('./en.json'), es: () => import('./es.json') },
});
