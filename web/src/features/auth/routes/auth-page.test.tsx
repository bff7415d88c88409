import { describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import '../../../test/setup';
import { AppToaster } from '../../../app/toaster';
import { createApiClient } from '@sneakers/shared';
import { RuntimeProvider } from '../../../lib/api';
import { ThemeProvider } from '../../../lib/theme';
import { renderApp, testConfig } from '../../../test/render-app';
import { AuthPage, type AuthPageProps } from './auth-page';
import { loadStrings } from '../../../i18n';
import { authStrings } from '../i18n/strings';

// Rendered without the lazy route that loads them in the app.
await loadStrings(authStrings);

function renderAuth(props: AuthPageProps, path = '/auth') {
  const router = createMemoryRouter(
    [
      { path: '/auth', element: <AuthPage {...props} /> },
      { path: '/', element: <p>home</p> },
      { path: '/share/:userId/:listType', element: <p>shared list</p> },
    ],
    { initialEntries: [path] },
  );
  const api = createApiClient({ baseUrl: testConfig.apiBaseUrl, fetch: vi.fn() });
  render(
    <ThemeProvider>
      <RuntimeProvider runtime={{ config: testConfig, api }}>
        <RouterProvider router={router} />
        <AppToaster />
      </RuntimeProvider>
    </ThemeProvider>,
  );
  return router;
}

describe('auth page', () => {
  it('does nothing when the sign-in form is submitted empty', () => {
    const signInWith = vi.fn(() => Promise.resolve());
    renderAuth({ signInWith });
    fireEvent.click(screen.getByTestId('signin-submit'));
    fireEvent.change(screen.getByTestId('signin-email'), { target: { value: 'a@b.co' } });
    fireEvent.click(screen.getByTestId('signin-submit'));
    expect(signInWith).not.toHaveBeenCalled();
    expect((screen.getByTestId('signin-submit') as HTMLButtonElement).disabled).toBe(false);
  });

  it('signs in, toasts and goes home; a failure toasts the provider message', async () => {
    const error = Object.assign(new Error('Incorrect username or password.'), {
      name: 'NotAuthorizedException',
    });
    const signInWith = vi.fn().mockRejectedValueOnce(error).mockResolvedValueOnce(undefined);
    const router = renderAuth({ signInWith });
    fireEvent.change(screen.getByTestId('signin-email'), { target: { value: 'a@b.co' } });
    fireEvent.change(screen.getByTestId('signin-password'), { target: { value: 'secret1' } });
    fireEvent.click(screen.getByTestId('signin-submit'));
    expect((screen.getByTestId('signin-submit') as HTMLButtonElement).textContent).toBe('Signing in...');
    expect(await screen.findByText('Sign in failed')).toBeTruthy();
    expect(screen.getByText('Incorrect username or password.')).toBeTruthy();
    fireEvent.click(screen.getByTestId('signin-submit'));
    expect(await screen.findByText('home')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(signInWith).toHaveBeenLastCalledWith('a@b.co', 'secret1');
  });

  it('goes back to the page that asked for the sign-in (?next=), only ever a path of this app', async () => {
    const signInWith = vi.fn(() => Promise.resolve());
    const back = renderAuth({ signInWith }, `/auth?next=${encodeURIComponent('/share/u-1/wtb')}`);
    fireEvent.change(screen.getByTestId('signin-email'), { target: { value: 'a@b.co' } });
    fireEvent.change(screen.getByTestId('signin-password'), { target: { value: 'secret1' } });
    fireEvent.click(screen.getByTestId('signin-submit'));
    expect(await screen.findByText('shared list')).toBeTruthy();
    expect(back.state.location.pathname).toBe('/share/u-1/wtb');
    cleanup();

    const elsewhere = renderAuth({ signInWith }, `/auth?next=${encodeURIComponent('//evil.example/x')}`);
    fireEvent.change(screen.getByTestId('signin-email'), { target: { value: 'a@b.co' } });
    fireEvent.change(screen.getByTestId('signin-password'), { target: { value: 'secret1' } });
    fireEvent.click(screen.getByTestId('signin-submit'));
    expect(await screen.findByText('home')).toBeTruthy();
    expect(elsewhere.state.location.pathname).toBe('/');
  });

  it('shows the unexpected-error text for an unexpected failure', async () => {
    renderAuth({ signInWith: () => Promise.reject(new TypeError('boom')) });
    fireEvent.change(screen.getByTestId('signin-email'), { target: { value: 'a@b.co' } });
    fireEvent.change(screen.getByTestId('signin-password'), { target: { value: 'secret1' } });
    fireEvent.click(screen.getByTestId('signin-submit'));
    expect(await screen.findByText('An unexpected error occurred. Please try again.')).toBeTruthy();
  });

  it('shows the sign-up offer, or the disabled overlay with the admin message', () => {
    renderAuth({ signup: { isEnabled: true, subtitle: null } }, '/auth?tab=signup');
    expect(screen.getByTestId('signup-start').getAttribute('href')).toBe('/onboarding');
    expect(screen.queryByTestId('signup-disabled')).toBeNull();
  });

  it.each([
    ['Back next week', 'Back next week'],
    [null, 'Registration is currently not available.'],
  ])('disables sign-up with subtitle %j', (subtitle, text) => {
    renderAuth({ signup: { isEnabled: false, subtitle } });
    fireEvent.click(screen.getByTestId('tab-signup'));
    const overlay = screen.getByTestId('signup-disabled');
    expect(overlay.textContent).toContain('Registration Temporarily Disabled');
    expect(screen.getByTestId('signup-disabled-message').textContent).toBe(text);
    expect(screen.getByTestId('signup-disabled-badge')).toBeTruthy();
    expect(screen.queryByTestId('signup-start')).toBeNull();
  });
});

describe('forgot-password dialog', () => {
  it('requires an email, sends the request and shows the confirmation; closing resets', async () => {
    const { fetchMock } = renderApp('/auth', (url) =>
      url.pathname === '/api/auth/password-reset'
        ? Response.json({ sent: true }, { status: 202 })
        : undefined,
    );
    fireEvent.click(await screen.findByTestId('forgot-password-open'));
    const submit = screen.getByTestId('forgot-submit') as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fireEvent.change(screen.getByTestId('forgot-email'), { target: { value: '   ' } });
    fireEvent.submit(submit.closest('form') as HTMLFormElement);
    expect(await screen.findByText('Please enter your email address')).toBeTruthy();

    fireEvent.change(screen.getByTestId('forgot-email'), { target: { value: 'kicks@example.com' } });
    fireEvent.click(screen.getByTestId('forgot-submit'));
    const sent = await screen.findByTestId('forgot-sent');
    expect(screen.getByText('Email sent')).toBeTruthy();
    expect(screen.getByText('Check your email for password reset instructions')).toBeTruthy();
    expect(sent.textContent).toContain('24 hours');
    expect(sent.querySelectorAll('li')).toHaveLength(4);
    const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/api/auth/password-reset'));
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ email: 'kicks@example.com' });

    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    fireEvent.click(screen.getByTestId('forgot-password-open'));
    expect(screen.queryByTestId('forgot-sent')).toBeNull();
    expect((screen.getByTestId('forgot-email') as HTMLInputElement).value).toBe('');
  });

  it('toasts the server message when the request fails', async () => {
    renderApp('/auth', (url) =>
      url.pathname === '/api/auth/password-reset'
        ? Response.json(
            { error: { code: 'VALIDATION_FAILED', message: 'Enter a valid email' } },
            { status: 400 },
          )
        : undefined,
    );
    fireEvent.click(await screen.findByTestId('forgot-password-open'));
    fireEvent.change(screen.getByTestId('forgot-email'), { target: { value: 'x@y' } });
    fireEvent.click(screen.getByTestId('forgot-submit'));
    expect(await screen.findByText('Enter a valid email')).toBeTruthy();
    expect(screen.queryByTestId('forgot-sent')).toBeNull();
  });
});
