import { lazy } from 'react';
import { withStrings } from '../../i18n';
import { providersStrings } from './i18n/strings';

// The app router's screens of this feature, each its own chunk loaded with the feature's
// strings (importing this loads neither).
export const ProviderRegistrationPage = lazy(() =>
  withStrings(import('./routes/provider-registration-page'), providersStrings).then((m) => ({
    default: m.ProviderRegistrationPage,
  })),
);
