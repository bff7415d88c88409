import { defineStrings } from '../../../i18n';
import { accountFieldsStrings } from '../../../lib/account-fields/i18n/strings';

/** The profile page and subscription card: loaded with /profile. */
export const profileStrings = defineStrings({
  name: 'profile',
  sources: { en: () => import('./en.json'), es: () => import('./es.json') },
  // The profile form reuses the wizard's contact names and avatar messages.
  needs: [accountFieldsStrings],
});
