import type { UserProfile } from '@sneakers/shared';
import type { BillingInvoice, BillingSummary } from '@sneakers/shared/contracts/billing';
import { demoFallbackProfile } from '../../../lib/demo/demo-fallback-profile';
import { renderApp, type Route } from '../../../test/render-app';

export const NOW = new Date('2026-03-10T12:00:00Z');

export function testProfile(overrides: Partial<UserProfile> = {}): UserProfile {
  return { ...demoFallbackProfile(NOW), userId: 'u-1', businessName: 'Kicks Madrid', ...overrides };
}

export function summary(overrides: Partial<BillingSummary> = {}): BillingSummary {
  return {
    status: 'trial',
    subscriptionPlan: 'trial',
    plan: 'store',
    price: { amount: 4999, currency: 'EUR', interval: 'month' },
    trialEndsAt: '2026-03-20T12:00:00Z',
    trialDaysLeft: 10,
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
  };
}

export function invoice(n: number, overrides: Partial<BillingInvoice> = {}): BillingInvoice {
  return {
    id: `in_${n}`,
    number: `SNK-000${n}`,
    status: 'paid',
    amountDue: 4999,
    amountPaid: 4999,
    currency: 'eur',
    createdAt: '2026-02-01T10:00:00Z',
    periodStart: '2026-02-01T10:00:00Z',
    periodEnd: '2026-03-01T10:00:00Z',
    hostedInvoiceUrl: `http://stripe.test/invoice/in_${n}`,
    pdfUrl: `http://stripe.test/invoice/in_${n}/pdf`,
    ...overrides,
  };
}

export const featureAccessFor = (profile: UserProfile) => ({
  subject: {
    userId: profile.userId,
    role: profile.role,
    plan: profile.subscriptionPlan,
    isSuperuser: profile.isSuperuser,
  },
  data: { flags: [], rules: [], grants: {}, overrides: [] },
  startupGate: false,
});

/** The whole app at `path`, signed in as `profile`; `route` answers the billing routes. */
export function renderSignedIn(path: string, route: Route, profile = testProfile()) {
  return renderApp(
    path,
    (url, init) => {
      if (url.pathname === '/api/profile') return Response.json({ profile });
      if (url.pathname === '/api/feature-access/me') return Response.json(featureAccessFor(profile));
      if (url.pathname === '/api/notifications' || url.pathname.startsWith('/api/messages'))
        return Response.json({ notifications: [], conversations: [], unread: 0, cursor: null });
      return route(url, init);
    },
    { status: 'signed-in', userId: profile.userId, email: profile.contactEmail },
  );
}

export const calls = (fetchMock: { mock: { calls: unknown[][] } }, pathname: string, method = 'GET') =>
  fetchMock.mock.calls.filter(([input, init]) => {
    const url = new URL(String(input));
    return url.pathname === pathname && ((init as RequestInit | undefined)?.method ?? 'GET') === method;
  });
