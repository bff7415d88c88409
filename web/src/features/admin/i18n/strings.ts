import { defineStrings } from '../../../i18n';

/** The admin strings: loaded with its screen (docs/adr/0007-strings-per-feature.md). */
export const adminStrings = defineStrings({
  name: 'admin',
  sources: { en: () => import('./en.json'), es: () => import('./es.json') },
});
