import { lazy } from 'react';

// The app router's screens of this feature, each its own chunk (importing this loads none).
export const ThemeTestPage = lazy(() =>
  import('./routes/theme-test-page').then((m) => ({ default: m.ThemeTestPage })),
);
