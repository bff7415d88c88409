import { lazy } from 'react';
import { withStrings } from '../../i18n';
import { authStrings } from './i18n/strings';

// The app router's screens of this feature, each its own chunk loaded with the feature's
// strings (importing this loads neither).
export const AuthRoute = lazy(() =>
  withStrings(import('./routes/auth-route'), authStrings).then((m) => ({ default: m.AuthRoute })),
);
export const ResetPasswordPage = lazy(() =>
  withStrings(import('./routes/reset-password-page'), authStrings).then((m) => ({
    default: m.ResetPasswordPage,
  })),
);
