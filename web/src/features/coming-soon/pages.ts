import { lazy } from 'react';
import { withStrings } from '../../i18n';
import { comingSoonStrings } from './i18n/strings';

// What the app's home route loads with it: the strings, so switching from the landing page to
// coming-soon needs no strings request.
export { comingSoonStrings };

// The coming-soon page, its own chunk loaded with the feature's strings: the home route shows
// it when the site is in coming-soon mode (importing this loads neither).
export const ComingSoonPage = lazy(() =>
  withStrings(import('./components/coming-soon-page'), comingSoonStrings).then((m) => ({
    default: m.ComingSoonPage,
  })),
);
