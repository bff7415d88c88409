import { defineStrings } from '../../../i18n';

/** The billing strings: loaded with its screen (docs/adr/0007-strings-per-feature.md). */
export const billingStrings = defineStrings({
  name: 'billing',
  sources: { en: () => import('./en.json'), es: () => import('./es.json') },
});
