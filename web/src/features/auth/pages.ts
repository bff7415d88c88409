import { lazy } from 'react';

// The app router's screens of this feature, each its own chunk (importing this loads none).
export const ResetPasswordPage = lazy(() =>
  import('./routes/reset-password-page').then((m) => ({ default: m.ResetPasswordPage })),
);
