import { defineStrings } from '../../../i18n';

/** The sales strings: loaded with its screens (docs/adr/0007-strings-per-feature.md). */
export const salesStrings = defineStrings({
  name: 'sales',
  sources: { en: () => import('./en.json'), es: () => import('./es.json') },
});
