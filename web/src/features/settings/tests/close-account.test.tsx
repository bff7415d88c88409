import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { UserProfile } from '@sneakers/shared';
import '../../../test/setup';
import { demoFallbackProfile } from '../../../lib/demo/demo-fallback-profile';
import { renderApp } from '../../../test/render-app';

const signedIn = { status: 'signed-in' as const, userId: 'u-1', email: 'kicks@example.com' };
const profile: UserProfile = {
  ...demoFallbackProfile(new Date('2026-01-01T00:00:00Z')),
  id: 'u-1',
  userId: 'u-1',
  businessName: 'Kicks Madrid',
};
const counts = {
  inventory: 12,
  wtb: 1,
  wts: 0,
  wtc: 0,
  clients: 3,
  bookings: 0,
  providers: 0,
  consignments: 0,
  sales: 40,
};

describe('settings: close account', { timeout: 40_000 }, () => {
  it('says what goes and when, asks the password again and a confirmation, then signs out', async () => {
    const bodies: unknown[] = [];
    const { router } = renderApp(
      '/dashboard/settings',
      (url, init) => {
        if (url.pathname === '/api/profile') return Response.json({ profile });
        if (url.pathname === '/api/migration/summary') return Response.json({ counts });
        if (url.pathname === '/api/account/closure' && init?.method === 'POST') {
          const body = JSON.parse(String(init.body)) as { password: string };
          bodies.push(body);
          if (body.password !== 'right-password')
            return Response.json(
              { error: { code: 'WRONG_PASSWORD', message: 'Wrong password' } },
              { status: 400 },
            );
          return Response.json({
            closure: { requestedAt: '2026-03-01T10:00:00.000Z', deleteAfter: '2026-03-31T10:00:00.000Z' },
          });
        }
        if (url.pathname === '/api/account/closure') return Response.json({ closure: null });
        return undefined;
      },
      signedIn,
    );
    const block = await screen.findByTestId('settings-close-account', {}, { timeout: 20_000 });
    expect(block.textContent).toContain('30 days later every record you own');
    fireEvent.click(within(block).getByTestId('settings-close-account-open'));
    const dialog = await screen.findByTestId('settings-close-account-dialog');
    expect((await within(dialog).findByTestId('settings-close-account-count-inventory')).textContent).toBe(
      '12 inventory pairs',
    );
    expect(within(dialog).getByTestId('settings-close-account-count-wtb').textContent).toBe('1 WTB item');
    expect(within(dialog).getByTestId('settings-close-account-count-sales').textContent).toBe('40 sales');
    expect(within(dialog).queryByTestId('settings-close-account-count-wts')).toBeNull();

    // Not before the confirmation is ticked.
    const confirm = within(dialog).getByTestId('settings-close-account-confirm') as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.change(within(dialog).getByTestId('settings-close-account-password'), {
      target: { value: 'wrong' },
    });
    fireEvent.click(within(dialog).getByTestId('settings-close-account-understand'));
    fireEvent.click(confirm);
    expect((await within(dialog).findByRole('alert')).textContent).toBe('The password is not right.');

    fireEvent.change(within(dialog).getByTestId('settings-close-account-password'), {
      target: { value: 'right-password' },
    });
    fireEvent.click(confirm);
    expect(await screen.findByText('Your account is closed')).toBeTruthy();
    expect(bodies).toEqual([{ password: 'wrong' }, { password: 'right-password' }]);
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/dashboard/settings'));
  });

  it('demo: refuses with the demo toast and opens nothing', async () => {
    window.localStorage.setItem('demo_mode', 'true');
    renderApp(
      '/dashboard/settings',
      (url) => {
        if (url.pathname === '/api/profile') return Response.json({ profile });
        if (url.pathname === '/api/demo/session')
          return Response.json({
            accessToken: 'demo-token',
            expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
          });
        return undefined;
      },
      signedIn,
    );
    fireEvent.click(await screen.findByTestId('settings-close-account-open', {}, { timeout: 20_000 }));
    expect(await screen.findByText('Demo mode: changes cannot be saved')).toBeTruthy();
    expect(screen.queryByTestId('settings-close-account-dialog')).toBeNull();
  });
});
