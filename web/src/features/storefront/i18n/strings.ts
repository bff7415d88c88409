import { defineStrings } from '../../../i18n';

/** The storefront strings: loaded with its screen (docs/adr/0007-strings-per-feature.md). */
export const storefrontStrings = defineStrings({
  name: 'storefront',
  sources: { en: () => import('./en.json'), es: () => import('./es.json') },
});
