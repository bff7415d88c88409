import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { vi } from 'vitest';
import {
  createApiClient,
  type FeatureFlag,
  type ResponseOf,
  type getMyFeatureAccess,
} from '@sneakers/shared';
import { AppToaster } from '../app/toaster';
import { RuntimeProvider } from '../lib/api';
import { ThemeProvider } from '../lib/theme';
import { testConfig, type Route } from './render-app';
import { setAuthStateForTests } from '../lib/session/auth-store';

/**
 * For the feature-access and flags tests: `children` signed in as u-1, the network answered
 * by `route` (404 otherwise).
 */
export function renderWithApi(children: ReactNode, route: Route) {
  setAuthStateForTests({ status: 'signed-in', userId: 'u-1', email: 'root@example.com' }, testConfig);
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const answer = await route(url, init);
    if (answer) return answer;
    if (url.pathname === '/api/profile') return Response.json({ profile: null });
    return Response.json({ error: { code: 'NOT_FOUND', message: 'Not found.' } }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <ThemeProvider>
      <RuntimeProvider
        runtime={{
          config: testConfig,
          api: createApiClient({ baseUrl: testConfig.apiBaseUrl, fetch: fetchMock, getToken: () => 'token' }),
        }}
      >
        <QueryClientProvider client={queryClient}>
          {children}
          <AppToaster />
        </QueryClientProvider>
      </RuntimeProvider>
    </ThemeProvider>,
  );
  return { fetchMock, queryClient, view };
}

export function sampleFlag(name: string, patch: Partial<FeatureFlag> = {}): FeatureFlag {
  return {
    name,
    description: '',
    isEnabled: true,
    targetUserTypes: ['store'],
    rolloutPercentage: 0,
    gates: [],
    version: 1,
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-01T00:00:00Z',
    rolloutChangedAt: '2026-01-01T00:00:00Z',
    lastEvaluatedAt: null,
    ...patch,
  };
}

export type MyAccess = ResponseOf<typeof getMyFeatureAccess>;

/** A store user's `flags.me` answer with these flags and grants. */
export function storeAccess(flags: FeatureFlag[], grants: Record<string, boolean> = {}): MyAccess {
  return {
    subject: { userId: 'u-1', role: 'store', plan: 'standard', isSuperuser: false },
    // As flags.me's schema parses it: the decision's fields only.
    data: {
      flags: flags.map(({ name, isEnabled, targetUserTypes, rolloutPercentage, gates }) => ({
        name,
        isEnabled,
        targetUserTypes,
        rolloutPercentage,
        gates,
      })),
      rules: [],
      grants,
      overrides: [],
    },
    startupGate: false,
  };
}
