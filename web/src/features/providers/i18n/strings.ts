import { defineStrings } from '../../../i18n';

/** Providers, consignments and the provider registration page: loaded with their screens. */
export const providersStrings = defineStrings({
  name: 'providers',
  sources: { en: () => import('./en.json'), es: () => import('./es.json') },
});
