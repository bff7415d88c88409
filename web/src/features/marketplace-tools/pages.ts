import { lazy } from 'react';
import { withStrings } from '../../i18n';
import { marketplaceToolsStrings } from './i18n/strings';

// The app router's screens of this feature, each its own chunk loaded with the feature's
// strings (importing this loads neither).
export const MarketplaceApiTestPage = lazy(() =>
  withStrings(import('./routes/marketplace-api-test-page'), marketplaceToolsStrings).then((m) => ({
    default: m.MarketplaceApiTestPage,
  })),
);
export const ScraperTestPage = lazy(() =>
  withStrings(import('./routes/scraper-test-page'), marketplaceToolsStrings).then((m) => ({
    default: m.ScraperTestPage,
  })),
);
