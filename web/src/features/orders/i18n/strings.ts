import { defineStrings } from '../../../i18n';

/** The orders strings: loaded with its screens (docs/adr/0007-strings-per-feature.md). */
export const ordersStrings = defineStrings({
  name: 'orders',
  sources: { en: () => import('./en.json'), es: () => import('./es.json') },
});
