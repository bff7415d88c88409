import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import '../../../test/setup';
import { IMPERSONATION_HEADER, type AdminUser } from '@sneakers/shared';
import { getAuthState } from '../../../lib/session/auth-store';
import {
  getImpersonation,
  IMPERSONATION_STORAGE_KEY,
  setImpersonation,
  type ImpersonationState,
} from '../../../lib/impersonation/impersonation-state';
import { featureAccessFor, headerOf, renderWithRuntime, testProfile, type TestRoute } from './test-support';

const superuser = testProfile({ userId: 'su-1', businessName: 'HQ', isSuperuser: true, role: 'store' });
const target = testProfile({
  userId: 'u-7',
  businessName: 'Kicks Resale',
  role: 'reseller',
  isSuperuser: false,
});
const SIGNED_IN = { status: 'signed-in', userId: 'su-1', email: 'hq@example.com' } as const;
const RETURN = '/dashboard?page=admin';
const ADDRESS = `/dashboard?impersonating=1&as=u-7&via=imp-1&admin_return_url=${encodeURIComponent(RETURN)}`;

const targetRow: AdminUser = {
  userId: 'u-7',
  businessName: 'Kicks Resale',
  email: 'kicks@example.com',
  role: 'reseller',
  plan: 'trial',
  subscriptionStatus: 'trial',
  trialEndsAt: '2026-04-01T00:00:00Z',
  createdAt: '2026-03-01T00:00:00Z',
  isSuperuser: false,
};

/** A flag the target does not pass (rollout 0) gating the offers section. */
const OFFERS_FLAG = {
  name: 'new-offers',
  isEnabled: true,
  targetUserTypes: ['store', 'reseller'] as const,
  rolloutPercentage: 0,
  gates: ['offers'] as const,
};

function stored(
  overrides: Partial<Extract<ImpersonationState, { status: 'active' }>> = {},
): ImpersonationState {
  return {
    status: 'active',
    token: 'tok-1',
    impersonationId: 'imp-1',
    target: { userId: 'u-7', businessName: 'Kicks Resale', email: 'kicks@example.com' },
    expiresAt: new Date(Date.now() + 30 * 60_000).toISOString(),
    originalProfile: superuser,
    returnUrl: RETURN,
    ...overrides,
  };
}

/** The API as the local cloud answers it: the caller is the target when the header carries the token. */
function api(extra: TestRoute = () => undefined): TestRoute {
  return (url, init) => {
    const answer = extra(url, init);
    if (answer) return answer;
    const asTarget = headerOf(init, IMPERSONATION_HEADER) === 'tok-1';
    if (url.pathname === '/api/profile') return Response.json({ profile: asTarget ? target : superuser });
    if (url.pathname === '/api/feature-access/me')
      return Response.json(
        featureAccessFor(asTarget ? target : superuser, { data: { flags: [OFFERS_FLAG] } }),
      );
    if (url.pathname === '/api/admin/users') return Response.json({ users: [targetRow], cursor: null });
    return undefined;
  };
}

/** Every address the router went through, for the address rules. */
function trackLocations(router: ReturnType<typeof renderWithRuntime>['router']): string[] {
  const seen: string[] = [];
  router.subscribe((state) => seen.push(`${state.location.pathname}${state.location.search}`));
  return seen;
}

const where = (router: ReturnType<typeof renderWithRuntime>['router']) =>
  `${router.state.location.pathname}${router.state.location.search}`;

afterEach(() => window.sessionStorage.clear());

describe('impersonation', () => {
  it(
    'starts from the admin screen: stores the grant, opens the address and calls the API as the target',
    { timeout: 20_000 },
    async () => {
      // The first test of the file loads the app's lazy chunks cold: slow on a busy machine.
      const { router, fetchMock } = renderWithRuntime(
        RETURN,
        api((url, init) =>
          url.pathname === '/api/admin/impersonations' && init?.method === 'POST'
            ? Response.json({
                impersonation: {
                  id: 'imp-1',
                  targetUserId: 'u-7',
                  targetBusinessName: 'Kicks Resale',
                  targetEmail: 'kicks@example.com',
                  startedAt: '2026-03-02T10:00:00Z',
                  expiresAt: new Date(Date.now() + 30 * 60_000).toISOString(),
                },
                token: 'tok-1',
              })
            : undefined,
        ),
        SIGNED_IN,
      );
      fireEvent.click(await screen.findByTestId('admin-impersonate'));

      const banner = await screen.findByTestId('impersonation-banner');
      expect(banner.getAttribute('role')).toBe('status');
      expect(banner.textContent).toContain('Kicks Resale (kicks@example.com)');
      expect(where(router)).toBe(ADDRESS);

      const state = getImpersonation();
      expect(state).toMatchObject({
        status: 'active',
        token: 'tok-1',
        impersonationId: 'imp-1',
        target: { userId: 'u-7' },
        returnUrl: RETURN,
        originalProfile: { userId: 'su-1' },
      });
      const start = fetchMock.mock.calls.find(([input]) =>
        String(input).endsWith('/api/admin/impersonations'),
      );
      expect(JSON.parse(String(start?.[1]?.body))).toEqual({ targetUserId: 'u-7' });
      expect(headerOf(start?.[1], IMPERSONATION_HEADER)).toBeNull();

      // The shown session is the target's: their profile, read with the token.
      expect((await screen.findByTestId('sidebar-business-name')).textContent).toBe('Kicks Resale');
      const profileReads = fetchMock.mock.calls.filter(([input]) => String(input).endsWith('/api/profile'));
      expect(headerOf(profileReads.at(-1)?.[1], IMPERSONATION_HEADER)).toBe('tok-1');
    },
  );

  it('refuses with the documented message when the API says only superusers can impersonate', async () => {
    renderWithRuntime(
      RETURN,
      api((url) =>
        url.pathname === '/api/admin/impersonations'
          ? Response.json(
              {
                error: {
                  code: 'IMPERSONATION_FORBIDDEN',
                  message: 'Only superusers can impersonate other users',
                },
              },
              { status: 403 },
            )
          : undefined,
      ),
      SIGNED_IN,
    );
    fireEvent.click(await screen.findByTestId('admin-impersonate'));
    expect(await screen.findByText('Only superusers can impersonate other users')).toBeTruthy();
    expect(getImpersonation()).toBeNull();
    expect(screen.queryByTestId('impersonation-banner')).toBeNull();
  });

  it('Stop ends it on the server, strips the parameters from the address and returns to the admin screen', async () => {
    setImpersonation(stored());
    const { router, fetchMock } = renderWithRuntime(
      ADDRESS,
      api((url) =>
        url.pathname === '/api/admin/impersonations/imp-1/stop'
          ? Response.json({ stopped: true })
          : undefined,
      ),
      SIGNED_IN,
    );
    const seen = trackLocations(router);
    expect((await screen.findByTestId('sidebar-business-name')).textContent).toBe('Kicks Resale');
    fireEvent.click(screen.getByTestId('impersonation-stop'));

    await waitFor(() => expect(where(router)).toBe(RETURN));
    expect(screen.queryByTestId('impersonation-banner')).toBeNull();
    expect(window.sessionStorage.getItem(IMPERSONATION_STORAGE_KEY)).toBeNull();
    // The entry that was showing loses the parameters (Back does not re-enter impersonation mode).
    expect(seen[0]).toBe('/dashboard');
    const stop = fetchMock.mock.calls.find(([input]) => String(input).endsWith('/imp-1/stop'));
    expect(stop?.[1]?.method).toBe('POST');
    // The superuser's own profile is back, without the token on any later call.
    expect((await screen.findByTestId('sidebar-business-name')).textContent).toBe('HQ');
    const after = fetchMock.mock.calls.slice(fetchMock.mock.calls.indexOf(stop!));
    expect(after.every(([, init]) => headerOf(init, IMPERSONATION_HEADER) === null)).toBe(true);
  });

  it('opened in impersonation mode with no stored original profile, Stop signs out and goes to the return address', async () => {
    const signOutEverywhere = vi.fn(() => Promise.resolve());
    const { router } = renderWithRuntime(ADDRESS.replace('imp-1', 'imp-9'), api(), SIGNED_IN);
    // Stand in for Amplify's sign-out once the app is up.
    const { setAuthStateForTests } = await import('../../../lib/session/auth-store');
    const seen = trackLocations(router);
    const banner = await screen.findByTestId('impersonation-banner');
    expect(banner.textContent).toContain('Stop signs you out');
    setAuthStateForTests(SIGNED_IN, undefined, { signOutEverywhere });

    fireEvent.click(within(banner).getByTestId('impersonation-stop'));
    await waitFor(() => expect(getAuthState().status).toBe('signed-out'));
    expect(signOutEverywhere).toHaveBeenCalled();
    await waitFor(() => expect(seen).toContain(RETURN));
    expect(getImpersonation()).toBeNull();
  });

  it('with no return address, the lost impersonation signs out and goes home', async () => {
    const { router } = renderWithRuntime('/dashboard?impersonating=1&as=u-7', api(), SIGNED_IN);
    const seen = trackLocations(router);
    fireEvent.click(await screen.findByTestId('impersonation-stop'));
    await waitFor(() => expect(getAuthState().status).toBe('signed-out'));
    await waitFor(() => expect(seen).toContain('/'));
  });

  it('ends with a toast when the API no longer honours the grant', async () => {
    setImpersonation(stored());
    const { router } = renderWithRuntime(
      ADDRESS,
      api((url, init) =>
        url.pathname === '/api/profile' && headerOf(init, IMPERSONATION_HEADER)
          ? Response.json(
              { error: { code: 'IMPERSONATION_INVALID', message: 'This impersonation has ended.' } },
              { status: 403 },
            )
          : undefined,
      ),
      SIGNED_IN,
    );
    expect(await screen.findByText('Impersonation ended')).toBeTruthy();
    await waitFor(() => expect(where(router)).toBe(RETURN));
    expect(getImpersonation()).toBeNull();
    expect((await screen.findByTestId('sidebar-business-name')).textContent).toBe('HQ');
  });

  it('signing out clears it', async () => {
    setImpersonation(stored());
    renderWithRuntime(ADDRESS, api(), SIGNED_IN);
    fireEvent.click(await screen.findByTestId('sign-out'));
    await waitFor(() => expect(getImpersonation()).toBeNull());
    expect(screen.queryByTestId('impersonation-banner')).toBeNull();
  });
});

describe('sidebar while impersonating', () => {
  it("shows the superuser's sidebar with what the target lacks dimmed, disabled and marked", async () => {
    setImpersonation(stored());
    renderWithRuntime(ADDRESS, api(), SIGNED_IN);
    const sidebar = await screen.findByTestId('sidebar');
    await waitFor(() =>
      expect(within(sidebar).getByTestId('sidebar-business-name').textContent).toBe('Kicks Resale'),
    );

    // Store Management (a reseller), size chart and Administration (superusers), offers (a flag).
    for (const section of ['clients', 'size-chart', 'admin', 'feature-flags', 'offers']) {
      const item = within(sidebar).getByTestId(`nav-${section}`);
      expect(item.getAttribute('aria-disabled')).toBe('true');
      expect(item.tagName).not.toBe('A');
      expect(item.textContent).toContain('Hidden for this user');
    }
    for (const section of ['dashboard', 'inventory', 'deals']) {
      const item = within(sidebar).getByTestId(`nav-${section}`);
      expect(item.tagName).toBe('A');
      expect(item.getAttribute('aria-disabled')).toBeNull();
    }
  });

  it('a section opened directly without access shows Feature Not Available', async () => {
    setImpersonation(stored());
    renderWithRuntime(
      `/dashboard/offers?impersonating=1&as=u-7&via=imp-1&admin_return_url=${encodeURIComponent(RETURN)}`,
      api(),
      SIGNED_IN,
    );
    expect(await screen.findByText('Feature Not Available')).toBeTruthy();
    expect(screen.getByText('This feature is not currently available for your account.')).toBeTruthy();
  });
});

describe('sidebar rules', () => {
  it('hides a section a flag gates from a user the flag does not allow, not from a superuser', async () => {
    const answer =
      (profile: typeof target): TestRoute =>
      (url) => {
        if (url.pathname === '/api/profile') return Response.json({ profile });
        if (url.pathname === '/api/feature-access/me')
          return Response.json(featureAccessFor(profile, { data: { flags: [OFFERS_FLAG] } }));
        return undefined;
      };
    renderWithRuntime('/dashboard', answer(target), {
      status: 'signed-in',
      userId: 'u-7',
      email: 'k@example.com',
    });
    const sidebar = await screen.findByTestId('sidebar');
    expect(within(sidebar).getByTestId('nav-deals').tagName).toBe('A');
    expect(within(sidebar).queryByTestId('nav-offers')).toBeNull();
    expect(within(sidebar).queryByText('Hidden for this user')).toBeNull();
  });
});
