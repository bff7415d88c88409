import { lazy } from 'react';
import { withStrings } from '../../i18n';
import { themeStrings } from './i18n/strings';

// For code outside the feature that renders its screens without their loaders (tests).
export { themeStrings };

// The app router's screens of this feature, each its own chunk loaded with the feature's
// strings (importing this loads neither).
export const ThemeTestPage = lazy(() =>
  withStrings(import('./routes/theme-test-page'), themeStrings).then((m) => ({ default: m.ThemeTestPage })),
);
