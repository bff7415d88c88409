import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import '../../../test/setup';
import { renderApp } from '../../../test/render-app';

const TOKEN = 'a'.repeat(32);
const link = `/auth/reset-password?type=recovery&token=${TOKEN}`;
const valid = (url: URL) =>
  url.pathname === `/api/auth/password-reset/${TOKEN}`
    ? Response.json({ email: 'kicks@example.com', expiresAt: '2030-01-01T00:00:00.000Z' })
    : undefined;

const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('reset password page', () => {
  afterEach(() => vi.useRealTimers());

  it.each([
    '/auth/reset-password',
    `/auth/reset-password?token=${TOKEN}`,
    `/auth/reset-password?type=signup&token=${TOKEN}`,
    '/auth/reset-password?type=recovery',
  ])('shows "Invalid reset link" for %s without calling the API', async (path) => {
    const { fetchMock } = renderApp(path);
    const card = await screen.findByTestId('reset-invalid');
    expect(card.textContent).toContain('Invalid reset link');
    expect(card.textContent).toContain('Request a new one');
    expect(card.querySelector('a')?.getAttribute('href')).toBe('/auth');
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('password-reset'))).toBe(false);
  });

  it('shows "Invalid or expired link" when the API does not know the token', async () => {
    renderApp(link, (url) =>
      url.pathname.startsWith('/api/auth/password-reset/')
        ? Response.json(
            { error: { code: 'RESET_LINK_INVALID', message: 'Invalid or expired link' } },
            { status: 404 },
          )
        : undefined,
    );
    expect(screen.getByText('Checking your reset link...')).toBeTruthy();
    const card = await screen.findByTestId('reset-invalid');
    expect(card.getAttribute('data-reason')).toBe('expired');
    expect(card.textContent).toContain('Invalid or expired link');
  });

  it('explains a short password inline and keeps the submit disabled', async () => {
    renderApp(link, valid);
    await screen.findByTestId('reset-new-password');
    type('reset-new-password', '123');
    expect(screen.getByText('Password must be at least 6 characters long')).toBeTruthy();
    type('reset-confirm-password', '123');
    expect((screen.getByTestId('reset-submit') as HTMLButtonElement).disabled).toBe(true);
  });

  it('explains a mismatch, and the submit only enables for a valid pair', async () => {
    renderApp(link, valid);
    await screen.findByTestId('reset-new-password');
    expect((screen.getByTestId('reset-submit') as HTMLButtonElement).disabled).toBe(true);
    type('reset-new-password', 'secret1');
    type('reset-confirm-password', 'secret2');
    expect(screen.getByText('Passwords do not match')).toBeTruthy();
    expect((screen.getByTestId('reset-submit') as HTMLButtonElement).disabled).toBe(true);
    type('reset-confirm-password', 'secret1');
    expect(screen.queryByText('Passwords do not match')).toBeNull();
    expect((screen.getByTestId('reset-submit') as HTMLButtonElement).disabled).toBe(false);
  });

  it('toggles the password visibility', async () => {
    renderApp(link, valid);
    const input = await screen.findByTestId('reset-new-password');
    expect(input.getAttribute('type')).toBe('password');
    fireEvent.click(screen.getByTestId('reset-toggle-new'));
    expect(input.getAttribute('type')).toBe('text');
  });

  it('updates the password, confirms and returns to /auth after 2 seconds', async () => {
    const confirm = vi.fn(() => Response.json({ updated: true }));
    const { router } = renderApp(link, (url) => (url.pathname.endsWith('/confirm') ? confirm() : valid(url)));
    await screen.findByTestId('reset-new-password');
    type('reset-new-password', 'secret1');
    type('reset-confirm-password', 'secret1');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(screen.getByTestId('reset-submit'));
    expect(await screen.findByText('Password updated')).toBeTruthy();
    expect(
      screen.getByText(
        'Your password has been successfully updated. You can now sign in with your new password.',
      ),
    ).toBeTruthy();
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(router.state.location.pathname).toBe('/auth/reset-password');
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(router.state.location.pathname).toBe('/auth');
  });

  it('shows the server message when the update fails', async () => {
    renderApp(link, (url) =>
      url.pathname.endsWith('/confirm')
        ? Response.json(
            { error: { code: 'RESET_LINK_INVALID', message: 'Link already used' } },
            { status: 404 },
          )
        : valid(url),
    );
    await screen.findByTestId('reset-new-password');
    type('reset-new-password', 'secret1');
    type('reset-confirm-password', 'secret1');
    fireEvent.click(screen.getByTestId('reset-submit'));
    expect(await screen.findByText('Link already used')).toBeTruthy();
  });
});
