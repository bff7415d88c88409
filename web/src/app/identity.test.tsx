import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { UserProfile } from '@sneakers/shared';
import '../test/setup';
import { hasPossibleSession } from '../lib/session/possible-session';
import { parseRuntimeConfig } from '../lib/runtime-config';
import { renderApp, testConfig } from '../test/render-app';
import { landingFirst } from './boot';
import { demoFallbackProfile } from '../lib/demo/demo-fallback-profile';

const signedIn = { status: 'signed-in' as const, userId: 'u-1', email: 'kicks@example.com' };

function profile(patch: Partial<UserProfile> = {}): UserProfile {
  return {
    ...demoFallbackProfile(new Date('2026-01-01T00:00:00Z')),
    id: 'p-1',
    userId: 'u-1',
    businessName: 'Kicks Madrid',
    contactEmail: 'kicks@example.com',
    phone: '+34 600',
    location: 'Madrid',
    ...patch,
  };
}

describe('home routing and identity screens', () => {
  it('shows the dashboard with the real profile for a signed-in user, and signs out', async () => {
    // The profile answers once its spinner showed (the start-up spinner covers a faster one).
    let answerProfile: () => void = () => undefined;
    const profileAnswered = new Promise<void>((resolve) => {
      answerProfile = resolve;
    });
    renderApp(
      '/',
      (url) =>
        url.pathname === '/api/profile'
          ? profileAnswered.then(() => Response.json({ profile: profile() }))
          : undefined,
      signedIn,
    );
    expect(await screen.findByText('Loading your profile...')).toBeTruthy();
    answerProfile();
    const sidebar = await screen.findByTestId('sidebar');
    expect(within(sidebar).getByTestId('sidebar-business-name').textContent).toBe('Kicks Madrid');
    expect(within(sidebar).getByTestId('role-badge').textContent).toBe('Store');
    expect(within(sidebar).getByTestId('profile-link').getAttribute('href')).toBe('/profile');
    expect(within(sidebar).getByTestId('nav-settings').getAttribute('href')).toBe('/dashboard/settings');
    expect(within(sidebar).queryByTestId('demo-badge')).toBeNull();
    fireEvent.click(within(sidebar).getByTestId('sign-out'));
    expect(await screen.findByTestId('try-demo')).toBeTruthy();
  });

  it('sends a signed-in user without a profile to onboarding, from the profile step', async () => {
    const { router } = renderApp(
      '/',
      (url) => (url.pathname === '/api/profile' ? Response.json({ profile: null }) : undefined),
      signedIn,
    );
    expect(await screen.findByTestId('onboarding-name')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/onboarding');
    expect(screen.getByTestId('onboarding-step-2').getAttribute('aria-current')).toBe('step');
    expect((screen.getByTestId('onboarding-contact-email') as HTMLInputElement).value).toBe(
      'kicks@example.com',
    );
  });

  it('finishes onboarding: creates the profile; a failed avatar upload keeps the account', async () => {
    let created: UserProfile | null = null;
    const requests: string[] = [];
    const { router } = renderApp(
      '/onboarding',
      (url, init) => {
        requests.push(`${init?.method ?? 'GET'} ${url.pathname}`);
        if (url.pathname === '/api/profile' && init?.method === 'POST') {
          created = profile({ ...(JSON.parse(String(init.body)) as Partial<UserProfile>), role: 'store' });
          return Response.json({ profile: created });
        }
        if (url.pathname === '/api/profile') return Response.json({ profile: created });
        if (url.pathname === '/api/profile/avatar-upload')
          return Response.json({
            key: 'avatars/u-1/1.png',
            uploadUrl: 'http://s3.test/avatars/u-1/1.png',
            headers: { 'content-type': 'image/png' },
            expiresInSeconds: 300,
          });
        if (url.hostname === 's3.test') return new Response('denied', { status: 403 });
        return undefined;
      },
      signedIn,
    );
    fireEvent.change(await screen.findByTestId('onboarding-avatar-input'), {
      target: { files: [new File(['x'], 'me.png', { type: 'image/png' })] },
    });
    fireEvent.change(screen.getByTestId('onboarding-name'), { target: { value: 'Kicks Madrid' } });
    fireEvent.change(screen.getByTestId('onboarding-phone'), { target: { value: '600 111 222' } });
    fireEvent.change(screen.getByTestId('onboarding-location'), { target: { value: 'Madrid' } });
    fireEvent.click(screen.getByTestId('onboarding-continue'));
    fireEvent.click(screen.getByTestId('onboarding-complete'));
    expect(await screen.findByText('Upload Failed')).toBeTruthy();
    expect(screen.getByText('Failed to upload profile image. Account created successfully.')).toBeTruthy();
    expect(await screen.findByTestId('sidebar')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(requests).toContain('POST /api/profile');
    expect(requests).toContain('PUT /avatars/u-1/1.png');
    expect(created).toMatchObject({ phone: '+34 600 111 222', publicWtbList: true, publicWtsList: false });
  });

  it('sends registration back to /auth when sign-up is disabled', async () => {
    const { router } = renderApp('/onboarding', (url) =>
      url.pathname === '/api/settings/signup'
        ? Response.json({ settings: { id: 's', isEnabled: false, subtitle: null, updatedAt: null } })
        : undefined,
    );
    // Registration is the account step: it is refused there, before any profile is typed.
    fireEvent.change(await screen.findByTestId('onboarding-email'), { target: { value: 'a@b.co' } });
    fireEvent.change(screen.getByTestId('onboarding-password'), { target: { value: 'secret1' } });
    fireEvent.click(screen.getByTestId('onboarding-continue'));
    expect(await screen.findByText('Registration Temporarily Disabled')).toBeTruthy();
    expect(screen.getByText('Registration is currently not available.')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
  });

  it('creates the account on leaving the account step and keeps what was typed through the sign-in', async () => {
    const signUps: unknown[] = [];
    let signedInNow = false;
    let created: UserProfile | null = null;
    const { router } = renderApp(
      '/onboarding',
      (url, init) => {
        if (url.pathname === '/api/profile' && init?.method === 'POST') {
          created = profile({ ...(JSON.parse(String(init.body)) as Partial<UserProfile>), role: 'reseller' });
          return Response.json({ profile: created });
        }
        if (url.pathname === '/api/profile') return Response.json({ profile: created });
        return undefined;
      },
      { status: 'signed-out' },
      {
        signUpWithEmail: (input) => {
          signUps.push(input);
          return Promise.resolve({ userId: 'u-1' });
        },
        signInWithPassword: () => {
          signedInNow = true;
          return Promise.resolve({ isSignedIn: true, nextStep: 'DONE' });
        },
        currentUser: () => Promise.resolve(signedInNow ? { userId: 'u-1', email: 'new@example.com' } : null),
      },
    );
    fireEvent.change(await screen.findByTestId('onboarding-email'), { target: { value: 'new@example.com' } });
    fireEvent.change(screen.getByTestId('onboarding-password'), { target: { value: 'secret1' } });
    fireEvent.click(screen.getByTestId('role-reseller'));
    fireEvent.click(screen.getByTestId('onboarding-continue'));
    expect(await screen.findByLabelText('Name *')).toBeTruthy();
    expect(signUps).toEqual([
      { email: 'new@example.com', password: 'secret1', role: 'reseller', language: 'en', currency: 'EUR' },
    ]);
    expect((screen.getByTestId('onboarding-contact-email') as HTMLInputElement).value).toBe(
      'new@example.com',
    );
    fireEvent.change(screen.getByTestId('onboarding-name'), { target: { value: 'Resell Co' } });
    fireEvent.change(screen.getByTestId('onboarding-phone'), { target: { value: '600 111 222' } });
    fireEvent.change(screen.getByTestId('onboarding-location'), { target: { value: 'Madrid' } });
    fireEvent.click(screen.getByTestId('onboarding-continue'));
    fireEvent.click(screen.getByTestId('onboarding-complete'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    // The role chosen on the first step survived the sign-in that happened under the wizard.
    expect(created).toMatchObject({ businessName: 'Resell Co', publicWtsList: true });
  });

  it('tells an already registered email at the account step, and Sign in instead keeps it', async () => {
    const { router } = renderApp(
      '/onboarding',
      () => undefined,
      { status: 'signed-out' },
      {
        signUpWithEmail: () =>
          Promise.reject(
            Object.assign(new Error('User already exists'), { name: 'UsernameExistsException' }),
          ),
      },
    );
    fireEvent.change(await screen.findByTestId('onboarding-email'), {
      target: { value: 'kicks@example.com' },
    });
    fireEvent.change(screen.getByTestId('onboarding-password'), { target: { value: 'secret1' } });
    fireEvent.click(screen.getByTestId('onboarding-continue'));
    expect((await screen.findByTestId('onboarding-email-taken')).textContent).toContain(
      'An account with this email already exists.',
    );
    expect(screen.getByTestId('onboarding-step-1').getAttribute('aria-current')).toBe('step');
    fireEvent.click(screen.getByTestId('onboarding-sign-in-instead'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(((await screen.findByTestId('signin-email')) as HTMLInputElement).value).toBe('kicks@example.com');
    expect(screen.getByTestId('tab-signin').getAttribute('aria-selected')).toBe('true');
  });

  it('saves the profile page and shows the subscription card', async () => {
    const patches: unknown[] = [];
    renderApp(
      '/profile',
      (url, init) => {
        if (url.pathname !== '/api/profile') return undefined;
        if (init?.method === 'PATCH') {
          const body = JSON.parse(String(init.body)) as Partial<UserProfile>;
          patches.push(body);
          return Response.json({ profile: profile(body) });
        }
        return Response.json({ profile: profile({ subscriptionStatus: 'past_due' }) });
      },
      signedIn,
    );
    const card = await screen.findByTestId('subscription-card');
    expect(within(card).getByTestId('subscription-price').textContent).toBe('€49.99 / month');
    expect(within(card).getByTestId('subscription-status').textContent).toBe('Payment Due');
    expect(within(card).getByRole('button', { name: 'Manage Billing' })).toBeTruthy();
    fireEvent.change(screen.getByTestId('profile-business-name'), { target: { value: 'Kicks BCN' } });
    fireEvent.click(screen.getByTestId('profile-save'));
    expect(await screen.findByText('Profile updated successfully')).toBeTruthy();
    expect(patches[0]).toMatchObject({ businessName: 'Kicks BCN', instagramHandle: null });
  });

  it('lets demo users see the profile but not save it', async () => {
    window.localStorage.setItem('demo_mode', 'true');
    const { fetchMock } = renderApp('/profile');
    fireEvent.click(await screen.findByTestId('profile-save'));
    expect(await screen.findByText('Demo mode: changes cannot be saved')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(false);
  });

  it('sends signed-out visitors from /profile to /auth', async () => {
    const { router } = renderApp('/profile');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
  });

  it('logs and toasts a failed profile read, and shows the landing page', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderApp(
      '/',
      (url) =>
        url.pathname === '/api/profile'
          ? Response.json({ error: { code: 'INTERNAL', message: 'boom' } }, { status: 500 })
          : undefined,
      signedIn,
    );
    expect(await screen.findByText('Failed to load profile')).toBeTruthy();
    expect(await screen.findByTestId('try-demo')).toBeTruthy();
    expect(error).toHaveBeenCalledWith('Error fetching profile', expect.anything());
    error.mockRestore();
  });
});

describe('landing first load', () => {
  it('detects a possible Amplify session synchronously', () => {
    expect(hasPossibleSession()).toBe(false);
    expect(landingFirst()).toBe(true);
    window.localStorage.setItem('CognitoIdentityServiceProvider.client.LastAuthUser', 'u-1');
    expect(hasPossibleSession()).toBe(true);
    expect(hasPossibleSession('client')).toBe(true);
    expect(hasPossibleSession('other')).toBe(false);
    expect(landingFirst()).toBe(false);
  });

  it('validates /config.json without zod', () => {
    expect(parseRuntimeConfig({ ...testConfig, extra: 1 })).toEqual(testConfig);
    expect(() => parseRuntimeConfig({ ...testConfig, stage: 'prod' })).toThrow(/stage/);
    expect(() => parseRuntimeConfig({ ...testConfig, cognito: {} })).toThrow(/cognito.userPoolId/);
  });
});
