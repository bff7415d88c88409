import { lazy } from 'react';
import { withStrings } from '../../i18n';
import { listsStrings } from './i18n/strings';

// The app router's screens of this feature, each its own chunk loaded with the feature's
// strings (importing this loads neither).
export const AddItemPage = lazy(() =>
  withStrings(import('./routes/add-item-page'), listsStrings).then((m) => ({ default: m.AddItemPage })),
);
