import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { createApiClient, type UserProfile } from '@sneakers/shared';
import '../test/setup';
import { profileKeys } from '../lib/session/profile-query';
import { setAuthStateForTests } from '../lib/session/auth-store';
import { DEMO_STORAGE_KEY, enterDemoMode } from '../lib/demo/demo-mode';
import { i18n } from '../i18n';
import { chooseLanguage } from '../lib/language-choice';
import { demoFallbackProfile } from '../lib/demo/demo-fallback-profile';
import { saveLanguageChoices } from './save-language';
import { testConfig } from '../test/render-app';

const profile: UserProfile = {
  ...demoFallbackProfile(new Date('2026-01-01T00:00:00Z')),
  userId: 'u-1',
  language: 'en',
};

function setup(opts: { signedIn?: boolean; profile?: UserProfile | null } = {}) {
  setAuthStateForTests(
    opts.signedIn === false
      ? { status: 'signed-out' }
      : { status: 'signed-in', userId: 'u-1', email: 'kicks@example.com' },
    testConfig,
  );
  const patches: unknown[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const body: unknown = JSON.parse(String(init?.body ?? '{}'));
    patches.push([init?.method, new URL(String(input)).pathname, body]);
    return Response.json({ profile: { ...profile, language: 'es' } });
  });
  const queryClient = new QueryClient();
  queryClient.setQueryData(profileKeys.mine('u-1'), {
    profile: opts.profile === undefined ? profile : opts.profile,
    failed: false,
  });
  const api = createApiClient({ baseUrl: testConfig.apiBaseUrl, fetch: fetchMock, getToken: () => 'token' });
  const stop = saveLanguageChoices({ api }, queryClient);
  return { patches, queryClient, stop };
}

describe('the language the user picks is saved to their profile', () => {
  afterEach(async () => {
    window.localStorage.removeItem(DEMO_STORAGE_KEY);
    await i18n.changeLanguage('en');
  });

  it('saves it once for a signed-in user with a profile, and keeps the cached profile current', async () => {
    const { patches, queryClient, stop } = setup();
    await chooseLanguage('es');
    await vi.waitFor(() => expect(patches).toEqual([['PATCH', '/api/profile', { language: 'es' }]]));
    await vi.waitFor(() =>
      expect(queryClient.getQueryData(profileKeys.mine('u-1'))).toMatchObject({
        profile: { language: 'es' },
      }),
    );
    await chooseLanguage('es');
    stop();
    await chooseLanguage('en');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(patches).toHaveLength(1);
  });

  it('sends nothing in demo mode, signed out, or before onboarding created the profile', async () => {
    const demo = setup();
    enterDemoMode();
    await chooseLanguage('es');
    demo.stop();
    window.localStorage.removeItem(DEMO_STORAGE_KEY);

    const signedOut = setup({ signedIn: false });
    await chooseLanguage('es');
    signedOut.stop();

    const noProfile = setup({ profile: null });
    await chooseLanguage('es');
    noProfile.stop();

    await new Promise((resolve) => setTimeout(resolve, 20));
    expect([...demo.patches, ...signedOut.patches, ...noProfile.patches]).toEqual([]);
  });
});
