import { lazy } from 'react';
import { withStrings } from '../../i18n';
import { crmStrings } from './i18n/strings';

// For code outside the feature that renders its screens without their loaders (tests).
export { crmStrings };

// The app router's screens of this feature, each its own chunk loaded with the feature's
// strings (importing this loads neither).
export const SharedBookingPage = lazy(() =>
  withStrings(import('./routes/shared-booking-page'), crmStrings).then((m) => ({
    default: m.SharedBookingPage,
  })),
);
export const AddBookingPage = lazy(() =>
  withStrings(import('./routes/add-booking-page'), crmStrings).then((m) => ({ default: m.AddBookingPage })),
);
export const ClientRedirect = lazy(() =>
  withStrings(import('./routes/add-booking-page'), crmStrings).then((m) => ({ default: m.ClientRedirect })),
);
