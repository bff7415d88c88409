import { lazy } from 'react';
import { withStrings } from '../../i18n';
import { ordersStrings } from './i18n/strings';

// The app router's screens of this feature, each its own chunk loaded with the feature's
// strings (importing this loads neither).
export const AddOrderPage = lazy(() =>
  withStrings(import('./routes/add-order-page'), ordersStrings).then((m) => ({ default: m.AddOrderPage })),
);
export const SharedOrderPage = lazy(() =>
  withStrings(import('./routes/shared-order-page'), ordersStrings).then((m) => ({
    default: m.SharedOrderPage,
  })),
);
