import { lazy } from 'react';
import { withStrings } from '../../i18n';
import { onboardingStrings } from './i18n/strings';

// The app router's screen of this feature, its own chunk loaded with the feature's strings
// (importing this loads neither).
export const OnboardingRoute = lazy(() =>
  withStrings(import('./routes/onboarding-route'), onboardingStrings).then((m) => ({
    default: m.OnboardingRoute,
  })),
);
