import { lazy } from 'react';
import { withStrings } from '../../i18n';
import { offersStrings } from './i18n/strings';

// The app router's screens of this feature, each its own chunk loaded with the feature's
// strings (importing this loads neither).
export const OfferStatusPage = lazy(() =>
  withStrings(import('./routes/offer-status-page'), offersStrings).then((m) => ({
    default: m.OfferStatusPage,
  })),
);
