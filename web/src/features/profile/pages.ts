import { lazy } from 'react';
import { withStrings } from '../../i18n';
import { profileStrings } from './i18n/strings';

// For code outside the feature that renders its screens without their loaders (tests).
export { profileStrings };

// The app router's screen of this feature, its own chunk loaded with the feature's strings
// (importing this loads neither).
export const ProfileRoute = lazy(() =>
  withStrings(import('./routes/profile-route'), profileStrings).then((m) => ({ default: m.ProfileRoute })),
);
