import { defineStrings } from '../../../i18n';

/** The theme test page: loaded with it. */
export const themeStrings = defineStrings({
  name: 'theme',
  sources: { en: () => import('./en.json'), es: () => import('./es.json') },
});
