import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import '../../../test/setup';
import type { Consignment, Payment, Provider, ProviderBalance, UserProfile } from '@sneakers/shared';
import { demoFallbackProfile } from '../../../lib/demo/demo-fallback-profile';
import { renderApp, type Route } from '../../../test/render-app';

const signedIn = { status: 'signed-in' as const, userId: 'u-1', email: 'kicks@example.com' };
const profile: UserProfile = {
  ...demoFallbackProfile(new Date('2026-01-01T00:00:00Z')),
  id: 'p-1',
  userId: 'u-1',
  businessName: 'Kicks Madrid',
  currency: 'EUR',
};
const ana: Provider = {
  id: 'pr-1',
  name: 'Ana García',
  email: 'ana@example.com',
  phone: '',
  alias: '',
  dni: '',
  ibanMasked: null,
  status: 'approved',
  source: 'manual',
  createdAt: '2026-01-02T00:00:00Z',
  updatedAt: '2026-01-02T00:00:00Z',
};
const bruno: Provider = { ...ana, id: 'pr-2', name: 'Bruno Díaz', email: 'bruno@example.com' };

function consignment(over: Partial<Consignment> & Pick<Consignment, 'id'>): Consignment {
  return {
    providerId: 'pr-1',
    itemSku: 'DZ5485-612',
    itemName: 'Jordan 1 Chicago',
    size: '42',
    productCatalogId: null,
    productVariantId: null,
    itemBrand: '',
    itemColorway: '',
    itemImageUrl: null,
    price: 12050,
    salePrice: 16000,
    currency: 'EUR',
    status: 'sold',
    notes: null,
    soldAt: '2026-01-04T00:00:00Z',
    saleId: null,
    paymentId: null,
    paidAt: null,
    createdAt: '2026-01-03T00:00:00Z',
    updatedAt: '2026-01-04T00:00:00Z',
    ...over,
  };
}
const c1 = consignment({ id: 'c-1' });
const c2 = consignment({ id: 'c-2', itemName: 'Dunk Low Panda', itemSku: 'DD1391-100', price: 8000 });
const inStock = consignment({ id: 'c-3', itemName: 'In stock one', status: 'in_stock', salePrice: null });
const paidOne = consignment({
  id: 'c-4',
  itemName: 'Paid one',
  paymentId: 'pay-0',
  paidAt: '2026-01-05T00:00:00Z',
});

const payment: Payment = {
  id: 'pay-1',
  providerId: 'pr-1',
  providerName: 'Ana García',
  totalAmount: 12050,
  currency: 'EUR',
  paymentMethod: 'bizum',
  paymentDate: '2026-01-06',
  notes: 'January',
  consignments: [
    { id: 'c-1', itemName: 'Jordan 1 Chicago', itemSku: 'DZ5485-612', size: '42', price: 12050 },
  ],
  emailQueuedAt: '2026-01-06T10:00:00Z',
  createdAt: '2026-01-06T10:00:00Z',
};

function api(extra: Route): Route {
  return (url, init) => {
    const answer = extra(url, init);
    if (answer) return answer;
    if (url.pathname === '/api/profile') return Response.json({ profile });
    if (url.pathname === '/api/providers') return Response.json({ providers: [ana, bruno], cursor: null });
    return undefined;
  };
}

const SLOW = 20_000;

describe('payments', () => {
  it(
    'shows balances and payments, filters by provider, and pays with a running total',
    async () => {
      const calls: Array<{ body: unknown; key: string | null }> = [];
      const listed: string[] = [];
      let balances: ProviderBalance[] = [
        { providerId: 'pr-1', currency: 'EUR', owed: 20050, unpaidCount: 2 },
      ];
      let consignments = [c1, c2, inStock, paidOne];
      renderApp(
        '/dashboard/payments',
        api((url, init) => {
          if (url.pathname === '/api/provider-balances') return Response.json({ balances });
          if (url.pathname === '/api/providers/pr-1/consignments') return Response.json({ consignments });
          if (url.pathname !== '/api/payments') return undefined;
          if (init?.method !== 'POST') {
            listed.push(url.searchParams.get('providerId') ?? 'all');
            const providerId = url.searchParams.get('providerId');
            return Response.json({ payments: providerId === 'pr-2' ? [] : [payment], cursor: null });
          }
          calls.push({
            body: JSON.parse(String(init.body)),
            key: new Headers(init.headers).get('idempotency-key'),
          });
          if (calls.length === 1) {
            // Another tab paid c-2 first.
            consignments = [
              c1,
              { ...c2, paymentId: 'pay-x', paidAt: '2026-01-06T00:00:00Z' },
              inStock,
              paidOne,
            ];
            return Response.json(
              { error: { code: 'CONSIGNMENT_NOT_PAYABLE', message: 'Already paid.' } },
              { status: 409 },
            );
          }
          balances = [];
          return Response.json({ payment });
        }),
        signedIn,
      );
      const balance = await screen.findByTestId('payments-balance-row', {}, { timeout: 20_000 });
      expect(await within(balance).findByText('Ana García')).toBeTruthy();
      expect(within(balance).getByTestId('payments-balance-owed').textContent).toBe('€200.50');
      expect(within(balance).getByText('(2 unpaid consignments)')).toBeTruthy();

      const row = await screen.findByTestId('payment-row');
      expect(within(row).getByTestId('payment-amount').textContent).toBe('€120.50');
      expect(within(row).getByText(/Bizum · 1 consignment/)).toBeTruthy();
      expect(within(row).getByTestId('payment-link').getAttribute('href')).toBe('/dashboard/payments/pay-1');

      fireEvent.change(await screen.findByTestId('payments-provider-filter'), { target: { value: 'pr-2' } });
      expect(await screen.findByText('No payments to this provider yet.')).toBeTruthy();
      expect(listed).toContain('pr-2');

      fireEvent.click(within(balance).getByTestId('payments-balance-pay'));
      const dialog = await screen.findByTestId('pay-provider-dialog');
      // Only sold, unpaid consignments can be paid.
      const options = await within(dialog).findAllByTestId('pay-consignment');
      expect(options.map((o) => o.getAttribute('data-id'))).toEqual(['c-1', 'c-2']);
      expect(within(dialog).getByTestId('pay-total').textContent).toBe('Total: — (0 consignments)');
      // The row's provider is the one chosen, and nothing can be recorded until one is ticked.
      const chosen = within(dialog).getByTestId<HTMLSelectElement>('pay-provider');
      await waitFor(() => expect(chosen.value).toBe('pr-1'));
      expect(chosen.selectedOptions[0]?.textContent).toMatch(/^Ana García/);
      const submit = within(dialog).getByTestId<HTMLButtonElement>('pay-submit');
      expect(submit.disabled).toBe(true);
      expect(within(dialog).getByTestId('pay-selection-hint').textContent).toBe(
        'Select at least one consignment',
      );
      const checks = within(dialog).getAllByTestId('pay-consignment-check');
      fireEvent.click(checks[0]!);
      expect(submit.disabled).toBe(false);
      fireEvent.click(checks[0]!);
      expect(submit.disabled).toBe(true);
      fireEvent.click(checks[0]!);
      fireEvent.click(checks[1]!);
      expect(within(dialog).getByTestId('pay-total').textContent).toBe('Total: €200.50 (2 consignments)');
      fireEvent.change(within(dialog).getByTestId('pay-method'), { target: { value: 'bizum' } });
      fireEvent.change(within(dialog).getByTestId('pay-date'), { target: { value: '2026-01-06' } });
      fireEvent.change(within(dialog).getByTestId('pay-notes'), { target: { value: ' January ' } });
      fireEvent.click(within(dialog).getByTestId('pay-notify'));
      fireEvent.click(within(dialog).getByTestId('pay-submit'));

      expect(await within(dialog).findByTestId('pay-conflict')).toBeTruthy();
      expect(calls[0]!.body).toEqual({
        providerId: 'pr-1',
        consignmentIds: ['c-1', 'c-2'],
        paymentMethod: 'bizum',
        paymentDate: '2026-01-06',
        notes: 'January',
        notifyProvider: false,
      });
      // The refreshed list drops the one paid meanwhile, and its check.
      await waitFor(() =>
        expect(
          within(dialog)
            .getAllByTestId('pay-consignment')
            .map((o) => o.getAttribute('data-id')),
        ).toEqual(['c-1']),
      );
      expect(within(dialog).getByTestId('pay-total').textContent).toBe('Total: €120.50 (1 consignment)');

      fireEvent.click(within(dialog).getByTestId('pay-submit'));
      await waitFor(() => expect(calls).toHaveLength(2));
      expect(calls[1]!.body).toMatchObject({ providerId: 'pr-1', consignmentIds: ['c-1'] });
      expect(calls[0]!.key).toBeTruthy();
      // A different set of consignments is a different request: a new key.
      expect(calls[1]!.key).not.toBe(calls[0]!.key);
      expect(await screen.findByText('Payment of €120.50 recorded')).toBeTruthy();
      await waitFor(() => expect(screen.queryByTestId('pay-provider-dialog')).toBeNull());
      expect(await screen.findByText('You owe nothing to your providers.')).toBeTruthy();
    },
    SLOW,
  );

  it(
    'shows a payment: every field, what it settled, the email and the provider',
    async () => {
      renderApp(
        '/dashboard/payments/pay-1',
        api((url) => (url.pathname === '/api/payments/pay-1' ? Response.json({ payment }) : undefined)),
        signedIn,
      );
      const detail = await screen.findByTestId('payment-detail', {}, { timeout: 20_000 });
      expect(within(detail).getByRole('heading', { level: 1 }).textContent).toBe('Payment to Ana García');
      expect(within(detail).getByTestId('payment-total').textContent).toBe('€120.50');
      expect(within(detail).getByText('Bizum')).toBeTruthy();
      expect(within(detail).getByText('January')).toBeTruthy();
      expect(within(detail).getByTestId('payment-email-status').textContent).toMatch(/^Sent \(/);
      expect(within(detail).getByTestId('payment-provider-link').getAttribute('href')).toBe(
        '/dashboard/providers/pr-1',
      );
      expect(within(detail).getAllByTestId('payment-consignment')).toHaveLength(1);
      expect(within(detail).getByText('Settles 1 consignment')).toBeTruthy();
    },
    SLOW,
  );

  it(
    'says when a payment does not exist',
    async () => {
      renderApp(
        '/dashboard/payments/nope',
        api(() => undefined),
        signedIn,
      );
      expect(await screen.findByText('Payment not found', {}, { timeout: 20_000 })).toBeTruthy();
    },
    SLOW,
  );

  it(
    "shows the provider's balance, pays it from its page and badges paid consignments",
    async () => {
      let paid = false;
      renderApp(
        '/dashboard/providers/pr-1',
        api((url, init) => {
          if (url.pathname === '/api/providers/pr-1') return Response.json({ provider: ana });
          if (url.pathname === '/api/provider-balances')
            return Response.json({
              balances: paid ? [] : [{ providerId: 'pr-1', currency: 'EUR', owed: 12050, unpaidCount: 1 }],
            });
          if (url.pathname === '/api/providers/pr-1/consignments')
            return Response.json({
              consignments: paid ? [{ ...c1, paymentId: 'pay-1', paidAt: '2026-01-06T10:00:00Z' }] : [c1],
            });
          if (url.pathname === '/api/payments' && init?.method === 'POST') {
            paid = true;
            return Response.json({ payment });
          }
          return undefined;
        }),
        signedIn,
      );
      const card = await screen.findByTestId('provider-balance', {}, { timeout: 20_000 });
      expect((await within(card).findByTestId('provider-balance-owed')).textContent).toContain('€120.50');
      const row = await screen.findByTestId('consignment-row');
      expect(within(row).queryByTestId('consignment-paid')).toBeNull();

      fireEvent.click(within(card).getByTestId('provider-pay'));
      const dialog = await screen.findByTestId('pay-provider-dialog');
      expect(within(dialog).queryByTestId('pay-provider')).toBeNull();
      fireEvent.click(await within(dialog).findByTestId('pay-consignment-check'));
      fireEvent.click(within(dialog).getByTestId('pay-submit'));
      expect(await screen.findByText('Payment of €120.50 recorded')).toBeTruthy();
      await waitFor(() =>
        expect(within(card).getByTestId('provider-balance-owed').textContent).toBe('Nothing owed'),
      );
      expect(
        await within(screen.getByTestId('consignment-row')).findByTestId('consignment-paid'),
      ).toBeTruthy();
      expect(within(screen.getByTestId('consignment-row')).getByTestId('consignment-paid').textContent).toBe(
        'Paid',
      );
    },
    SLOW,
  );
});
