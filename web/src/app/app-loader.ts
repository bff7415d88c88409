// The full app's chunk: router, TanStack Query, the API client, realtime, toasts, screens.
export const loadAppRoot = () => import('./app-root');

/** Starts loading the app chunk (on hover or focus of a link that leads into the app). */
export function preloadApp(): void {
  void loadAppRoot().catch(() => undefined);
}
