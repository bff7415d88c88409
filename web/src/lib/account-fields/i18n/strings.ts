import { defineStrings } from '../../../i18n';

/**
 * What the account forms share: the sign-in fields and the sign-up-disabled message (the auth
 * screens and the sign-up wizard), the contact methods and the avatar messages (the wizard and
 * the profile page). Those features' parts need it, so each loads it with its own screens.
 */
export const accountFieldsStrings = defineStrings({
  name: 'account-fields',
  sources: { en: () => import('./en.json'), es: () => import('./es.json') },
});
