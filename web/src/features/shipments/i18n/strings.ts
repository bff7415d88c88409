import { defineStrings } from '../../../i18n';

/** The shipments strings: loaded with its screens (docs/adr/0007-strings-per-feature.md). */
export const shipmentsStrings = defineStrings({
  name: 'shipments',
  sources: { en: () => import('./en.json'), es: () => import('./es.json') },
});
