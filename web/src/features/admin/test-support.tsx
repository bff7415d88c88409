import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import type { UserProfile } from '@sneakers/shared';
import type { FeatureAccessData } from '@sneakers/shared/rules/feature-access';
import { AppToaster } from '../../app/toaster';
import { appRoutes } from '../../app/router';
import { demoFallbackProfile } from '../../app/routes/profile-route';
import { testConfig } from '../../test/render-app';
import { createRuntime, RuntimeProvider } from '../../lib/api';
import { ThemeProvider } from '../../lib/theme';
import { setAuthStateForTests, type AuthState } from '../auth';
import { impersonationHeaders, reportApiError } from './impersonation-state';

/** Test-only: the app's routes with the app root's API hooks (impersonation header and error hook). */

export type TestRoute = (url: URL, init: RequestInit | undefined) => Response | Promise<Response> | undefined;

export function testProfile(overrides: Partial<UserProfile>): UserProfile {
  return { ...demoFallbackProfile(new Date('2026-03-01T10:00:00Z')), ...overrides };
}

export const NO_FEATURE_DATA: FeatureAccessData = { flags: [], rules: [], grants: {}, overrides: [] };

/** The flags.me answer for `profile` (null: a visitor). */
export function featureAccessFor(
  profile: UserProfile | null,
  options: { startupGate?: boolean; data?: Partial<FeatureAccessData> } = {},
) {
  return {
    subject: profile
      ? {
          userId: profile.userId,
          role: profile.role,
          plan: profile.subscriptionPlan,
          isSuperuser: profile.isSuperuser,
        }
      : null,
    data: { ...NO_FEATURE_DATA, ...options.data },
    startupGate: options.startupGate ?? false,
  };
}

export const headerOf = (init: RequestInit | undefined, name: string) => new Headers(init?.headers).get(name);

/** The whole app on a memory router, calling a mocked fetch through the app's own runtime hooks. */
export function renderWithRuntime(path: string, route: TestRoute, auth: AuthState) {
  setAuthStateForTests(auth, testConfig);
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const answer = await route(url, init);
    if (answer) return answer;
    if (url.pathname === '/api/settings/coming-soon') return Response.json({ settings: null });
    if (url.pathname === '/api/settings/signup')
      return Response.json({ settings: { id: null, isEnabled: true, subtitle: null, updatedAt: null } });
    return Response.json({ error: { code: 'NOT_FOUND', message: 'Not found.' } }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  render(
    <ThemeProvider>
      <RuntimeProvider
        runtime={createRuntime(testConfig, () => 'token', fetchMock, {
          headers: impersonationHeaders,
          onError: reportApiError,
        })}
      >
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
          <AppToaster />
        </QueryClientProvider>
      </RuntimeProvider>
    </ThemeProvider>,
  );
  return { router, queryClient, fetchMock };
}
