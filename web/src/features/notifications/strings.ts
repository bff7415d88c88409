import { defineStrings } from '../../i18n';

/** The notifications section: loaded with it. */
export const notificationsStrings = defineStrings({
  name: 'notifications',
  sources: { en: () => import('./i18n/en.json'), es: () => import('./i18n/es.json') },
});
