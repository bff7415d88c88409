// The app's service worker (docs/product/store-mode.md#offline), built by
// web/scripts/service-worker-plugin.ts: the build's own files are precached under a cache
// named after the build, so the app shell and store mode open without the network. The API
// is never cached here: store mode keeps what it needs in IndexedDB and sends sales itself.
/* global self, caches */
const BUILD = '__BUILD__';
// The plugin replaces the array with the build's files.
const PRECACHE = ['__PRECACHE__'];
const SHELL = '/index.html';
const CACHE = `app-${BUILD}`;
const RUNTIME = 'app-runtime';
// Pages served by other HTML entries, or not by the SPA at all.
const NOT_THE_APP = /^\/(api|share|store|shareable-lists|mock-shareable-list|config\.json)(\/|$)/;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(PRECACHE))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(names.filter((n) => n !== CACHE && n !== RUNTIME).map((n) => caches.delete(n))),
      )
      .then(() => self.clients.claim()),
  );
});

/** Network first, the last good answer when offline: the runtime configuration. */
async function networkFirst(request) {
  try {
    const response = await fetch(request);
    if (response.ok) await (await caches.open(RUNTIME)).put(request, response.clone());
    return response;
  } catch (error) {
    const cached = await caches.match(request);
    if (cached) return cached;
    throw error;
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname === '/config.json') {
    event.respondWith(networkFirst(request));
    return;
  }
  if (request.mode === 'navigate') {
    if (NOT_THE_APP.test(url.pathname)) return;
    // The SPA's pages: the network's page when there is one, else the precached shell.
    event.respondWith(
      fetch(request).catch(async () => (await caches.match(SHELL, { cacheName: CACHE })) ?? Response.error()),
    );
    return;
  }
  if (NOT_THE_APP.test(url.pathname)) return;
  // Built files never change under a name: the precached copy first.
  event.respondWith(caches.match(request, { cacheName: CACHE }).then((cached) => cached ?? fetch(request)));
});
