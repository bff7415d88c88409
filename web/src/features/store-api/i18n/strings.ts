import { defineStrings } from '../../../i18n';

/** The store-api strings: loaded with its screen (docs/adr/0007-strings-per-feature.md). */
export const storeApiStrings = defineStrings({
  name: 'store-api',
  sources: { en: () => import('./en.json'), es: () => import('./es.json') },
});
