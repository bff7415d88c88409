import { defineStrings } from '../../i18n';

/** Providers, consignments and the provider registration page: loaded with their screens. */
export const providersStrings = defineStrings({
  name: 'providers',
  sources: { en: () => import('./i18n/en.json'), es: () => import('./i18n/es.json') },
});
