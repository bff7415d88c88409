import { lazy } from 'react';
import { withStrings } from '../../i18n';
import { storeApiStrings } from './i18n/strings';

/** `/api-playground`, its own chunk loaded with the feature's strings (importing this loads neither). */
export const ApiPlaygroundPage = lazy(() =>
  withStrings(import('./routes/api-playground-page'), storeApiStrings).then((m) => ({
    default: m.ApiPlaygroundPage,
  })),
);
