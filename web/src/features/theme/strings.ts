import { defineStrings } from '../../i18n';

/** The theme test page: loaded with it. */
export const themeStrings = defineStrings({
  name: 'theme',
  sources: { en: () => import('./i18n/en.json'), es: () => import('./i18n/es.json') },
});
