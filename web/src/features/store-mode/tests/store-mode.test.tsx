import 'fake-indexeddb/auto';
import { describe, expect, it, onTestFinished } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DEMO, type UserProfile } from '@sneakers/shared';
import '../../../test/setup';
import { renderApp, type Route } from '../../../test/render-app';
import { demoFallbackProfile } from '../../../lib/demo/demo-fallback-profile';
import { counterItem } from './fixtures';

const profileOf = (userId: string): UserProfile => ({
  ...demoFallbackProfile(new Date('2026-01-01T00:00:00Z')),
  id: `p-${userId}`,
  userId,
  role: 'store',
  businessName: 'Kicks Madrid',
  currency: 'EUR',
});

interface Posted {
  body: Record<string, unknown>;
  key: string | null;
}

/** The counter's API: its stock, no clients, and the sales endpoint answering `sale`. */
function counterApi(
  userId: string,
  sale: (posted: Posted) => Response | Promise<Response>,
): { route: Route; posted: Posted[] } {
  const posted: Posted[] = [];
  const clients: Record<string, unknown>[] = [
    {
      id: 'c-1',
      name: 'Lucía Fernández',
      email: 'lucia@example.com',
      phone: '+34 600 000 001',
      instagramHandle: null,
      bookingCount: 0,
      createdAt: 'x',
      updatedAt: 'x',
    },
  ];
  const route: Route = (url, init) => {
    if (url.pathname === '/api/profile') return Response.json({ profile: profileOf(userId) });
    if (url.pathname === '/api/store-mode/stock')
      return Response.json({ items: [counterItem()], cursor: null });
    if (url.pathname === '/api/clients' && init?.method === 'POST') {
      const body = JSON.parse(String(init.body)) as Record<string, string>;
      const added = {
        id: 'c-new',
        ...body,
        instagramHandle: null,
        bookingCount: 0,
        createdAt: 'x',
        updatedAt: 'x',
      };
      clients.push(added);
      return Response.json({ client: added }, { status: 201 });
    }
    if (url.pathname === '/api/clients') return Response.json({ clients, cursor: null });
    if (url.pathname === '/api/sales' && init?.method === 'POST') {
      const entry = {
        body: JSON.parse(String(init.body)) as Record<string, unknown>,
        key: new Headers(init.headers).get('Idempotency-Key'),
      };
      posted.push(entry);
      return sale(entry);
    }
    return undefined;
  };
  return { route, posted };
}

/** The sale the API answers for a posted body. */
const recorded = (id: string, body: Record<string, unknown>) =>
  Response.json(
    {
      sale: {
        id,
        source: 'inventory',
        itemId: body.itemId,
        providerId: null,
        consignmentId: null,
        orderId: null,
        productCatalogId: 'prod-1',
        sku: 'DD1391-100',
        name: 'Dunk Low Panda',
        brand: 'Nike',
        colorway: 'White/Black',
        imageUrl: null,
        size: body.size,
        quantity: 1,
        salePrice: body.salePrice,
        purchasePrice: 9_000,
        fees: 0,
        profit: Number(body.salePrice) - 9_000,
        currency: 'EUR',
        saleDate: body.saleDate,
        clientId: body.clientId ?? null,
        buyerName: body.buyerName ?? 'A client',
        shippingCarrier: null,
        trackingNumber: null,
        notes: null,
        paymentMethod: body.paymentMethod,
        confirmationQueuedAt: null,
        createdAt: '2026-11-29T10:00:00.000Z',
        updatedAt: '2026-11-29T10:00:00.000Z',
      },
    },
    { status: 201 },
  );

const signedIn = (userId: string) => ({
  status: 'signed-in' as const,
  userId,
  email: `${userId}@example.com`,
});

async function scan(code: string) {
  fireEvent.change(await screen.findByTestId('store-mode-code', {}, { timeout: 15_000 }), {
    target: { value: code },
  });
  fireEvent.click(screen.getByTestId('store-mode-find'));
}

describe('store mode', { timeout: 40_000 }, () => {
  it('scans a UPC into the basket at its asking price and sells it with cash in one tap, once', async () => {
    const { route, posted } = counterApi('u-sell', ({ body }) => recorded('s-1', body));
    renderApp('/dashboard/store-mode', route, signedIn('u-sell'));
    await scan('195866123456');
    const line = await screen.findByTestId('store-mode-basket-line');
    expect(line.textContent).toContain('Dunk Low Panda');
    expect(screen.getByTestId('store-mode-total').textContent).toBe('€150.00');

    fireEvent.click(screen.getByTestId('store-mode-pay-cash'));
    const receipt = await screen.findByTestId('store-mode-receipt');
    expect(receipt.textContent).toContain('Paid by Cash');
    expect(receipt.textContent).toContain('Walk-in customer');
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]!.body).toMatchObject({
      source: 'inventory',
      itemId: 'it-1',
      size: '42',
      salePrice: 15_000,
      paymentMethod: 'cash',
      buyerName: 'Walk-in customer',
    });
    expect(posted[0]!.key).toMatch(/.{8,}/);
    // Sent and recorded: nothing waits on the device.
    await waitFor(() => expect(screen.queryByTestId('store-mode-outbox')).toBeNull());

    // The sold pair is not offered again while the stock refreshes; an unknown code asks the catalogue.
    fireEvent.click(screen.getByTestId('store-mode-next-sale'));
    await scan('4006381333931');
    const unknown = await screen.findByTestId('store-mode-unknown');
    await waitFor(() =>
      expect(unknown.textContent).toContain(
        'Nothing in your stock or the catalogue has the code 4006381333931',
      ),
    );
  });

  it('shows a pair sold elsewhere as a conflict to resolve, never a second sale', async () => {
    const { route, posted } = counterApi('u-conflict', () =>
      Response.json(
        { error: { code: 'ITEM_NOT_AVAILABLE', message: 'This pair is no longer available.' } },
        { status: 409 },
      ),
    );
    renderApp('/dashboard/store-mode', route, signedIn('u-conflict'));
    await scan('DD1391-100');
    // Two sizes of the style: the user picks one.
    const matches = await screen.findByTestId('store-mode-matches');
    fireEvent.click(within(matches).getAllByRole('button')[1]!);
    fireEvent.click(await screen.findByTestId('store-mode-pay-card'));
    const entry = await screen.findByTestId('store-mode-outbox-entry');
    await waitFor(() => expect(entry.getAttribute('data-state')).toBe('conflict'));
    expect(entry.textContent).toContain('Sold elsewhere');
    expect(posted).toHaveLength(1);
    expect(posted[0]!.body).toMatchObject({ size: '43', paymentMethod: 'card' });
    fireEvent.click(within(entry).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByTestId('store-mode-outbox')).toBeNull());
  });

  it('keeps a sale made offline waiting with its key, and sends it with the same key when back online', async () => {
    let online = false;
    const { route, posted } = counterApi('u-offline', ({ body }) => {
      // Offline, fetch itself fails.
      if (!online) throw new TypeError('Failed to fetch');
      return recorded('s-9', body);
    });
    renderApp('/dashboard/store-mode', route, signedIn('u-offline'));
    await scan('195866123463');
    fireEvent.click(await screen.findByTestId('store-mode-pay-transfer'));
    await screen.findByTestId('store-mode-receipt');
    const entry = await screen.findByTestId('store-mode-outbox-entry');
    expect(entry.getAttribute('data-state')).toBe('waiting');
    expect(screen.getByTestId('store-mode-waiting').textContent).toBe('1 sale waiting to sync');

    online = true;
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(screen.queryByTestId('store-mode-outbox')).toBeNull());
    expect(posted.length).toBeGreaterThanOrEqual(2);
    expect(new Set(posted.map((p) => p.key)).size).toBe(1);
  });

  it('is for stores: a reseller is told so', async () => {
    renderApp(
      '/dashboard/store-mode',
      (url) =>
        url.pathname === '/api/profile'
          ? Response.json({ profile: { ...profileOf('u-res'), role: 'reseller' } })
          : undefined,
      signedIn('u-res'),
    );
    expect(
      (await screen.findByTestId('store-mode-stores-only', {}, { timeout: 15_000 })).textContent,
    ).toContain('Store mode is for stores');
  });

  it('refuses a sale in Try Demo with the demo toast, keeping nothing on the device', async () => {
    window.localStorage.setItem('demo_mode', 'true');
    onTestFinished(() => window.localStorage.removeItem('demo_mode'));
    const { route, posted } = counterApi(DEMO.userId, ({ body }) => recorded('s-demo', body));
    renderApp('/dashboard/store-mode', route);
    await scan('195866123456');
    fireEvent.click(await screen.findByTestId('store-mode-pay-cash'));
    expect(await screen.findByText('Demo mode: changes cannot be saved')).toBeTruthy();
    expect(screen.queryByTestId('store-mode-receipt')).toBeNull();
    expect(screen.queryByTestId('store-mode-outbox')).toBeNull();
    expect(posted).toHaveLength(0);
  });

  it('sells to a client found by name, or to one added on the spot', async () => {
    const { route, posted } = counterApi('u-client', ({ body }) => recorded('s-c', body));
    renderApp('/dashboard/store-mode', route, signedIn('u-client'));
    await scan('195866123456');
    fireEvent.change(await screen.findByTestId('store-mode-client-search'), { target: { value: 'lucía' } });
    fireEvent.click(await screen.findByRole('button', { name: /Lucía Fernández/ }));
    expect(screen.getByTestId('store-mode-client-chosen').textContent).toContain('Client: Lucía Fernández');
    fireEvent.click(screen.getByTestId('store-mode-pay-card'));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]!.body).toMatchObject({ clientId: 'c-1', paymentMethod: 'card' });
    expect(posted[0]!.body).not.toHaveProperty('buyerName');

    fireEvent.click(await screen.findByTestId('store-mode-next-sale'));
    await scan('195866123463');
    fireEvent.click(await screen.findByTestId('store-mode-add-client'));
    const form = screen.getByTestId('store-mode-quick-add');
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Marco Rossi' } });
    fireEvent.change(within(form).getByLabelText('Email'), { target: { value: 'marco@example.com' } });
    fireEvent.change(within(form).getByLabelText('Phone'), { target: { value: '+39 333 000 1111' } });
    fireEvent.click(within(form).getByTestId('store-mode-quick-add-save'));
    expect((await screen.findByTestId('store-mode-client-chosen')).textContent).toContain('Marco Rossi');
    fireEvent.click(screen.getByTestId('store-mode-pay-cash'));
    await waitFor(() => expect(posted).toHaveLength(2));
    expect(posted[1]!.body).toMatchObject({ clientId: 'c-new', size: '43' });
  });
});
