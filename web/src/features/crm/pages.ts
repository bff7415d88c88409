import { lazy } from 'react';

// The app router's screens of this feature, each its own chunk (importing this loads none).
export const SharedBookingPage = lazy(() =>
  import('./routes/shared-booking-page').then((m) => ({ default: m.SharedBookingPage })),
);
export const AddBookingPage = lazy(() =>
  import('./routes/add-booking-page').then((m) => ({ default: m.AddBookingPage })),
);
export const ClientRedirect = lazy(() =>
  import('./routes/add-booking-page').then((m) => ({ default: m.ClientRedirect })),
);
