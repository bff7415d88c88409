import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import '../../../test/setup';
import type { AdminUser, AuditEntry } from '@sneakers/shared';
import { featureAccessFor, renderWithRuntime, testProfile, type TestRoute } from './test-support';

const superuser = testProfile({ userId: 'su-1', businessName: 'HQ', isSuperuser: true });

const user = (n: number, extra: Partial<AdminUser> = {}): AdminUser => ({
  userId: `u-${n}`,
  businessName: `Store ${n}`,
  email: `store${n}@example.com`,
  role: 'store',
  plan: 'trial',
  subscriptionStatus: 'trial',
  trialEndsAt: '2026-04-01T00:00:00Z',
  createdAt: '2026-03-01T00:00:00Z',
  isSuperuser: false,
  ...extra,
});

const entry = (id: string, extra: Partial<AuditEntry> = {}): AuditEntry => ({
  id,
  at: '2026-03-02T10:00:00Z',
  action: 'flag.updated',
  actorUserId: 'su-1',
  actorEmail: 'hq@example.com',
  impersonatedUserId: null,
  subject: 'new-dashboard',
  before: JSON.stringify({ rolloutPercentage: 0 }),
  after: JSON.stringify({ rolloutPercentage: 100 }),
  actor: { userId: 'su-1', businessName: 'Sneakers HQ', email: 'hq@example.com' },
  impersonated: null,
  subjectUser: null,
  subjectName: 'new-dashboard',
  ...extra,
});

/** The admin screen for `profile`, with `route` answering the admin routes. */
function renderAdmin(route: TestRoute, path = '/dashboard?page=admin', profile = superuser) {
  return renderWithRuntime(
    path,
    (url, init) => {
      if (url.pathname === '/api/profile') return Response.json({ profile });
      if (url.pathname === '/api/feature-access/me') return Response.json(featureAccessFor(profile));
      return route(url, init);
    },
    { status: 'signed-in', userId: profile.userId, email: profile.contactEmail },
  );
}

afterEach(() => window.sessionStorage.clear());

describe('admin screen: users', () => {
  it(
    'lists the users with their columns and loads the next page on demand',
    { timeout: 20_000 },
    async () => {
      // The first test of the file loads the app's lazy chunks cold: slow on a busy machine.
      const { fetchMock } = renderAdmin((url) => {
        if (url.pathname !== '/api/admin/users') return undefined;
        return url.searchParams.get('cursor') === 'p2'
          ? Response.json({ users: [user(1)], cursor: null })
          : Response.json({
              users: [user(2, { plan: 'standard', subscriptionStatus: 'past_due' })],
              cursor: 'p2',
            });
      });
      const first = await screen.findByTestId('admin-user-row');
      expect(first.textContent).toContain('Store 2');
      expect(first.textContent).toContain('store2@example.com');
      expect(first.textContent).toContain('Standard');
      expect(first.textContent).toContain('Payment due');
      expect(within(first).getByText('Trial ends')).toBeTruthy();
      fireEvent.click(screen.getByTestId('admin-users-load-more'));
      await waitFor(() => expect(screen.getAllByTestId('admin-user-row')).toHaveLength(2));
      expect(screen.queryByTestId('admin-users-load-more')).toBeNull();
      const pages = fetchMock.mock.calls
        .map(([input]) => new URL(String(input)))
        .filter((u) => u.pathname === '/api/admin/users');
      expect(pages.map((u) => u.searchParams.get('cursor'))).toEqual([null, 'p2']);
    },
  );

  it('searches by business name or email once typing pauses for 300 ms', async () => {
    const { fetchMock } = renderAdmin((url) => {
      if (url.pathname !== '/api/admin/users') return undefined;
      const search = url.searchParams.get('search');
      return Response.json({ users: search ? [user(7)] : [user(1), user(2)], cursor: null });
    });
    await waitFor(() => expect(screen.getAllByTestId('admin-user-row')).toHaveLength(2));
    const searches = () =>
      fetchMock.mock.calls
        .map(([input]) => new URL(String(input)))
        .filter((u) => u.pathname === '/api/admin/users')
        .map((u) => u.searchParams.get('search'));

    const box = screen.getByTestId('admin-users-search');
    fireEvent.change(box, { target: { value: 'sto' } });
    fireEvent.change(box, { target: { value: 'store7' } });
    // Within the pause nothing is asked yet.
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(searches()).toEqual([null]);
    await waitFor(() => expect(screen.getAllByTestId('admin-user-row')).toHaveLength(1));
    expect(screen.getByTestId('admin-user-row').textContent).toContain('Store 7');
    // One request for the settled text, none for the keystrokes before it.
    expect(searches()).toEqual([null, 'store7']);
  });

  it('says when a search matches nobody', async () => {
    renderAdmin((url) =>
      url.pathname === '/api/admin/users'
        ? Response.json({ users: url.searchParams.get('search') ? [] : [user(1)], cursor: null })
        : undefined,
    );
    await screen.findByTestId('admin-user-row');
    fireEvent.change(screen.getByTestId('admin-users-search'), { target: { value: 'nobody' } });
    expect((await screen.findByTestId('admin-users-empty')).textContent).toBe('No user matches this search.');
  });

  it('tells anyone else from their profile, without calling the admin routes', async () => {
    const store = testProfile({ userId: 'u-9', isSuperuser: false });
    const { fetchMock } = renderAdmin(
      () =>
        Response.json(
          { error: { code: 'SUPERUSER_REQUIRED', message: 'Superusers only.' } },
          { status: 403 },
        ),
      '/dashboard?page=admin',
      store,
    );
    expect(await screen.findByText('Feature Not Available')).toBeTruthy();
    expect(screen.queryByRole('tablist')).toBeNull();
    const adminCalls = fetchMock.mock.calls.filter(([input]) => String(input).includes('/api/admin/'));
    expect(adminCalls).toEqual([]);
  });

  it("shows the API's refusal to a superuser whose rights were revoked meanwhile", async () => {
    renderAdmin((url) =>
      url.pathname === '/api/admin/users'
        ? Response.json(
            { error: { code: 'SUPERUSER_REQUIRED', message: 'Only superusers can do this.' } },
            { status: 403 },
          )
        : undefined,
    );
    const refusal = await screen.findByTestId('admin-forbidden');
    expect(refusal.textContent).toContain('Only superusers can do this.');
    expect(screen.queryByRole('tablist')).toBeNull();
  });
});

describe('admin screen: site settings', () => {
  it('saves the coming-soon and sign-up settings', async () => {
    const bodies: Record<string, unknown>[] = [];
    renderAdmin((url, init) => {
      if (url.pathname === '/api/admin/users') return Response.json({ users: [], cursor: null });
      if (url.pathname === '/api/settings/coming-soon' && init?.method === 'PUT') {
        const body = JSON.parse(String(init.body)) as Record<string, unknown>;
        bodies.push(body);
        return Response.json({
          settings: {
            id: 'global',
            isEnabled: true,
            title: 'Soon',
            subtitle: 'Very soon',
            launchDate: '2026-05-01',
            updatedAt: '2026-03-02T10:00:00Z',
          },
        });
      }
      if (url.pathname === '/api/settings/signup' && init?.method === 'PUT') {
        bodies.push(JSON.parse(String(init.body)) as Record<string, unknown>);
        return Response.json(
          { error: { code: 'UNAUTHENTICATED', message: 'Unauthorized' } },
          { status: 401 },
        );
      }
      return undefined;
    }, '/dashboard?page=admin&tab=settings');

    fireEvent.click(await screen.findByTestId('admin-coming-soon-enabled'));
    fireEvent.change(screen.getByTestId('admin-coming-soon-title'), { target: { value: 'Soon' } });
    fireEvent.change(screen.getByTestId('admin-coming-soon-subtitle'), { target: { value: 'Very soon' } });
    fireEvent.change(screen.getByTestId('admin-coming-soon-launch'), { target: { value: '2026-05-01' } });
    fireEvent.click(screen.getByTestId('admin-coming-soon-save'));
    expect(await screen.findByText('Settings saved')).toBeTruthy();
    expect(bodies[0]).toEqual({
      isEnabled: true,
      title: 'Soon',
      subtitle: 'Very soon',
      launchDate: '2026-05-01',
    });

    fireEvent.click(screen.getByTestId('admin-signup-enabled'));
    fireEvent.change(screen.getByTestId('admin-signup-message'), { target: { value: 'Back in May' } });
    fireEvent.click(screen.getByTestId('admin-signup-save'));
    // The documented message for a 401 (docs/product/administration.md#api-errors).
    expect(await screen.findByText('User not authenticated')).toBeTruthy();
    expect(bodies[1]).toEqual({ isEnabled: false, subtitle: 'Back in May' });
  });
});

describe('admin screen: audit log', () => {
  it('filters by action and actor, shows changes readably and marks writes made while impersonating', async () => {
    const { fetchMock } = renderAdmin((url) => {
      if (url.pathname === '/api/admin/users') return Response.json({ users: [], cursor: null });
      if (url.pathname !== '/api/admin/audit') return undefined;
      const action = url.searchParams.get('action');
      if (action === 'impersonation.write')
        return Response.json({
          entries: [
            entry('a-2', {
              action: 'impersonation.write',
              actorEmail: null,
              impersonatedUserId: 'u-7',
              subject: 'crm.clients.create',
              before: null,
              after: null,
              impersonated: { userId: 'u-7', businessName: 'Kicks Corner', email: 'ana@kicks.example' },
              subjectName: 'crm.clients.create',
            }),
            entry('a-3', {
              action: 'override.set',
              actorUserId: 'su-9',
              actorEmail: null,
              subject: 'u-8:beta-tools',
              before: null,
              after: null,
              // A user with no profile and no recorded email: still not a bare id.
              actor: { userId: 'su-9', businessName: null, email: null },
              subjectUser: { userId: 'u-8', businessName: 'Drop Zone', email: null },
              subjectName: 'beta-tools',
            }),
          ],
          cursor: null,
        });
      return Response.json({ entries: [entry('a-1')], cursor: null });
    }, '/dashboard?page=admin&tab=audit');

    const row = await screen.findByTestId('admin-audit-row');
    expect(row.textContent).toContain('Flag updated');
    expect(row.textContent).toContain('By Sneakers HQ (hq@example.com)');
    // Before and after, indented JSON behind a disclosure.
    expect(within(row).getByText('Before and after')).toBeTruthy();
    expect(row.querySelectorAll('pre')[1]?.textContent).toBe('{\n  "rolloutPercentage": 100\n}');

    fireEvent.change(screen.getByTestId('admin-audit-action'), { target: { value: 'impersonation.write' } });
    await waitFor(() => expect(screen.getAllByTestId('admin-audit-row')).toHaveLength(2));
    const [write, override] = screen.getAllByTestId('admin-audit-row');
    expect(write!.textContent).toContain('crm.clients.create');
    // Names and emails, with the words spaced ("By …localas 5b3a…" was issue 25).
    expect(within(write!).getByTestId('admin-audit-by').textContent).toBe(
      'By Sneakers HQ (hq@example.com) as Kicks Corner (ana@kicks.example)',
    );
    expect(override!.textContent).toContain('beta-tools for Drop Zone');
    expect(within(override!).getByTestId('admin-audit-by').textContent).toBe('By Unknown user');
    for (const row of [write!, override!]) expect(row.textContent).not.toMatch(/\b(su-\d|u-\d)\b/);

    fireEvent.change(screen.getByTestId('admin-audit-search'), { target: { value: 'hq@example.com' } });
    await act(() => new Promise((resolve) => setTimeout(resolve, 350)));
    await waitFor(() => {
      const last = fetchMock.mock.calls
        .map(([input]) => new URL(String(input)))
        .filter((u) => u.pathname === '/api/admin/audit')
        .at(-1);
      expect(last?.searchParams.get('actor')).toBe('hq@example.com');
      expect(last?.searchParams.get('action')).toBe('impersonation.write');
    });
  });

  it('says when nothing has been recorded', async () => {
    renderAdmin((url) => {
      if (url.pathname === '/api/admin/users') return Response.json({ users: [], cursor: null });
      if (url.pathname === '/api/admin/audit') return Response.json({ entries: [], cursor: null });
      return undefined;
    }, '/dashboard?page=admin&tab=audit');
    expect((await screen.findByTestId('admin-audit-empty')).textContent).toBe(
      'Nothing has been recorded yet.',
    );
  });
});
