import type { UserProfile } from '@sneakers/shared';
import type { ApiKey } from '@sneakers/shared/contracts/store-api';
import type { FeatureAccessData, FlagRecord } from '@sneakers/shared/rules/feature-access';
import { demoFallbackProfile } from '../../../lib/demo/demo-fallback-profile';
import { renderApp, type Route } from '../../../test/render-app';

export const storeProfile = (overrides: Partial<UserProfile> = {}): UserProfile => ({
  ...demoFallbackProfile(new Date('2026-03-01T10:00:00Z')),
  id: 'u-1',
  userId: 'u-1',
  businessName: 'Kicks Madrid',
  role: 'store',
  isSuperuser: false,
  ...overrides,
});

export const PLAYGROUND_FLAG: FlagRecord = {
  name: 'api-playground',
  isEnabled: true,
  targetUserTypes: ['store'],
  rolloutPercentage: 100,
  gates: [],
};

export function apiKey(n: number, patch: Partial<ApiKey> = {}): ApiKey {
  return {
    id: `key-${n}`,
    name: `Key ${n}`,
    prefix: `sk_live_abc${n}`,
    active: true,
    createdAt: `2026-03-0${n}T10:00:00.000Z`,
    lastUsedAt: null,
    revokedAt: null,
    ...patch,
  };
}

/** The app at `path` signed in as `profile` with these flags; `route` answers the rest. */
export function renderStore(path: string, route: Route, profile = storeProfile(), flags = [PLAYGROUND_FLAG]) {
  return renderApp(
    path,
    (url, init) => {
      if (url.pathname === '/api/profile') return Response.json({ profile });
      if (url.pathname === '/api/feature-access/me') {
        const data: FeatureAccessData = { flags, rules: [], grants: {}, overrides: [] };
        return Response.json({
          subject: {
            userId: profile.userId,
            role: profile.role,
            plan: profile.subscriptionPlan,
            isSuperuser: false,
          },
          data,
          startupGate: false,
        });
      }
      if (url.pathname === '/api/demo/session')
        return Response.json({
          accessToken: 'demo-token',
          expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
        });
      return route(url, init);
    },
    { status: 'signed-in', userId: profile.userId, email: profile.contactEmail },
  );
}

/** The requests `fetchMock` saw to `pathname` with `method`. */
export function calls(fetchMock: { mock: { calls: unknown[][] } }, pathname: string, method = 'GET') {
  return fetchMock.mock.calls
    .map(([input, init]) => ({ url: new URL(String(input)), init: init as RequestInit | undefined }))
    .filter(({ url, init }) => url.pathname === pathname && (init?.method ?? 'GET') === method);
}
