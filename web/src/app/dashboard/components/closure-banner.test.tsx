import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { UserProfile } from '@sneakers/shared';
import '../../../test/setup';
import { demoFallbackProfile } from '../../../lib/demo/demo-fallback-profile';
import { renderSignedIn } from '../../../test/render-app';

const profile: UserProfile = {
  ...demoFallbackProfile(new Date('2026-01-01T00:00:00Z')),
  id: 'u-1',
  userId: 'u-1',
  businessName: 'Kicks Madrid',
  role: 'store',
};

describe('a pending account closure', { timeout: 40_000 }, () => {
  it('signing in within the grace period shows the date of deletion and keeps the account on request', async () => {
    let closure: { requestedAt: string; deleteAfter: string } | null = {
      requestedAt: '2026-03-01T10:00:00.000Z',
      deleteAfter: '2026-03-31T10:00:00.000Z',
    };
    const deletes: string[] = [];
    renderSignedIn('/dashboard/settings', profile, (url, init) => {
      if (url.pathname !== '/api/account/closure') return undefined;
      if (init?.method === 'DELETE') {
        deletes.push(url.pathname);
        closure = null;
        return Response.json({ closure: null });
      }
      return Response.json({ closure });
    });
    const banner = await screen.findByTestId('closure-banner', {}, { timeout: 20_000 });
    expect(banner.textContent).toContain('it will be deleted on March 31, 2026');
    fireEvent.click(screen.getByTestId('closure-keep'));
    await waitFor(() => expect(screen.queryByTestId('closure-banner')).toBeNull());
    expect(deletes).toHaveLength(1);
    expect(await screen.findByText(/Your account is kept/)).toBeTruthy();
  });

  it('shows nothing without a closure', async () => {
    renderSignedIn('/dashboard/settings', profile, (url) =>
      url.pathname === '/api/account/closure' ? Response.json({ closure: null }) : undefined,
    );
    await screen.findByTestId('settings-account', {}, { timeout: 20_000 });
    expect(screen.queryByTestId('closure-banner')).toBeNull();
  });
});
