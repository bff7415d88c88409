import { defineStrings } from '../../../i18n';

/** The settings section (language, theme): loaded with its screen. */
export const settingsStrings = defineStrings({
  name: 'settings',
  sources: { en: () => import('./en.json'), es: () => import('./es.json') },
});
