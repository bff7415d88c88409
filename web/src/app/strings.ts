import { defineStrings } from '../i18n';

/** What the app's own routes show (home, not found, placeholder screens) and the toasts any screen's session or mutations raise: loaded with the app root. */
export const appStrings = defineStrings({
  name: 'app',
  sources: { en: () => import('./i18n/en.json'), es: () => import('./i18n/es.json') },
});
