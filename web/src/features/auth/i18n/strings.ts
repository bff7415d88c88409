import { defineStrings } from '../../../i18n';
import { accountFieldsStrings } from '../../../lib/account-fields/i18n/strings';

/** Sign-in, sign-up and password reset: loaded with those screens. */
export const authStrings = defineStrings({
  name: 'auth',
  sources: { en: () => import('./en.json'), es: () => import('./es.json') },
  // The email and password fields are the account forms' shared ones.
  needs: [accountFieldsStrings],
});
