import { withStrings } from '../i18n';
import { appStrings } from './i18n/strings';

// The full app's chunk (router, TanStack Query, the API client, realtime, toasts, screens)
// and the strings of its own routes and toasts.
export const loadAppRoot = () => withStrings(import('./app-root'), appStrings);

/** Starts loading the app chunk (on hover or focus of a link that leads into the app). */
export function preloadApp(): void {
  void loadAppRoot().catch(() => undefined);
}
