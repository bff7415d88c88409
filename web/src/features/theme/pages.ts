import { lazy } from 'react';
import { withStrings } from '../../i18n';
import { themeStrings } from './i18n/strings';

// The app router's screens of this feature, each its own chunk loaded with the feature's
// strings (importing this loads neither).
export const ThemeTestPage = lazy(() =>
  withStrings(import('./routes/theme-test-page'), themeStrings).then((m) => ({ default: m.ThemeTestPage })),
);
