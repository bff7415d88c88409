import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import '../../../test/setup';
import { changeLanguage } from '../../../i18n';
import { demoFallbackProfile } from '../../../lib/demo/demo-fallback-profile';
import { pageLocation } from '../../../lib/page-location';
import type { BillingSummary } from '@sneakers/shared/contracts/billing';
import { CHECKOUT_WAIT_MS } from '../components/checkout-return';
import { calls, invoice, NOW, renderSignedIn, summary } from './test-support';

const assign = vi.fn();

beforeEach(() => {
  vi.useFakeTimers({ now: NOW, shouldAdvanceTime: true });
  vi.spyOn(pageLocation, 'assign').mockImplementation(assign);
});

afterEach(async () => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  assign.mockReset();
  window.localStorage.clear();
  window.sessionStorage.clear();
  await changeLanguage('en');
});

/** The billing routes: the summary (or a sequence of them) and the invoices. */
function billingRoute(answers: BillingSummary | BillingSummary[], invoices = [invoice(1)]) {
  const queue = Array.isArray(answers) ? [...answers] : [answers];
  return (url: URL, init: RequestInit | undefined) => {
    if (url.pathname === '/api/billing')
      return Response.json({ billing: queue.length > 1 ? queue.shift() : queue[0] });
    if (url.pathname === '/api/billing/invoices') return Response.json({ invoices, cursor: null });
    if (url.pathname === '/api/billing/checkout-session' && init?.method === 'POST')
      return Response.json({ url: 'http://stripe.test/checkout/cs_1' });
    if (url.pathname === '/api/billing/portal-session' && init?.method === 'POST')
      return Response.json({ url: 'http://stripe.test/portal/bps_1' });
    return undefined;
  };
}

const text = (testId: string) => screen.getByTestId(testId).textContent;

describe('billing section: the summary per status', () => {
  it(
    'shows a trial without a card: days left, end date, price with VAT note, Add a card into the portal',
    { timeout: 20_000 },
    async () => {
      const { fetchMock } = renderSignedIn('/dashboard/billing', billingRoute(summary(), []));
      expect(await screen.findByTestId('billing-status')).toHaveProperty(
        'textContent',
        'Free trial: 10 days left',
      );
      expect(text('billing-plan-name')).toBe('Store plan');
      expect(text('billing-price')).toBe('€49.99 / month');
      expect(screen.getByText(/VAT included/)).toBeTruthy();
      expect(text('billing-trial-ends')).toBe('Trial ends on March 20, 2026');
      expect(within(screen.getByTestId('billing-payment-method')).getByText('No card on file.')).toBeTruthy();
      expect(await screen.findByTestId('billing-invoices-empty')).toBeTruthy();
      expect(screen.queryByTestId('billing-choose-plan')).toBeNull();

      fireEvent.click(screen.getByRole('button', { name: 'Add a card' }));
      await waitFor(() => expect(assign).toHaveBeenCalledWith('http://stripe.test/portal/bps_1'));
      const [post] = calls(fetchMock, '/api/billing/portal-session', 'POST');
      expect(JSON.parse(String((post?.[1] as RequestInit).body))).toEqual({ flow: 'payment_method_update' });
      // The page is leaving: the buttons stay busy so nobody presses twice.
      expect(screen.getByTestId('billing-add-card').textContent).toBe('Opening...');
      expect(screen.getByTestId('billing-manage')).toHaveProperty('disabled', true);
    },
  );

  it('shows an active subscription: card, next invoice, invoices with View and PDF links', async () => {
    renderSignedIn(
      '/dashboard/billing',
      billingRoute(
        summary({
          status: 'active',
          subscriptionPlan: 'standard',
          trialDaysLeft: 0,
          currentPeriodEnd: '2026-04-10T12:00:00Z',
          nextInvoice: { date: '2026-04-10T12:00:00Z', amount: 4999, currency: 'EUR' },
          paymentMethod: { brand: 'visa', last4: '4242', expMonth: 4, expYear: 2030 },
        }),
        [invoice(2), invoice(1, { status: 'open', amountPaid: 0, hostedInvoiceUrl: null })],
      ),
    );
    expect(await screen.findByTestId('billing-status')).toHaveProperty('textContent', 'Active Subscription');
    expect(text('billing-next-invoice')).toBe('Next invoice: €49.99 on April 10, 2026');
    expect(screen.queryByTestId('billing-trial-ends')).toBeNull();
    const card = screen.getByTestId('billing-payment-method');
    expect(within(card).getByText('Visa •••• 4242').getAttribute('aria-hidden')).toBe('true');
    expect(within(card).getByText('Visa card ending in 4242').className).toContain('sr-only');
    expect(within(card).getByText('Expires 04/2030')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Manage Billing' })).toBeTruthy();
    expect(screen.queryByTestId('billing-add-card')).toBeNull();

    const rows = await screen.findAllByTestId('billing-invoice-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]?.textContent).toContain('SNK-0002');
    expect(rows[0]?.textContent).toContain('February 1, 2026');
    expect(within(rows[0] as HTMLElement).getByTestId('billing-invoice-amount').textContent).toBe('€49.99');
    expect(within(rows[0] as HTMLElement).getByTestId('billing-invoice-status').textContent).toBe('Paid');
    const pdf = within(rows[0] as HTMLElement).getByRole('link', {
      name: 'Download invoice SNK-0002 as PDF',
    });
    expect(pdf.getAttribute('href')).toBe('http://stripe.test/invoice/in_2/pdf');
    expect(within(rows[0] as HTMLElement).getByRole('link', { name: 'View invoice SNK-0002' })).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByTestId('billing-invoice-status').textContent).toBe('Open');
    expect(within(rows[1] as HTMLElement).queryByTestId('billing-invoice-view')).toBeNull();
  });

  it('shows a scheduled cancellation with the day access ends', async () => {
    renderSignedIn(
      '/dashboard/billing',
      billingRoute(
        summary({
          status: 'active',
          cancelAtPeriodEnd: true,
          currentPeriodEnd: '2026-04-10T12:00:00Z',
          nextInvoice: null,
          paymentMethod: { brand: 'mastercard', last4: '4444', expMonth: 12, expYear: 2029 },
        }),
      ),
    );
    expect(await screen.findByTestId('billing-cancel-notice')).toHaveProperty(
      'textContent',
      'Your subscription is cancelled and ends on April 10, 2026. You keep full access until then.',
    );
    expect(screen.queryByTestId('billing-next-invoice')).toBeNull();
  });

  it('shows past due with the grace end, and Update card opens the portal at the card form', async () => {
    const { fetchMock } = renderSignedIn(
      '/dashboard/billing',
      billingRoute(
        summary({
          status: 'past_due',
          subscriptionPlan: 'standard',
          pastDueSince: '2026-03-05T12:00:00Z',
          graceEndsAt: '2026-03-19T12:00:00Z',
          banner: 'past_due',
          paymentMethod: { brand: 'visa', last4: '0341', expMonth: 1, expYear: 2031 },
        }),
      ),
    );
    expect(await screen.findByTestId('billing-status')).toHaveProperty('textContent', 'Payment Due');
    expect(text('billing-past-due')).toBe(
      'Your last payment failed. Update your card by March 19, 2026 to keep making changes.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Update card' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://stripe.test/portal/bps_1'));
    const [post] = calls(fetchMock, '/api/billing/portal-session', 'POST');
    expect(JSON.parse(String((post?.[1] as RequestInit).body))).toEqual({ flow: 'payment_method_update' });
  });

  it('shows a canceled account read-only, and Choose a plan opens Checkout for its plan', async () => {
    const { fetchMock } = renderSignedIn(
      '/dashboard/billing',
      billingRoute(
        summary({
          status: 'canceled',
          plan: 'reseller',
          price: { amount: 499, currency: 'EUR', interval: 'month' },
          canWrite: false,
          banner: 'canceled',
          trialDaysLeft: 0,
        }),
      ),
    );
    expect(await screen.findByTestId('billing-status')).toHaveProperty('textContent', 'Canceled');
    expect(text('billing-price')).toBe('€4.99 / month');
    expect(text('billing-canceled')).toBe(
      'Your subscription has ended. Everything is still here; choose a plan to make changes again.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Choose a plan' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://stripe.test/checkout/cs_1'));
    const [post] = calls(fetchMock, '/api/billing/checkout-session', 'POST');
    expect(JSON.parse(String((post?.[1] as RequestInit).body))).toEqual({ plan: 'reseller' });
  });

  it('offers Choose a plan (Checkout) while the provider does not know the account yet', async () => {
    renderSignedIn('/dashboard/billing', billingRoute(summary({ hasBillingAccount: false })));
    await screen.findByTestId('billing-status');
    expect(screen.getByTestId('billing-choose-plan')).toBeTruthy();
    expect(screen.queryByTestId('billing-manage')).toBeNull();
    expect(screen.queryByTestId('billing-add-card')).toBeNull();
  });

  it('says when the provider page could not open, and lets the user try again', async () => {
    renderSignedIn('/dashboard/billing', (url, init) =>
      url.pathname === '/api/billing/portal-session'
        ? Response.json({ error: { code: 'INTERNAL_ERROR', message: 'Boom.' } }, { status: 500 })
        : billingRoute(summary({ status: 'active' }))(url, init),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Manage Billing' }));
    expect(await screen.findByTestId('billing-action-error')).toHaveProperty(
      'textContent',
      'Could not open the payment page. Please try again.',
    );
    expect(assign).not.toHaveBeenCalled();
    expect(screen.getByTestId('billing-manage')).toHaveProperty('disabled', false);
  });

  it('shows a skeleton while loading, then an error with retry', async () => {
    let fail = true;
    renderSignedIn('/dashboard/billing', (url, init) => {
      if (url.pathname === '/api/billing' && fail)
        return Response.json({ error: { code: 'INTERNAL_ERROR', message: 'Boom.' } }, { status: 500 });
      return billingRoute(summary())(url, init);
    });
    expect(await screen.findByTestId('billing-loading')).toBeTruthy();
    expect(await screen.findByTestId('billing-error')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('billing-status')).toBeTruthy();
  });

  it('speaks Spanish: the status, price and dates in the reader language', async () => {
    await changeLanguage('es');
    renderSignedIn('/dashboard/billing', billingRoute(summary()));
    expect(await screen.findByTestId('billing-status')).toHaveProperty(
      'textContent',
      'Prueba gratuita: quedan 10 días',
    );
    expect(text('billing-price')).toBe('49,99\u00a0€ / mes');
    expect(text('billing-trial-ends')).toBe('La prueba termina el 20 de marzo de 2026');
    expect(screen.getByRole('button', { name: 'Añadir una tarjeta' })).toBeTruthy();
  });
});

describe('billing section: the checkout return', () => {
  it('after success polls until the subscription is active, then says so and drops the query', async () => {
    const trial = summary();
    const active = summary({ status: 'active', subscriptionPlan: 'standard', trialDaysLeft: 0 });
    const { router, fetchMock } = renderSignedIn(
      '/dashboard/billing?checkout=success&session_id=cs_1',
      billingRoute([trial, trial, active]),
    );
    expect(await screen.findByTestId('billing-checkout-notice')).toHaveProperty(
      'textContent',
      'Payment received — activating your subscription…',
    );
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/dashboard/billing');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(4_500);
    });
    await waitFor(() => expect(text('billing-status')).toBe('Active Subscription'));
    expect(screen.getByTestId('billing-checkout-notice').getAttribute('data-state')).toBe('activated');
    expect(
      await screen.findByText('Your subscription is active. Thank you!', { selector: '[data-title]' }),
    ).toBeTruthy();
    // No more polling once active.
    const asked = calls(fetchMock, '/api/billing').length;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10_000);
    });
    expect(calls(fetchMock, '/api/billing').length).toBe(asked);
  });

  it('after success says so when activation takes too long, and Check again polls anew', async () => {
    const { fetchMock } = renderSignedIn(
      '/dashboard/billing?checkout=success&session_id=cs_1',
      billingRoute(summary()),
    );
    await screen.findByTestId('billing-checkout-notice');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(CHECKOUT_WAIT_MS + 1_000);
    });
    await waitFor(() =>
      expect(screen.getByTestId('billing-checkout-notice').getAttribute('data-state')).toBe('slow'),
    );
    const asked = calls(fetchMock, '/api/billing').length;
    expect(asked).toBeGreaterThan(10);
    fireEvent.click(screen.getByRole('button', { name: 'Check again' }));
    expect(screen.getByTestId('billing-checkout-notice').getAttribute('data-state')).toBe('activating');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2_500);
    });
    expect(calls(fetchMock, '/api/billing').length).toBeGreaterThan(asked);
  });

  it('after a cancelled checkout says nothing was charged, with Choose a plan again', async () => {
    const { router, fetchMock } = renderSignedIn(
      '/dashboard/billing?checkout=cancelled',
      billingRoute(summary({ status: 'canceled', canWrite: false, banner: 'canceled' })),
    );
    const notice = await screen.findByTestId('billing-checkout-notice');
    expect(notice.textContent).toContain('Checkout cancelled, nothing was charged.');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    fireEvent.click(within(notice).getByRole('button', { name: 'Choose a plan' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://stripe.test/checkout/cs_1'));
    expect(calls(fetchMock, '/api/billing/checkout-session', 'POST')).toHaveLength(1);
  });
});

describe('billing section: demo mode', () => {
  it("shows the demo store's trial from its profile when the billing read fails, and refuses every button", async () => {
    window.localStorage.setItem('demo_mode', 'true');
    const demo = demoFallbackProfile(NOW);
    const { fetchMock } = renderSignedIn(
      '/dashboard/billing',
      (url) => {
        if (url.pathname === '/api/demo/session')
          return Response.json({
            accessToken: 'demo-token',
            expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
          });
        if (url.pathname.startsWith('/api/billing'))
          return Response.json({ error: { code: 'INTERNAL_ERROR', message: 'Boom.' } }, { status: 500 });
        return undefined;
      },
      demo,
    );
    expect(await screen.findByTestId('billing-status')).toHaveProperty(
      'textContent',
      'Free trial: 14 days left',
    );
    expect(await screen.findByTestId('billing-invoices-empty')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Choose a plan' }));
    expect(await screen.findByText('Demo mode: changes cannot be saved')).toBeTruthy();
    expect(calls(fetchMock, '/api/billing/checkout-session', 'POST')).toHaveLength(0);
    expect(calls(fetchMock, '/api/billing/portal-session', 'POST')).toHaveLength(0);
    expect(assign).not.toHaveBeenCalled();
  });
});
