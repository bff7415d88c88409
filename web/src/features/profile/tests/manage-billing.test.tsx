import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import '../../../test/setup';
import { pageLocation } from '../../../lib/page-location';
import type { BillingSummary } from '@sneakers/shared/contracts/billing';
import { demoFallbackProfile } from '../../../lib/demo/demo-fallback-profile';
import { renderApp } from '../../../test/render-app';

const profile = { ...demoFallbackProfile(new Date('2026-03-01T00:00:00Z')), userId: 'u-1' };
const signedIn = { status: 'signed-in' as const, userId: 'u-1', email: 'u1@example.com' };
const assign = vi.fn();

const summary = (overrides: Partial<BillingSummary>): BillingSummary => ({
  status: 'trial',
  subscriptionPlan: 'trial',
  plan: 'store',
  price: { amount: 4999, currency: 'EUR', interval: 'month' },
  trialEndsAt: profile.trialEndsAt,
  trialDaysLeft: 14,
  currentPeriodEnd: null,
  cancelAtPeriodEnd: false,
  nextInvoice: null,
  paymentMethod: null,
  pastDueSince: null,
  graceEndsAt: null,
  canWrite: true,
  banner: null,
  hasBillingAccount: true,
  ...overrides,
});

function renderProfile(
  billing: BillingSummary,
  portal: () => Response = () => Response.json({ url: 'http://stripe.test/portal/bps_1' }),
) {
  return renderApp(
    '/profile',
    (url, init) => {
      if (url.pathname === '/api/profile') return Response.json({ profile });
      if (url.pathname === '/api/billing') return Response.json({ billing });
      if (url.pathname === '/api/billing/portal-session' && init?.method === 'POST') return portal();
      return undefined;
    },
    signedIn,
  );
}

const posts = (fetchMock: { mock: { calls: unknown[][] } }) =>
  fetchMock.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === 'POST');

beforeEach(() => {
  vi.spyOn(pageLocation, 'assign').mockImplementation(assign);
});
afterEach(() => {
  vi.restoreAllMocks();
  assign.mockReset();
  window.localStorage.clear();
});

describe("the profile's Manage Billing", () => {
  it("opens the provider's customer portal for an account it knows", async () => {
    const { fetchMock } = renderProfile(summary({}));
    fireEvent.click(await screen.findByRole('button', { name: 'Manage Billing' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://stripe.test/portal/bps_1'));
    const [post] = posts(fetchMock);
    expect(new URL(String(post?.[0])).pathname).toBe('/api/billing/portal-session');
    expect(JSON.parse(String((post?.[1] as RequestInit).body))).toEqual({});
  });

  it('goes to the billing section for a canceled account or one the provider does not know yet', async () => {
    const { router, fetchMock } = renderProfile(summary({ hasBillingAccount: false }));
    fireEvent.click(await screen.findByRole('button', { name: 'Manage Billing' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/billing'));
    expect(posts(fetchMock)).toHaveLength(0);
  });

  it('says so when the portal cannot open', async () => {
    renderProfile(summary({ status: 'active' }), () =>
      Response.json({ error: { code: 'INTERNAL_ERROR', message: 'Boom.' } }, { status: 500 }),
    );
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fireEvent.click(await screen.findByRole('button', { name: 'Manage Billing' }));
    expect(await screen.findByText('Could not open the billing portal. Please try again.')).toBeTruthy();
    expect(assign).not.toHaveBeenCalled();
  });

  it('shows the demo toast in demo mode and asks the API nothing', async () => {
    window.localStorage.setItem('demo_mode', 'true');
    const { fetchMock } = renderApp('/profile');
    fireEvent.click(await screen.findByRole('button', { name: 'Manage Billing' }));
    expect(await screen.findByText('Demo mode: changes cannot be saved')).toBeTruthy();
    expect(
      fetchMock.mock.calls.some(([input]) => new URL(String(input)).pathname.startsWith('/api/billing')),
    ).toBe(false);
  });
});
