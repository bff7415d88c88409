import { defineStrings } from '../../../i18n';
import { authStrings } from '../../auth/i18n/strings';

/** The sign-up wizard: loaded with /onboarding. */
export const onboardingStrings = defineStrings({
  name: 'onboarding',
  sources: { en: () => import('./en.json'), es: () => import('./es.json') },
  // Its account step reuses the sign-in form's labels and the sign-up-disabled message.
  needs: [authStrings],
});
