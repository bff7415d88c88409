import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import '../test/setup';
import { ApiError, updateMyProfile } from '@sneakers/shared';
import {
  SUBSCRIPTION_REQUIRED_CODE,
  SUBSCRIPTION_REQUIRED_MESSAGE,
} from '@sneakers/shared/rules/subscription';
import { changeLanguage } from '../i18n';
import { createRuntime } from '../lib/api';
import { demoFallbackProfile } from '../lib/demo/demo-fallback-profile';
import { ThemeProvider } from '../lib/theme';
import { renderApp, testConfig } from '../test/render-app';
import { reportSubscriptionRequired } from './subscription-required';
import { AppToaster } from './toaster';

function renderToaster() {
  render(
    <ThemeProvider>
      <AppToaster />
    </ThemeProvider>,
  );
}

afterEach(async () => {
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
  await changeLanguage('en');
});

describe('402 SUBSCRIPTION_REQUIRED', () => {
  it("shows the server's message with Choose a plan, which opens the billing section", async () => {
    renderToaster();
    const openBilling = vi.fn();
    const answer = Response.json(
      { error: { code: SUBSCRIPTION_REQUIRED_CODE, message: SUBSCRIPTION_REQUIRED_MESSAGE } },
      { status: 402 },
    );
    // Any write, through the app's API client and its error hook.
    const { api } = createRuntime(
      testConfig,
      () => 'token',
      vi.fn(async () => answer),
      {
        onError: (error) => reportSubscriptionRequired(error, openBilling),
      },
    );
    await expect(
      api(updateMyProfile, {
        body: {
          businessName: 'X',
          contactEmail: 'x@example.com',
          phone: '1',
          preferredContact: 'email',
          instagramHandle: null,
          location: 'Madrid',
        },
      }),
    ).rejects.toMatchObject({ status: 402 });
    expect(await screen.findByText(SUBSCRIPTION_REQUIRED_MESSAGE)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Choose a plan' }));
    expect(openBilling).toHaveBeenCalledTimes(1);
  });

  it('speaks Spanish, and leaves every other error to its screen', async () => {
    await changeLanguage('es');
    renderToaster();
    reportSubscriptionRequired(new ApiError(403, 'DEMO_MODE', 'Demo users cannot save changes.'), vi.fn());
    reportSubscriptionRequired(new ApiError(402, 'PAYMENT_REQUIRED', 'Other.'), vi.fn());
    reportSubscriptionRequired(
      new ApiError(402, SUBSCRIPTION_REQUIRED_CODE, SUBSCRIPTION_REQUIRED_MESSAGE),
      vi.fn(),
    );
    expect(
      await screen.findByText(
        'Tu suscripción ha terminado. Elige un plan para volver a hacer cambios; todo lo que guardaste sigue aquí.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Elegir un plan' })).toBeTruthy();
    expect(screen.queryByText('Other.')).toBeNull();
    expect(screen.queryByText('Demo users cannot save changes.')).toBeNull();
  });
});

describe('the dashboard banner', () => {
  it('comes from the profile the shell already has (no billing request) and leads to the billing section', async () => {
    const profile = {
      ...demoFallbackProfile(new Date('2026-01-01T00:00:00Z')),
      userId: 'u-1',
      subscriptionStatus: 'canceled' as const,
    };
    const { fetchMock } = renderApp(
      '/dashboard/clients',
      (url) => {
        if (url.pathname === '/api/profile') return Response.json({ profile });
        if (url.pathname === '/api/feature-access/me')
          return Response.json({
            subject: { userId: 'u-1', role: 'store', plan: 'trial', isSuperuser: false },
            data: { flags: [], rules: [], grants: {}, overrides: [] },
            startupGate: false,
          });
        return undefined;
      },
      { status: 'signed-in', userId: 'u-1', email: 'u1@example.com' },
    );
    const banner = await screen.findByTestId('subscription-banner');
    expect(banner.getAttribute('data-banner')).toBe('canceled');
    const billingReads = () =>
      fetchMock.mock.calls.filter(([input]) => new URL(String(input)).pathname === '/api/billing').length;
    expect(billingReads()).toBe(0);
    fireEvent.click(screen.getByRole('link', { name: 'Choose a plan' }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Billing' })).toBeTruthy());
  });
});
