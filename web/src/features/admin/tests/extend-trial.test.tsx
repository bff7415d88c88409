import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import '../../../test/setup';
import type { AdminUser } from '@sneakers/shared';
import { extendedTrialEnd, parseDays } from '../components/extend-trial-dialog';
import { featureAccessFor, renderWithRuntime, testProfile, type TestRoute } from './test-support';

const superuser = testProfile({ userId: 'su-1', businessName: 'HQ', isSuperuser: true });

const user = (n: number, extra: Partial<AdminUser> = {}): AdminUser => ({
  userId: `u-${n}`,
  businessName: `Store ${n}`,
  email: `store${n}@example.com`,
  role: 'store',
  plan: 'trial',
  subscriptionStatus: 'trial',
  trialEndsAt: '2099-04-01T00:00:00Z',
  createdAt: '2026-03-01T00:00:00Z',
  isSuperuser: false,
  ...extra,
});

function renderAdmin(route: TestRoute) {
  return renderWithRuntime(
    '/dashboard?page=admin',
    (url, init) => {
      if (url.pathname === '/api/profile') return Response.json({ profile: superuser });
      if (url.pathname === '/api/feature-access/me') return Response.json(featureAccessFor(superuser));
      if (url.pathname === '/api/admin/audit') return Response.json({ entries: [], cursor: null });
      return route(url, init);
    },
    { status: 'signed-in', userId: superuser.userId, email: superuser.contactEmail },
  );
}

afterEach(() => window.sessionStorage.clear());

describe('admin: extend a trial', () => {
  it(
    'asks for 1 to 90 days, says the new end, extends and refreshes the list',
    { timeout: 20_000 },
    async () => {
      const extended: unknown[] = [];
      let trialEndsAt = '2099-04-01T00:00:00Z';
      const { fetchMock } = renderAdmin((url, init) => {
        if (url.pathname === '/api/admin/users')
          return Response.json({
            users: [user(1, { trialEndsAt }), user(2, { subscriptionStatus: 'active', plan: 'standard' })],
            cursor: null,
          });
        if (url.pathname === '/api/admin/users/u-1/trial-extension' && init?.method === 'POST') {
          extended.push(JSON.parse(String(init.body)));
          trialEndsAt = '2099-04-11T00:00:00Z';
          return Response.json({ trialEndsAt });
        }
        return undefined;
      });
      const rows = await screen.findAllByTestId('admin-user-row');
      // An active subscription has no trial to extend.
      expect(within(rows[1] as HTMLElement).queryByTestId('admin-extend-trial')).toBeNull();
      fireEvent.click(
        within(rows[0] as HTMLElement).getByRole('button', { name: 'Extend the trial of Store 1' }),
      );
      const dialog = await screen.findByTestId('admin-extend-trial-dialog');
      expect(within(dialog).getByRole('heading', { name: 'Extend the trial of Store 1' })).toBeTruthy();

      const days = within(dialog).getByLabelText('Days to add');
      fireEvent.change(days, { target: { value: '91' } });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Extend trial' }));
      expect(within(dialog).getByRole('alert').textContent).toBe(
        'Enter a whole number of days between 1 and 90.',
      );
      expect(days.getAttribute('aria-invalid')).toBe('true');
      expect(extended).toHaveLength(0);

      fireEvent.change(days, { target: { value: '10' } });
      expect(within(dialog).getByTestId('admin-extend-trial-summary').textContent).toBe(
        'The trial of Store 1 will end on April 11, 2099 (10 more days).',
      );
      const listReads = () =>
        fetchMock.mock.calls.filter(([input]) => new URL(String(input)).pathname === '/api/admin/users')
          .length;
      const before = listReads();
      fireEvent.click(within(dialog).getByRole('button', { name: 'Extend trial' }));
      expect(await screen.findByText('Trial of Store 1 extended to April 11, 2099')).toBeTruthy();
      expect(extended).toEqual([{ days: 10 }]);
      await waitFor(() => expect(screen.queryByTestId('admin-extend-trial-dialog')).toBeNull());
      await waitFor(() => expect(listReads()).toBeGreaterThan(before));
    },
  );

  it("shows the API's refusal and keeps the dialog open", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderAdmin((url) => {
      if (url.pathname === '/api/admin/users') return Response.json({ users: [user(1)], cursor: null });
      if (url.pathname === '/api/admin/users/u-1/trial-extension')
        return Response.json(
          { error: { code: 'CONFLICT', message: 'This account already pays: it has no trial to extend.' } },
          { status: 409 },
        );
      return undefined;
    });
    fireEvent.click(await screen.findByTestId('admin-extend-trial'));
    const dialog = await screen.findByTestId('admin-extend-trial-dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Extend trial' }));
    expect(await screen.findByText('Could not extend the trial')).toBeTruthy();
    expect(screen.getByText('This account already pays: it has no trial to extend.')).toBeTruthy();
    expect(screen.getByTestId('admin-extend-trial-dialog')).toBeTruthy();
  });

  it('counts days from the current end, or from now once the trial ended', () => {
    const now = new Date('2026-03-10T00:00:00Z');
    expect(extendedTrialEnd('2026-03-20T00:00:00Z', 5, now).toISOString()).toBe('2026-03-25T00:00:00.000Z');
    expect(extendedTrialEnd('2026-03-01T00:00:00Z', 5, now).toISOString()).toBe('2026-03-15T00:00:00.000Z');
    expect([
      parseDays('1'),
      parseDays('90'),
      parseDays('0'),
      parseDays('91'),
      parseDays('1.5'),
      parseDays(''),
    ]).toEqual([1, 90, null, null, null, null]);
  });
});
