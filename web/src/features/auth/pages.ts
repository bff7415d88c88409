import { lazy } from 'react';
import { withStrings } from '../../i18n';
import { authStrings } from './i18n/strings';

// What the app router loads with the routes it composes of this feature (/auth, /onboarding).
export { authStrings };

// The app router's screens of this feature, each its own chunk loaded with the feature's
// strings (importing this loads neither).
export const ResetPasswordPage = lazy(() =>
  withStrings(import('./routes/reset-password-page'), authStrings).then((m) => ({
    default: m.ResetPasswordPage,
  })),
);
