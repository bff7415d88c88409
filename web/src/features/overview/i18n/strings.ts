import { defineStrings } from '../../../i18n';

/** The overview strings: loaded with its screens (docs/adr/0007-strings-per-feature.md). */
export const storeOverviewStrings = defineStrings({
  name: 'overview',
  sources: { en: () => import('./en.json'), es: () => import('./es.json') },
});
