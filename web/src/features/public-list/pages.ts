import { lazy } from 'react';
import { withStrings } from '../../i18n';
import { publicListStrings } from './i18n/strings';

// The app router's screens of this feature, each its own chunk loaded with the feature's
// strings (importing this loads neither).
export const PublicListPage = lazy(() =>
  withStrings(import('./routes/public-list-page'), publicListStrings).then((m) => ({
    default: m.PublicListPage,
  })),
);
export const ShareableListsRedirect = lazy(() =>
  withStrings(import('./routes/public-list-page'), publicListStrings).then((m) => ({
    default: m.ShareableListsRedirect,
  })),
);
export const MockListPage = lazy(() =>
  withStrings(import('./routes/mock-list-page'), publicListStrings).then((m) => ({
    default: m.MockListPage,
  })),
);
