import { lazy } from 'react';

// The app router's screens of this feature, each its own chunk (importing this loads none).
export const AddItemPage = lazy(() =>
  import('./routes/add-item-page').then((m) => ({ default: m.AddItemPage })),
);
