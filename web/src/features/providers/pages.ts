import { lazy } from 'react';

// The app router's screens of this feature, each its own chunk (importing this loads none).
export const ProviderRegistrationPage = lazy(() =>
  import('./routes/provider-registration-page').then((m) => ({ default: m.ProviderRegistrationPage })),
);
