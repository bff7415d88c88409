import { defineStrings } from '../../../i18n';

/** The pricing strings: loaded with its screen (docs/adr/0007-strings-per-feature.md). */
export const pricingStrings = defineStrings({
  name: 'pricing',
  sources: { en: () => import('./en.json'), es: () => import('./es.json') },
});
