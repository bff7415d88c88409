import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { UserProfile } from '@sneakers/shared';
import '../../../test/setup';
import { demoFallbackProfile } from '../../../lib/demo/demo-fallback-profile';
import { renderApp } from '../../../test/render-app';

const signedIn = { status: 'signed-in' as const, userId: 'u-1', email: 'kicks@example.com' };
const profile = (patch: Partial<UserProfile> = {}): UserProfile => ({
  ...demoFallbackProfile(new Date('2026-01-01T00:00:00Z')),
  id: 'u-1',
  userId: 'u-1',
  businessName: 'Kicks Madrid',
  ...patch,
});

// The first test loads the dashboard's lazy chunks: slow on a busy machine.
describe('settings: the account panel', { timeout: 30_000 }, () => {
  it('saves a kind of email off, with no dead buttons', async () => {
    let current = profile();
    const patches: unknown[] = [];
    renderApp(
      '/dashboard/settings',
      (url, init) => {
        if (url.pathname !== '/api/profile') return undefined;
        if (init?.method === 'PATCH') {
          const body = JSON.parse(String(init.body)) as Partial<UserProfile>;
          patches.push(body);
          current = { ...current, ...body };
        }
        return Response.json({ profile: current });
      },
      signedIn,
    );
    const panel = await screen.findByTestId('settings-account', {}, { timeout: 15_000 });
    expect(within(panel).getByTestId('settings-email-current').textContent).toBe(
      'You sign in with kicks@example.com.',
    );
    fireEvent.click(within(panel).getByTestId('settings-email-messages'));
    await waitFor(() =>
      expect((within(panel).getByTestId('settings-email-messages') as HTMLInputElement).checked).toBe(false),
    );
    expect(patches).toEqual([{ mutedEmails: ['messages'] }]);
    expect((within(panel).getByTestId('settings-email-offers') as HTMLInputElement).checked).toBe(true);

    // All emails off: the kinds show off and cannot be changed one by one.
    fireEvent.click(within(panel).getByTestId('settings-emails-all'));
    await waitFor(() =>
      expect((within(panel).getByTestId('settings-email-offers') as HTMLInputElement).disabled).toBe(true),
    );
    expect(patches.at(-1)).toEqual({ emailNotifications: false });

    // Closing the account is no longer "coming": it is its own block with a working button.
    expect(within(panel).getByTestId('settings-close-account-open')).toBeTruthy();
    expect(screen.queryByText(/not available yet/)).toBeNull();
  });

  it('shows "Show my profile in deals" on for a new profile and PATCHes it off', async () => {
    let current = profile({ profileVisibleInDeals: true });
    const patches: unknown[] = [];
    renderApp(
      '/dashboard/settings',
      (url, init) => {
        if (url.pathname !== '/api/profile') return undefined;
        if (init?.method === 'PATCH') {
          const body = JSON.parse(String(init.body)) as Partial<UserProfile>;
          patches.push(body);
          current = { ...current, ...body };
        }
        return Response.json({ profile: current });
      },
      signedIn,
    );
    const panel = await screen.findByTestId('settings-account', {}, { timeout: 15_000 });
    const toggle = within(panel).getByRole('checkbox', {
      name: 'Show my profile in deals',
    }) as HTMLInputElement;
    expect(toggle.checked).toBe(true);
    fireEvent.click(toggle);
    await waitFor(() => expect(toggle.checked).toBe(false));
    expect(patches).toEqual([{ profileVisibleInDeals: false }]);
    expect(await screen.findByText('Visibility saved')).toBeTruthy();
  });

  it('checks a new password before sending it', async () => {
    renderApp(
      '/dashboard/settings',
      (url) => (url.pathname === '/api/profile' ? Response.json({ profile: profile() }) : undefined),
      signedIn,
    );
    const password = await screen.findByTestId('settings-password', {}, { timeout: 15_000 });
    fireEvent.change(within(password).getByTestId('settings-password-currentPassword'), {
      target: { value: 'secret-123' },
    });
    fireEvent.change(within(password).getByTestId('settings-password-newPassword'), {
      target: { value: 'brand-new' },
    });
    fireEvent.change(within(password).getByTestId('settings-password-confirm'), {
      target: { value: 'brand-neu' },
    });
    fireEvent.click(within(password).getByTestId('settings-password-change'));
    expect(await within(password).findByText('Passwords do not match')).toBeTruthy();
  });
});
