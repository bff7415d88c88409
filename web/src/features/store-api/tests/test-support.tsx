import type { UserProfile } from '@sneakers/shared';
import type { ApiKey } from '@sneakers/shared/contracts/store-api';
import type { FlagRecord } from '@sneakers/shared/rules/feature-access';
import { demoFallbackProfile } from '../../../lib/demo/demo-fallback-profile';
import { renderSignedIn, type Route } from '../../../test/render-app';

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
  return renderSignedIn(path, profile, route, flags);
}

/** The requests `fetchMock` saw to `pathname` with `method`. */
export function calls(fetchMock: { mock: { calls: unknown[][] } }, pathname: string, method = 'GET') {
  return fetchMock.mock.calls
    .map(([input, init]) => ({ url: new URL(String(input)), init: init as RequestInit | undefined }))
    .filter(({ url, init }) => url.pathname === pathname && (init?.method ?? 'GET') === method);
}
