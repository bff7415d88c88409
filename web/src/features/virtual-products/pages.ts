import { lazy } from 'react';
import { withStrings } from '../../i18n';
import { virtualProductsStrings } from './i18n/strings';

// The app router's screens of this feature, each its own chunk loaded with the feature's
// strings (importing this loads neither).
export const AddVirtualProductPage = lazy(() =>
  withStrings(import('./routes/add-virtual-product-page'), virtualProductsStrings).then((m) => ({
    default: m.AddVirtualProductPage,
  })),
);
