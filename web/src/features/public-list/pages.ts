import { lazy } from 'react';

// The app router's screens of this feature, each its own chunk (importing this loads none).
export const PublicListPage = lazy(() =>
  import('./routes/public-list-page').then((m) => ({ default: m.PublicListPage })),
);
export const ShareableListsRedirect = lazy(() =>
  import('./routes/public-list-page').then((m) => ({ default: m.ShareableListsRedirect })),
);
export const MockListPage = lazy(() =>
  import('./routes/mock-list-page').then((m) => ({ default: m.MockListPage })),
);
