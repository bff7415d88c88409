/**
 * Registers the app's service worker (web/scripts/service-worker.js) once the page has
 * loaded, in production builds only: the dev server has no `sw.js`, and a worker's cache
 * would hide edits. The dashboard registers it, so a visitor of the landing page never
 * downloads the app for offline use; it makes the app installable and store mode open
 * offline (docs/product/store-mode.md#offline).
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () =>
    navigator.serviceWorker.register('/sw.js').catch((error: unknown) => {
      console.warn('The service worker could not be registered', error);
    });
  if (document.readyState === 'complete') void register();
  else window.addEventListener('load', () => void register(), { once: true });
}
