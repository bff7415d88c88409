import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import '../../../test/setup';
import type { Client, Order, SharedOrder, UserProfile } from '@sneakers/shared';
import { demoFallbackProfile } from '../../../lib/demo/demo-fallback-profile';
import { recordInvalidations } from '../../../test/invalidations';
import { renderApp, type Route } from '../../../test/render-app';

const signedIn = { status: 'signed-in' as const, userId: 'u-1', email: 'kicks@example.com' };
const profile: UserProfile = {
  ...demoFallbackProfile(new Date('2026-01-01T00:00:00Z')),
  id: 'p-1',
  userId: 'u-1',
  businessName: 'Kicks Madrid',
};
const SHARE_ID = 'AbCdEfGhIjKlMnOpQrStUv';
const order = (changes: Partial<Order> = {}): Order => ({
  id: 'or-1',
  kind: 'sale',
  status: 'pending',
  storeUserId: 'u-1',
  storeBusinessName: 'Kicks Madrid',
  counterparty: {
    kind: 'client',
    clientId: 'c-1',
    userId: null,
    name: 'Ana Client',
    email: 'ana@example.com',
  },
  lines: [
    {
      id: 'l-1',
      productCatalogId: null,
      productVariantId: null,
      itemId: null,
      sku: 'dd1391-100',
      name: 'Dunk Low Panda',
      brand: 'Nike',
      colorway: 'White/Black',
      imageUrl: null,
      size: '42',
      quantity: 2,
      unitPrice: 12000,
      unitCost: 9000,
    },
    {
      id: 'l-2',
      productCatalogId: null,
      productVariantId: null,
      itemId: null,
      sku: 'id2',
      name: 'Samba OG',
      brand: 'adidas',
      colorway: '',
      imageUrl: null,
      size: '44',
      quantity: 1,
      unitPrice: 10000,
      unitCost: null,
    },
  ],
  currency: 'EUR',
  total: 34000,
  notes: 'Call before shipping',
  shareId: SHARE_ID,
  offerGroupId: null,
  anonymousOfferId: null,
  saleIds: [],
  fulfilledAt: null,
  channel: 'dashboard',
  buyer: null,
  paymentReference: null,
  viewerRole: 'store',
  createdAt: '2026-02-01T10:00:00Z',
  updatedAt: '2026-02-01T10:00:00Z',
  ...changes,
});

type Call = { method: string; path: string; search: URLSearchParams; body: unknown; headers: Headers };

function api(calls: Call[], extra: Route = () => undefined): Route {
  return (url, init) => {
    const text = init?.body ? String(init.body) : '';
    calls.push({
      method: init?.method ?? 'GET',
      path: url.pathname,
      search: url.searchParams,
      body: text ? JSON.parse(text) : undefined,
      headers: new Headers(init?.headers),
    });
    const answer = extra(url, init);
    if (answer) return answer;
    if (url.pathname === '/api/profile') return Response.json({ profile });
    return undefined;
  };
}

describe('orders section', () => {
  it('lists my orders with counterparty, lines, total and status; partners and status go to the API', async () => {
    const calls: Call[] = [];
    renderApp(
      '/dashboard/orders',
      api(calls, (url) => {
        if (url.pathname !== '/api/orders') return undefined;
        if (url.searchParams.get('side') === 'partner')
          return Response.json({
            orders: [
              order({
                id: 'or-9',
                kind: 'purchase',
                storeBusinessName: 'Sneaker Hub',
                viewerRole: 'partner',
                counterparty: {
                  kind: 'user',
                  clientId: null,
                  userId: 'u-1',
                  name: 'Kicks Madrid',
                  email: null,
                },
              }),
            ],
            cursor: null,
          });
        if (url.searchParams.get('status') === 'cancelled')
          return Response.json({ orders: [], cursor: null });
        return Response.json({ orders: [order()], cursor: null });
      }),
      signedIn,
    );
    const row = await screen.findByTestId('order-row', {}, { timeout: 20_000 });
    expect(within(row).getByTestId('order-counterparty').textContent).toBe('Ana Client');
    expect(within(row).getByTestId('order-counterparty').getAttribute('href')).toBe('/dashboard/order/or-1');
    expect(within(row).getByTestId('order-status').textContent).toBe('Pending');
    expect(within(row).getByTestId('order-total').textContent).toBe('€340.00');
    expect(row.textContent).toContain('2 items');
    expect(within(row).queryByTestId('order-channel')).toBeNull();

    fireEvent.click(screen.getByTestId('orders-tab-partner'));
    const partnerRow = await screen.findByTestId('order-row');
    await waitFor(() =>
      expect(within(screen.getByTestId('order-row')).getByTestId('order-counterparty').textContent).toBe(
        'Sneaker Hub',
      ),
    );
    expect(partnerRow).toBeTruthy();
    expect(screen.queryByTestId('order-add')).toBeNull();

    fireEvent.click(screen.getByTestId('orders-tab-store'));
    fireEvent.change(await screen.findByTestId('orders-status-filter'), { target: { value: 'cancelled' } });
    expect(await screen.findByTestId('orders-empty')).toBeTruthy();
    const lists = calls.filter((c) => c.path === '/api/orders').map((c) => c.search.toString());
    expect(lists).toContain('side=store&limit=50');
    expect(lists).toContain('side=partner&limit=50');
    expect(lists).toContain('side=store&status=cancelled&limit=50');
  }, 20_000);

  it('offers only the next statuses the rules allow, asks before cancelling, and fulfils a paid order once confirmed', async () => {
    const calls: Call[] = [];
    let current = order();
    const { queryClient } = renderApp(
      '/dashboard/order/or-1',
      api(calls, (url, init) => {
        if (url.pathname === '/api/orders/or-1' && init?.method === 'PATCH') {
          current = {
            ...current,
            ...(JSON.parse(String(init.body)) as Partial<Order>),
            updatedAt: '2026-02-02T00:00:00Z',
          };
          return Response.json({ order: current });
        }
        if (url.pathname === '/api/orders/or-1/fulfil') {
          current = { ...current, saleIds: ['s-1', 's-2'], fulfilledAt: '2026-02-03T00:00:00Z' };
          return Response.json({ order: current, sales: [] });
        }
        if (url.pathname === '/api/orders/or-1') return Response.json({ order: current });
        return undefined;
      }),
      signedIn,
    );
    const invalidated = recordInvalidations(queryClient);
    const detail = await screen.findByTestId('order-detail', {}, { timeout: 20_000 });
    expect(within(detail).getAllByTestId('order-line')).toHaveLength(2);
    expect(within(detail).getByTestId('order-detail-total').textContent).toBe('€340.00');
    expect(detail.textContent).toContain('cost €90.00');
    expect(within(detail).getByTestId('order-share-link').getAttribute('href')).toBe(
      `${window.location.origin}/orders/${SHARE_ID}`,
    );
    expect(within(detail).getByTestId('order-status-paid')).toBeTruthy();
    expect(within(detail).getByTestId('order-status-cancelled')).toBeTruthy();
    expect(within(detail).queryByTestId('order-status-shipped')).toBeNull();
    expect(within(detail).queryByTestId('order-fulfil')).toBeNull();

    fireEvent.click(within(detail).getByTestId('order-status-cancelled'));
    expect(await screen.findByTestId('order-cancel-dialog')).toBeTruthy();
    fireEvent.click(screen.getByText('Cancel', { selector: 'button' }));
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);

    fireEvent.click(within(detail).getByTestId('order-status-paid'));
    await waitFor(() => expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ status: 'paid' }));
    const fulfil = await screen.findByTestId('order-fulfil');
    expect(screen.getByTestId('order-status-shipped')).toBeTruthy();
    fireEvent.click(fulfil);
    expect(calls.some((c) => c.path.endsWith('/fulfil'))).toBe(false);
    fireEvent.click(
      within(await screen.findByTestId('order-fulfil-dialog')).getByTestId('order-fulfil-confirm'),
    );
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/orders/or-1/fulfil')).toHaveLength(1));
    const sales = await screen.findByTestId('order-sales');
    expect(
      within(sales)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/dashboard/sale/s-1', '/dashboard/sale/s-2']);
    // Its sales land in the sales lists and the overview's revenue and profit.
    expect(invalidated).toContainEqual(['sales']);
    expect(invalidated).toContainEqual(['overview']);
    await waitFor(() => expect(screen.queryByTestId('order-fulfil')).toBeNull());
    // A fulfilled order can no longer be cancelled: its sales stay recorded.
    expect(screen.queryByTestId('order-status-cancelled')).toBeNull();
  }, 20_000);

  it('shows the partner a read-only order: no status buttons, notes editor, costs or share link', async () => {
    renderApp(
      '/dashboard/order/or-9',
      api([], (url) =>
        url.pathname === '/api/orders/or-9'
          ? Response.json({
              order: order({
                id: 'or-9',
                kind: 'purchase',
                status: 'paid',
                storeBusinessName: 'Sneaker Hub',
                viewerRole: 'partner',
                paymentReference: 'pi_999',
              }),
            })
          : undefined,
      ),
      signedIn,
    );
    const detail = await screen.findByTestId('order-detail', {}, { timeout: 20_000 });
    expect(within(detail).getByTestId('order-detail-counterparty').textContent).toBe('Sneaker Hub');
    expect(within(detail).queryByTestId('order-detail-payment')).toBeNull();
    expect(within(detail).getByTestId('order-partner-note')).toBeTruthy();
    expect(within(detail).queryByTestId('order-actions')).toBeNull();
    expect(within(detail).queryByTestId('order-notes')).toBeNull();
    expect(within(detail).queryByTestId('order-share')).toBeNull();
    expect(detail.textContent).not.toContain('cost €90.00');
    expect(detail.textContent).not.toContain('ana@example.com');
  }, 20_000);

  it('marks an online order in the list', async () => {
    renderApp(
      '/dashboard/orders',
      api([], (url) =>
        url.pathname === '/api/orders'
          ? Response.json({ orders: [order({ status: 'paid', channel: 'storefront' })], cursor: null })
          : undefined,
      ),
      signedIn,
    );
    const row = await screen.findByTestId('order-row', {}, { timeout: 20_000 });
    expect(within(row).getByTestId('order-channel').textContent).toBe('Online store');
  }, 20_000);

  it("shows an online order's channel, buyer's phone, shipping address and payment reference to the store", async () => {
    renderApp(
      '/dashboard/order/or-5',
      api([], (url) =>
        url.pathname === '/api/orders/or-5'
          ? Response.json({
              order: order({
                id: 'or-5',
                status: 'paid',
                channel: 'storefront',
                counterparty: {
                  kind: 'contact',
                  clientId: null,
                  userId: null,
                  name: 'Lucía Fernández',
                  email: 'lucia@example.com',
                },
                buyer: {
                  phone: '+34 600 111 222',
                  shipping: {
                    line1: 'Calle Mayor 1',
                    line2: '3º B',
                    city: 'Madrid',
                    postalCode: '28013',
                    country: 'ES',
                  },
                  locale: 'es',
                },
                paymentReference: 'pi_123',
              }),
            })
          : undefined,
      ),
      signedIn,
    );
    const detail = await screen.findByTestId('order-detail', {}, { timeout: 20_000 });
    expect(within(detail).getByTestId('order-detail-channel').textContent).toBe('Online store');
    expect(within(detail).getByTestId('order-detail-shipping').textContent).toBe(
      'Calle Mayor 1\n3º B\n28013 Madrid\nES',
    );
    expect(within(detail).getByText('+34 600 111 222').getAttribute('href')).toBe('tel:+34600111222');
    expect(within(detail).getByTestId('order-detail-payment').textContent).toBe('pi_123');
    expect(detail.textContent).toContain('lucia@example.com');
  }, 20_000);

  it('says so when the order is not there', async () => {
    renderApp('/dashboard/order/nope', api([]), signedIn);
    expect(await screen.findByTestId('order-not-found', {}, { timeout: 20_000 })).toBeTruthy();
  }, 20_000);
});

describe('/add-order', () => {
  const client = (id: string, name: string): Client => ({
    id,
    name,
    email: `${id}@example.com`,
    phone: '+34 600',
    instagramHandle: null,
    bookingCount: 0,
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-01T00:00:00Z',
  });
  const clients = [client('c-2', 'Zoe'), client('c-1', 'Ana Client')];

  it('checks the lines, keeps a running total and creates the order once with an Idempotency-Key', async () => {
    const calls: Call[] = [];
    const { router } = renderApp(
      '/add-order',
      api(calls, (url, init) => {
        if (url.pathname === '/api/clients') return Response.json({ clients, cursor: null });
        if (url.pathname === '/api/orders' && init?.method === 'POST')
          return Response.json({ order: order({ id: 'or-7' }) }, { status: 201 });
        if (url.pathname === '/api/orders/or-7') return Response.json({ order: order({ id: 'or-7' }) });
        return undefined;
      }),
      signedIn,
    );
    const form = await screen.findByTestId('order-form', {}, { timeout: 20_000 });
    await waitFor(() =>
      expect(
        within(screen.getByTestId('order-form-client'))
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Select a client', 'Ana Client', 'Zoe']),
    );
    fireEvent.click(within(form).getByTestId('order-form-submit'));
    expect(await within(form).findByText('Select a client', { selector: 'p' })).toBeTruthy();
    expect(within(form).getByText('Product is required', { selector: 'p' })).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(screen.getByTestId('order-form-client'), { target: { value: 'c-1' } });
    const fill = (line: HTMLElement, values: Record<string, string>) => {
      for (const [field, value] of Object.entries(values))
        fireEvent.change(within(line).getByTestId(`order-line-${field}`), { target: { value } });
    };
    // The catalogue picker offers "Enter details manually"; the fields are there until a pick.
    const [first] = await within(form).findAllByTestId('order-form-line');
    fill(first!, {
      sku: 'DD1391-100',
      name: 'Dunk Low',
      size: '42',
      quantity: '2',
      unitPrice: '120',
      unitCost: '90',
    });
    expect(screen.getByTestId('order-form-total').textContent).toBe('€240.00');

    fireEvent.click(screen.getByTestId('order-form-add-line'));
    const lines = within(form).getAllByTestId('order-form-line');
    expect(lines).toHaveLength(2);
    fill(lines[1]!, { sku: 'ID2', name: 'Samba', size: '44', quantity: '1', unitPrice: '100.5' });
    expect(screen.getByTestId('order-form-total').textContent).toBe('€340.50');
    fireEvent.click(within(lines[1]!).getByTestId('order-line-remove'));
    expect(within(form).getAllByTestId('order-form-line')).toHaveLength(1);
    expect(screen.getByTestId('order-form-total').textContent).toBe('€240.00');

    fireEvent.click(within(form).getByTestId('order-form-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/order/or-7'));
    const posts = calls.filter((c) => c.method === 'POST' && c.path === '/api/orders');
    expect(posts).toHaveLength(1);
    expect(posts[0]!.headers.get('idempotency-key')).toBeTruthy();
    expect(posts[0]!.body).toEqual({
      clientId: 'c-1',
      currency: 'EUR',
      notes: null,
      lines: [
        {
          productCatalogId: null,
          productVariantId: null,
          sku: 'DD1391-100',
          name: 'Dunk Low',
          brand: '',
          colorway: '',
          imageUrl: null,
          size: '42',
          quantity: 2,
          unitPrice: 12000,
          unitCost: 9000,
        },
      ],
    });
  }, 30_000);

  it("puts the API's field errors on their line", async () => {
    renderApp(
      '/add-order',
      api([], (url, init) => {
        if (url.pathname === '/api/clients') return Response.json({ clients, cursor: null });
        if (url.pathname === '/api/orders' && init?.method === 'POST')
          return Response.json(
            {
              error: {
                code: 'VALIDATION_FAILED',
                message: 'The request is not valid.',
                fields: { 'lines.0.size': ['Size is too long'] },
              },
            },
            { status: 400 },
          );
        return undefined;
      }),
      signedIn,
    );
    const form = await screen.findByTestId('order-form', {}, { timeout: 20_000 });
    await waitFor(() => expect(within(form).getAllByRole('option')).toHaveLength(3));
    fireEvent.change(screen.getByTestId('order-form-client'), { target: { value: 'c-1' } });
    const [line] = within(form).getAllByTestId('order-form-line');
    for (const [field, value] of Object.entries({ sku: 'X1', name: 'Dunk', size: '42', unitPrice: '10' }))
      fireEvent.change(within(line!).getByTestId(`order-line-${field}`), { target: { value } });
    fireEvent.click(within(form).getByTestId('order-form-submit'));
    expect(await within(line!).findByText('Size is too long')).toBeTruthy();
  }, 30_000);

  it('sends a visitor without a session to sign in', async () => {
    const { router } = renderApp('/add-order');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
  }, 20_000);
});

describe('/orders/{shareId}', () => {
  const shared: SharedOrder = {
    kind: 'sale',
    status: 'shipped',
    storeBusinessName: 'Kicks Madrid',
    lines: [
      {
        sku: 'dd1391-100',
        name: 'Dunk Low Panda',
        brand: 'Nike',
        colorway: 'White/Black',
        imageUrl: null,
        size: '42',
        quantity: 2,
        unitPrice: 12000,
      },
    ],
    currency: 'EUR',
    total: 24000,
    createdAt: '2026-02-01T10:00:00Z',
    updatedAt: '2026-02-02T10:00:00Z',
  };

  it('shows the order signed out: store, status, lines and total', async () => {
    renderApp(`/orders/${SHARE_ID}`, (url) =>
      url.pathname === `/api/shared-orders/${SHARE_ID}` ? Response.json({ order: shared }) : undefined,
    );
    const page = await screen.findByTestId('shared-order', {}, { timeout: 20_000 });
    expect(within(page).getByTestId('shared-order-store').textContent).toBe('Kicks Madrid');
    expect(within(page).getByTestId('order-status').textContent).toBe('Shipped');
    expect(within(page).getAllByTestId('shared-order-line')).toHaveLength(1);
    expect(within(page).getByTestId('shared-order-total').textContent).toBe('€240.00');
  }, 20_000);

  it('says the order is not found for an unknown or malformed link', async () => {
    renderApp('/orders/short');
    expect(await screen.findByTestId('shared-order-not-found', {}, { timeout: 20_000 })).toBeTruthy();
  }, 20_000);
});
