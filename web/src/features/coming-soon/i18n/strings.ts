import { defineStrings } from '../../../i18n';

/** The coming-soon page: loaded with the home route. */
export const comingSoonStrings = defineStrings({
  name: 'coming-soon',
  sources: { en: () => import('./en.json'), es: () => import('./es.json') },
});
