// share.html loads this small classic script next to the app's modules, so the shared
// list's first page is requested while they download (module code only runs once all of
// them have arrived). The app adopts both requests (src/app/share-boot.tsx). The page URL
// must stay the one the typed API client builds: src/app/share-early.test.ts checks it.
//
// A tab in demo mode or with a Cognito session gets the full app (shareFirst in
// src/app/share-boot.tsx), which fetches the list itself: a request started here would never be
// read, stay pending in the browser and make the list load twice.
(function () {
  var match = /^\/share\/([^/]+)\/([^/]+)\/?$/.exec(window.location.pathname);
  if (!match || typeof fetch !== 'function') return;
  try {
    var store = window.localStorage;
    if (store.getItem('demo_mode') === 'true') return;
    for (var i = 0; i < store.length; i++) {
      var key = store.key(i) || '';
      if (key.indexOf('CognitoIdentityServiceProvider.') === 0 && /\.LastAuthUser$/.test(key)) return;
    }
  } catch {
    // Storage unavailable: nobody can be signed in across loads.
  }
  var userId;
  try {
    userId = decodeURIComponent(match[1]);
  } catch {
    return; // a malformed escape: the app shows its not-found page
  }
  var listType = match[2].toLowerCase();
  var accept = { headers: { accept: 'application/json' } };
  var config = fetch('/config.json', accept).then(function (response) {
    if (!response.ok) throw new Error('config.json answered ' + response.status);
    return response.json();
  });
  var page = config.then(function (json) {
    var base = String((json && json.apiBaseUrl) || '').replace(/\/$/, '');
    var url =
      base +
      '/api/public-lists/' +
      encodeURIComponent(userId) +
      '/' +
      encodeURIComponent(listType) +
      '?limit=24';
    return { url: url, response: fetch(url, accept) };
  });
  // Whoever adopts them reports failures; unobserved ones must not log as unhandled.
  config.catch(function () {});
  page.catch(function () {});
  window.__shareEarly = { config: config, page: page };
})();
