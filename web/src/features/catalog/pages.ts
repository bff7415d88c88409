import { lazy } from 'react';
import { withStrings } from '../../i18n';
import { catalogStrings } from './i18n/strings';

// The app router's screens of this feature, each its own chunk loaded with the feature's
// strings (importing this loads neither).
export const ProductPage = lazy(() =>
  withStrings(import('./routes/product-page'), catalogStrings).then((m) => ({ default: m.ProductPage })),
);
