import { defineStrings } from '../../../i18n';

/** Sign-in, sign-up and password reset: loaded with those screens. */
export const authStrings = defineStrings({
  name: 'auth',
  sources: { en: () => import('./en.json'), es: () => import('./es.json') },
});
