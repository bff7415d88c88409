import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient, getPublicList } from '@sneakers/shared';
import { publicPageSize } from '../features/public-list';
import { COGNITO_STORAGE_PREFIX } from '../lib/session/possible-session';
import { DEMO_STORAGE_KEY } from '../lib/demo/demo-mode';
import { dropShareEarlyHint } from './share-boot';
import { takeShareEarlyHint } from './share-prefetch';

const script = readFileSync(
  join(dirname(fileURLToPath(import.meta.url)), '../../public/share-early.js'),
  'utf8',
);

/** The URL the typed client requests for a list's first page. */
async function clientUrl(userId: string, listType: 'wtb' | 'wts'): Promise<string> {
  let requested = '';
  const api = createApiClient({
    baseUrl: 'https://api.example/',
    fetch: (input) => {
      requested = String(input);
      return Promise.reject(new Error('not sent'));
    },
  });
  await api(getPublicList, {
    params: { userId, listType },
    query: { limit: publicPageSize(undefined) },
  }).catch(() => undefined);
  return requested;
}

function runEarlyScript(path: string) {
  window.history.replaceState(null, '', path);
  const fetchMock = vi.fn((input: string) =>
    Promise.resolve(
      input === '/config.json' ? Response.json({ apiBaseUrl: 'https://api.example/' }) : new Response('{}'),
    ),
  );
  vi.stubGlobal('fetch', fetchMock);
  new Function(script)();
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
  window.__shareEarly = undefined;
  window.history.replaceState(null, '', '/');
});

describe('share-early.js', () => {
  it('requests the same first-page URL as the typed API client', async () => {
    for (const [path, userId, listType] of [
      ['/share/u-1/wtb', 'u-1', 'wtb'],
      ['/share/u%401%20x/WTS/', 'u@1 x', 'wts'],
    ] as const) {
      const fetchMock = runEarlyScript(path);
      const hint = takeShareEarlyHint();
      expect(hint).toBeDefined();
      const { url } = await hint!.page;
      expect(url).toBe(await clientUrl(userId, listType));
      expect(fetchMock).toHaveBeenCalledWith(url, expect.anything());
    }
  });

  it('does nothing outside a shared list, and the hint is taken once', () => {
    const fetchMock = runEarlyScript('/dashboard');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(takeShareEarlyHint()).toBeUndefined();
  });

  it.each([
    ['demo mode', DEMO_STORAGE_KEY, 'true'],
    ['a Cognito session', `${COGNITO_STORAGE_PREFIX}client-1.LastAuthUser`, 'user-1'],
  ])('starts nothing in %s: the full app fetches the list once, itself', (_, key, value) => {
    window.localStorage.setItem(key, value);
    const fetchMock = runEarlyScript('/share/u-1/wtb');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(takeShareEarlyHint()).toBeUndefined();
  });

  it('a first page the full app will not read is cancelled, not left pending', async () => {
    const cancel = vi.fn(() => Promise.resolve());
    const response = { body: { cancel } } as unknown as Response;
    dropShareEarlyHint({
      config: Promise.resolve({}),
      page: Promise.resolve({ url: 'u', response: Promise.resolve(response) }),
    });
    await vi.waitFor(() => expect(cancel).toHaveBeenCalledOnce());
    dropShareEarlyHint(undefined);
    dropShareEarlyHint({ config: Promise.resolve({}), page: Promise.reject(new Error('offline')) });
  });
});
