import { defineStrings } from '../../i18n';

/** What the app's own routes show (home, not found, placeholder screens) and the toasts any screen's session or mutations raise: loaded with the app root. */
export const appStrings = defineStrings({
  name: 'app',
  sources: { en: () => import('./en.json'), es: () => import('./es.json') },
});
