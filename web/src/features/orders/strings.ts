import { defineStrings } from '../../i18n';

/** The orders strings: loaded with its screens (docs/adr/0007-strings-per-feature.md). */
export const ordersStrings = defineStrings({
  name: 'orders',
  sources: { en: () => import('./i18n/en.json'), es: () => import('./i18n/es.json') },
});
