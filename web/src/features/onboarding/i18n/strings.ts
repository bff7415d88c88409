import { defineStrings } from '../../../i18n';
import { accountFieldsStrings } from '../../../lib/account-fields/i18n/strings';

/** The sign-up wizard: loaded with /onboarding. */
export const onboardingStrings = defineStrings({
  name: 'onboarding',
  sources: { en: () => import('./en.json'), es: () => import('./es.json') },
  // Its account step reuses the sign-in fields; its contact and avatar steps share the profile form's strings.
  needs: [accountFieldsStrings],
});
