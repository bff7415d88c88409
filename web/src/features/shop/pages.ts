import { lazy } from 'react';
import { withStrings } from '../../i18n';
import { shopStrings } from './i18n/strings';

// The app router's /store/... screens (index.html: the dev server, or a signed-in user's
// client-side navigation), one chunk loaded with the feature's strings.
export const ShopPage = lazy(() =>
  withStrings(import('./routes/shop-page'), shopStrings).then((m) => ({ default: m.ShopPage })),
);
