import { defineStrings } from '../../i18n';
import { onboardingStrings } from '../onboarding/strings';

/** The profile page and subscription card: loaded with /profile. */
export const profileStrings = defineStrings({
  name: 'profile',
  sources: { en: () => import('./i18n/en.json'), es: () => import('./i18n/es.json') },
  // The profile form reuses the wizard's contact names and avatar messages.
  needs: [onboardingStrings],
});
