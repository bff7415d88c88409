import { lazy } from 'react';
import { withStrings } from '../../i18n';
import { authStrings } from './i18n/strings';

// What the app router loads with /auth (app/routes/auth-route.tsx), which shows the sign-in page.
export { authStrings };

// The app router's screens of this feature, each its own chunk loaded with the feature's
// strings (importing this loads neither).
export const ResetPasswordPage = lazy(() =>
  withStrings(import('./routes/reset-password-page'), authStrings).then((m) => ({
    default: m.ResetPasswordPage,
  })),
);
