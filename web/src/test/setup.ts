import { afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { appStrings } from '../app/i18n/strings';
import { loadStrings, setupI18n } from '../i18n';

// Imported by each web test file (the root vitest project has no setupFiles). Tests render
// the app's routes without the app root (render-app.tsx), so they load its strings here;
// every screen loads its feature's strings itself, as in the app.
setupI18n();
await loadStrings(appStrings);

// Lazy screens load real chunks: on a busy 2-core CI machine, beside the browser journeys,
// that can take far more than the default 1 s that findBy* waits (5 s was seen to fail).
configure({ asyncUtilTimeout: 15_000 });

// jsdom has no scrolling; the router's ScrollRestoration calls it.
window.scrollTo = (() => {}) as typeof window.scrollTo;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; path=/; max-age=0`;
  }
});
