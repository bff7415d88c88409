import { defineStrings } from '../../../i18n';

/** The payments strings: loaded with its screens (docs/adr/0007-strings-per-feature.md). */
export const paymentsStrings = defineStrings({
  name: 'payments',
  sources: { en: () => import('./en.json'), es: () => import('./es.json') },
});
