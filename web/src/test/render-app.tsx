import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import type { RuntimeConfig, UserProfile } from '@sneakers/shared';
import type { FeatureAccessData, FlagRecord } from '@sneakers/shared/rules/feature-access';
import { AppToaster } from '../app/toaster';
import { appRoutes } from '../app/router';
import { setAuthStateForTests, type AuthState } from '../lib/session/auth-store';
import { createRuntime, RuntimeProvider } from '../lib/api';
import { ThemeProvider } from '../lib/theme';

export const testConfig: RuntimeConfig = {
  stage: 'local',
  apiBaseUrl: 'http://api.test',
  wsUrl: '',
  region: 'eu-west-1',
  cognito: { userPoolId: 'pool', userPoolClientId: 'client' },
};

export type Route = (url: URL, init: RequestInit | undefined) => Response | Promise<Response> | undefined;

/** The whole app on a memory router; the network is mocked at the fetch level only. */
export function renderApp(
  path: string,
  route: Route = () => undefined,
  auth: AuthState = { status: 'signed-out' },
  amplify?: Parameters<typeof setAuthStateForTests>[2],
  /** The app's runtime hooks (extra headers, error reporting) when a test needs the real ones. */
  hooks?: Parameters<typeof createRuntime>[3],
) {
  setAuthStateForTests(auth, testConfig, amplify);
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const answer = await route(url, init);
    if (answer) return answer;
    if (url.pathname === '/api/settings/coming-soon') return Response.json({ settings: null });
    if (url.pathname === '/api/settings/signup')
      return Response.json({ settings: { id: null, isEnabled: true, subtitle: null, updatedAt: null } });
    return Response.json({ error: { code: 'NOT_FOUND', message: 'Not found.' } }, { status: 404 });
  });
  // Direct fetches (the presigned avatar PUT) go through the same mock.
  vi.stubGlobal('fetch', fetchMock);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  render(
    <ThemeProvider>
      <RuntimeProvider runtime={createRuntime(testConfig, () => 'token', fetchMock, hooks)}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
          <AppToaster />
        </QueryClientProvider>
      </RuntimeProvider>
    </ThemeProvider>,
  );
  return { router, queryClient, fetchMock };
}

/**
 * The whole app at `path`, signed in as `profile` with these flags: its profile, its feature
 * access and a demo session are answered; `route` answers the rest.
 */
export function renderSignedIn(path: string, profile: UserProfile, route: Route, flags: FlagRecord[] = []) {
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
