import { defineStrings } from '../../../i18n';

/** The virtual-products strings: loaded with its screens (docs/adr/0007-strings-per-feature.md). */
export const virtualProductsStrings = defineStrings({
  name: 'virtual-products',
  sources: { en: () => import('./en.json'), es: () => import('./es.json') },
});
