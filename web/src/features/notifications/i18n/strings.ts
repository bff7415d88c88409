import { defineStrings } from '../../../i18n';

/** The notifications section: loaded with it. */
export const notificationsStrings = defineStrings({
  name: 'notifications',
  sources: { en: () => import('./en.json'), es: () => import('./es.json') },
});
