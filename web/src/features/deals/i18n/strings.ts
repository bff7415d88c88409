import { defineStrings } from '../../../i18n';

/** The deals strings: loaded with its screen (docs/adr/0007-strings-per-feature.md). */
export const dealsStrings = defineStrings({
  name: 'deals',
  sources: { en: () => import('./en.json'), es: () => import('./es.json') },
});
